/**
 * Lighthouse's default mobile profile (simulated slow 4G, CPU slowed 4×) on every console page,
 * signed in as the demo admin, against the production build, beside a bare Next.js page of the
 * same versions (bare-next.ts) measured in the same runs: the pages are audited in turn, run after
 * run, so that each page and the bare page see the same hours of this shared machine. Per page:
 * performance score, LCP and TBT (the median of `runs`), and TBT ÷ the bare page's TBT. Where a
 * page misses the targets (LCP < 2.5 s, TBT ≤ 1.5 × the bare page's), the scripts that cost the
 * most main-thread time are listed from the `bootup-time` audit.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { CHROMIUM_PATH } from '../../e2e/chromium';
import { csrfFor, httpSignIn } from '../../e2e/http-sign-in';
import { sandboxControls } from '../../lib/sandbox/control-client';
import { DEMO_DELEGATES, DEMO_PARTNER } from '../../lib/sandbox/seed/demo';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../lib/server/auth/demo-accounts';
import { partnerClient } from '../partner-client';
import { median, round } from '../stats';

export const LCP_TARGET_MS = 2500;
export const TBT_TARGET_MS = 300;
/** A console page's TBT over the bare Next.js page's, at most. */
export const TBT_RATIO_TARGET = 1.5;
/** What one view of the overview may read on the demo world (docs/architecture.md, The pages; e2e/overview.spec.ts). */
export const OVERVIEW_REQUEST_BUDGET = 12;

export interface LighthousePage {
  page: string;
  /** TBT ÷ the bare Next.js page's TBT (medians); null for the bare page, or when its TBT was 0 */
  tbt_ratio_to_bare?: number | null;
  path: string;
  runs: number;
  performance: number;
  lcp_ms: number;
  tbt_ms: number;
  /**
   * per run, as measured, with Lighthouse's CPU benchmark index of the machine at that run (higher
   * is faster), and the largest contentful paint's element (its label, from the LCP breakdown)
   */
  samples: { performance: number; lcp_ms: number; tbt_ms: number; benchmark_index: number; lcp_element: string }[];
  /** main-thread time by category and the costliest scripts, of the median run */
  main_thread_ms: Record<string, number>;
  bootup: { url: string; total_ms: number; scripting_ms: number }[];
}

export interface LighthouseFigures {
  measured_at: string;
  /** API requests of one view of the overview on the demo world (its budget: OVERVIEW_REQUEST_BUDGET) */
  overview_api_requests: number;
  lighthouse: string;
  profile: string;
  /** the bare Next.js page, audited in the same runs */
  bare: LighthousePage | null;
  pages: LighthousePage[];
  /** audits that failed (after Lighthouse's own retries), left out of the medians */
  failures: string[];
}

/** The demo admin's session cookies (`name=value`), as a browser holds them after signing in. */
async function adminCookies(base: string): Promise<string[]> {
  const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;
  const csrf = await csrfFor(undefined, base);
  const answer = await httpSignIn(admin.email, DEMO_PASSWORD, { base, csrf, headers: { Origin: base } });
  if (answer.error || !answer.cookies.some((c) => c.includes('session-token')))
    throw new Error(`sign-in as ${admin.email} failed: ${answer.error ?? 'no session cookie'}`);
  return answer.cookies;
}

/**
 * Puts `cookies` in the browser's own cookie jar for `base`, as signing in there would: every
 * request of the page sends them (its event stream's and its session checks' too), and Lighthouse
 * keeps cookies from run to run (it clears caches and storage, not cookies). A Cookie header given
 * to Lighthouse (`extraHeaders`) is not sent with every request: a page that checked its session
 * as Lighthouse left it (the event stream closed, `/api/auth/session` asked without the cookie) was
 * told it was signed out and went to the sign-in page.
 */
async function putCookies(port: number, base: string, cookies: string[]): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  try {
    const answered = new Promise<{ error?: { message: string } }>((resolve) =>
      socket.addEventListener('message', (e) => resolve(JSON.parse(String(e.data))), { once: true }),
    );
    const pairs = cookies.map((c) => {
      const at = c.indexOf('=');
      return { name: c.slice(0, at), value: c.slice(at + 1), url: base, httpOnly: true, sameSite: 'Lax' };
    });
    socket.send(JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies: pairs } }));
    const answer = await answered;
    if (answer.error) throw new Error(`the browser took no cookie: ${answer.error.message}`);
  } finally {
    socket.close();
  }
}

/** A confirmed reservation of the default entity, read from the sandbox as the dashboard's credentials would. */
async function aReservation(sandboxUrl: string): Promise<string> {
  const page = await partnerClient(sandboxUrl).listReservations({
    filters: [{ attribute: 'status', modifier: 'eq', value: 'confirmed' }],
    sort: '-date',
    limit: 1,
  });
  const id = page.data[0]?.id;
  if (!id) throw new Error('no reservation in the sandbox to measure');
  return id;
}

/** Trace failures Lighthouse itself says to run again for. */
const RETRYABLE = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_LCP']);

/** One Lighthouse run (its defaults: the mobile form factor with simulated throttling, slow 4G and CPU 4×), run again up to twice when its trace failed. */
async function audit(url: string, port: number) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const error = result.lhr.runtimeError;
    if (!error) return result.lhr;
    if (!RETRYABLE.has(error.code) || attempt === 3) throw new Error(`${url}: ${error.code} ${error.message}`);
  }
}

/**
 * The API requests one server render of the overview sends, counted in the sandbox's log once the
 * server is quiet; the background sync's (its User-Agent ends in `(sync)`) are not the page's.
 */
async function overviewRequests(base: string, sandboxUrl: string, cookie: string): Promise<number> {
  const controls = sandboxControls(sandboxUrl);
  const view = async () => (await fetch(`${base}/`, { headers: { Cookie: cookie } })).text();
  await view();
  const mark = await controls.requestMark();
  await view();
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return (await controls.requests(mark)).filter((r) => r.path.startsWith('/v2/') && !r.user_agent?.endsWith('(sync)'))
    .length;
}

type Audits = Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>;

/** A venue of the default entity's organization, read from the sandbox. */
async function aVenue(sandboxUrl: string): Promise<string> {
  const id = (await partnerClient(sandboxUrl).listVenues({ limit: 1 })).data[0]?.id;
  if (!id) throw new Error('no venue in the sandbox to measure');
  return id;
}

/** Every console page by name, in the order they are audited (the names the navigation bench uses). */
/** The Lighthouse world: the demo's, with a full service today (400 more reservations of the default entity). */
export const LIGHTHOUSE_SANDBOX = { SANDBOX_BUSY_DAY: '400' };

export const LIGHTHOUSE_PAGES = [
  'overview',
  'today',
  'identity',
  'delegates',
  'a delegate',
  'entities',
  'an entity',
  'venues',
  'a venue',
  'markets',
  'reservations',
  'a reservation',
  'allocations',
  'activity',
  'team',
  'account',
] as const;

async function pagePaths(sandboxUrl: string): Promise<Record<(typeof LIGHTHOUSE_PAGES)[number], string>> {
  return {
    overview: '/',
    today: '/today',
    identity: '/identity',
    delegates: '/delegates',
    'a delegate': `/delegates/${DEMO_DELEGATES[0]!.identityId}`,
    entities: '/entities',
    'an entity': `/entities/${DEMO_PARTNER.defaultEntityId}`,
    venues: '/venues',
    'a venue': `/venues/${await aVenue(sandboxUrl)}`,
    markets: '/markets',
    reservations: '/reservations',
    'a reservation': `/reservations/${await aReservation(sandboxUrl)}`,
    allocations: '/allocations',
    activity: '/activity',
    team: '/team',
    account: '/account',
  };
}

type Run = {
  performance: number;
  lcp_ms: number;
  tbt_ms: number;
  benchmark_index: number;
  lcp_element: string;
  audits: Audits;
};

/** The LCP element's label (or selector), from the LCP breakdown insight's node item. */
function lcpElement(audits: Audits): string {
  const items = audits['lcp-breakdown-insight']?.details?.items ?? [];
  const node = items.find((it) => it.type === 'node');
  const label = String(node?.nodeLabel ?? node?.selector ?? '');
  return label.length > 80 ? `${label.slice(0, 79)}…` : label;
}

/** One page's runs as its figures: the medians, each run, and the main thread of the median run. */
function pageFigures(page: string, path: string, base: string, runs: Run[]): LighthousePage {
  const byLcp = [...runs].sort((a, b) => a.lcp_ms - b.lcp_ms);
  const mid = byLcp[Math.floor((byLcp.length - 1) / 2)];
  const breakdown = Object.fromEntries(
    (mid?.audits['mainthread-work-breakdown']?.details?.items ?? []).map((it) => [
      String(it.groupLabel ?? it.group),
      Math.round(Number(it.duration)),
    ]),
  );
  const bootup = (mid?.audits['bootup-time']?.details?.items ?? []).slice(0, 5).map((it) => ({
    url: String(it.url).replace(base, ''),
    total_ms: Math.round(Number(it.total)),
    scripting_ms: Math.round(Number(it.scripting)),
  }));
  return {
    page,
    path,
    runs: runs.length,
    performance: median(runs.map((r) => r.performance)),
    lcp_ms: median(runs.map((r) => r.lcp_ms)),
    tbt_ms: median(runs.map((r) => r.tbt_ms)),
    samples: runs.map(({ performance, lcp_ms, tbt_ms, benchmark_index, lcp_element }) => ({
      performance,
      lcp_ms,
      tbt_ms,
      benchmark_index,
      lcp_element,
    })),
    main_thread_ms: breakdown,
    bootup,
  };
}

export async function lighthouseFigures(opts: {
  base: string;
  sandboxUrl: string;
  /** the bare Next.js page's origin */
  bareBase: string;
  runs: number;
  /** page names (LIGHTHOUSE_PAGES) to audit; all when empty */
  pages?: string[];
  log?: (line: string) => void;
}): Promise<LighthouseFigures> {
  const log = opts.log ?? console.log;
  const unknown = (opts.pages ?? []).filter((n) => !(LIGHTHOUSE_PAGES as readonly string[]).includes(n));
  if (unknown.length) throw new Error(`unknown page ${unknown.join(', ')}: choose from ${LIGHTHOUSE_PAGES.join(', ')}`);
  const cookies = await adminCookies(opts.base);
  const overviewApiRequests = await overviewRequests(opts.base, opts.sandboxUrl, cookies.join('; '));
  log(`  overview on the demo world: ${overviewApiRequests} API requests per view (budget ${OVERVIEW_REQUEST_BUDGET})`);
  const paths = await pagePaths(opts.sandboxUrl);
  const chosen = LIGHTHOUSE_PAGES.filter((n) => !opts.pages?.length || opts.pages.includes(n));
  const targets = [
    { page: 'bare Next.js page', url: `${opts.bareBase}/`, path: '/', base: opts.bareBase, bare: true },
    ...chosen.map((page) => ({
      page,
      url: `${opts.base}${paths[page]}`,
      path: paths[page],
      base: opts.base,
      bare: false,
    })),
  ];
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox'],
  });
  let version = '';
  const runs = new Map<string, Run[]>(targets.map((t) => [t.page, []]));
  const failures: string[] = [];
  try {
    // Cookies are the host's, whatever the port: the bare page is sent them too, and reads none.
    await putCookies(chrome.port, opts.base, cookies);
    for (let i = 1; i <= opts.runs; i++) {
      for (const [n, t] of targets.entries()) {
        const at = `run ${i} of ${opts.runs}, ${n + 1} of ${targets.length}`;
        try {
          const lhr = await audit(t.url, chrome.port);
          version = lhr.lighthouseVersion;
          // signed in, not sent to the sign-in page
          if (!t.bare && new URL(lhr.finalDisplayedUrl).pathname.startsWith('/login'))
            throw new Error(`${t.path} was sent to the sign-in page: the session cookie did not reach it`);
          const audits = lhr.audits as unknown as Audits;
          const run: Run = {
            performance: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
            lcp_ms: Math.round(audits['largest-contentful-paint']?.numericValue ?? NaN),
            tbt_ms: Math.round(audits['total-blocking-time']?.numericValue ?? NaN),
            benchmark_index: Math.round(lhr.environment.benchmarkIndex),
            lcp_element: lcpElement(audits),
            audits,
          };
          runs.get(t.page)!.push(run);
          log(
            `  ${at}: ${t.page}: performance ${run.performance}, LCP ${run.lcp_ms} ms (${run.lcp_element || 'element unknown'}), TBT ${run.tbt_ms} ms`,
          );
        } catch (e) {
          const message = (e instanceof Error ? e.message : String(e)).split('\n')[0]!;
          if (message.includes('sign-in page')) throw e;
          failures.push(`${t.page}, run ${i}: ${message}`);
          log(`  ${at}: ${t.page}: failed (${message})`);
        }
      }
    }
  } finally {
    chrome.kill();
  }
  const [bareTarget, ...consoleTargets] = targets;
  const bareRuns = runs.get(bareTarget!.page)!;
  const bare = bareRuns.length ? pageFigures(bareTarget!.page, '/', opts.bareBase, bareRuns) : null;
  const out = consoleTargets
    .filter((t) => runs.get(t.page)!.length)
    .map((t) => {
      const entry = pageFigures(t.page, t.path, opts.base, runs.get(t.page)!);
      entry.tbt_ratio_to_bare = bare && bare.tbt_ms > 0 ? round(entry.tbt_ms / bare.tbt_ms, 2) : null;
      return entry;
    });
  if (bare) log(`  bare Next.js page: LCP ${bare.lcp_ms} ms, TBT ${bare.tbt_ms} ms (median of ${bare.runs})`);
  for (const entry of out) {
    const ratio = entry.tbt_ratio_to_bare;
    const misses = [
      entry.lcp_ms >= LCP_TARGET_MS && 'LCP',
      ratio !== null && ratio !== undefined && ratio > TBT_RATIO_TARGET && 'TBT ÷ bare',
    ].filter(Boolean);
    log(
      `  ${entry.page}: performance ${entry.performance}, LCP ${entry.lcp_ms} ms, TBT ${entry.tbt_ms} ms` +
        `${ratio === null || ratio === undefined ? '' : ` (${ratio} × bare)`} (median of ${entry.runs})` +
        (misses.length
          ? `; misses ${misses.join(' and ')}; costliest scripts: ${entry.bootup.map((b) => `${b.url} ${b.total_ms} ms`).join(', ')}`
          : ''),
    );
  }
  return {
    measured_at: new Date().toISOString(),
    overview_api_requests: overviewApiRequests,
    lighthouse: version,
    profile: 'Lighthouse default mobile: simulated slow 4G, CPU slowed 4×',
    bare,
    pages: out,
    failures,
  };
}

/** The Lighthouse table of docs/performance.md. */
export function lighthouseTable(f: LighthouseFigures, note: string, command: string): string[] {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  // Simulated throttling multiplies what this machine did, so how fast it was that hour matters.
  const all = [...(f.bare ? [f.bare] : []), ...f.pages];
  const index = median(all.flatMap((p) => p.samples.map((r) => r.benchmark_index)));
  const ratio = (p: LighthousePage) =>
    p.tbt_ratio_to_bare === null || p.tbt_ratio_to_bare === undefined
      ? '–'
      : `${p.tbt_ratio_to_bare}${p.tbt_ratio_to_bare > TBT_RATIO_TARGET ? ' ✗' : ''}`;
  const row = (p: LighthousePage, r: string) =>
    `| ${p.page} | ${p.performance} | ${s(p.lcp_ms)}${p.lcp_ms >= LCP_TARGET_MS ? ' ✗' : ''} | ${p.tbt_ms.toLocaleString('en')} ms | ${r} |`;
  return [
    `Lighthouse ${f.lighthouse}, ${f.profile}, signed in as the demo admin; median of ${all[0]?.runs ?? 0} run${all[0]?.runs === 1 ? '' : 's'}, measured ${f.measured_at.slice(0, 16).replace('T', ' ')} UTC with \`${command}\`, the pages audited in turn run after run beside a bare Next.js page (one heading and one paragraph, the same next and react, \`next start\`). ${note} Lighthouse's CPU benchmark index during the runs: median ${index.toLocaleString('en')} (higher is faster; on this machine it has ranged from about 1,200 to 4,000 from hour to hour).`,
    '',
    `| page | performance | LCP (target < ${s(LCP_TARGET_MS)}) | TBT | TBT ÷ bare page's (target ≤ ${TBT_RATIO_TARGET}) |`,
    '|---|---|---|---|---|',
    ...(f.bare ? [row(f.bare, '1')] : []),
    ...f.pages.map((p) => row(p, ratio(p))),
    '',
    `On this demo world (3,000 reservations) one view of the overview reads ${f.overview_api_requests} API requests (its budget is ${OVERVIEW_REQUEST_BUDGET}).` +
      (f.failures.length ? ` Audits that failed and are left out: ${f.failures.join('; ')}.` : ''),
  ];
}
