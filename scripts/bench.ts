/**
 * `npm run bench`: measures the product against a production build and a started sandbox, writes
 * bench/results/latest.json and the README's results table. Not part of `npm test` (these
 * machines are shared: figures are reported, never asserted, except the JS budget which e2e checks).
 *
 *   npm run bench [-- --no-build] [--runs 5] [--reservations 1000000] [--seconds 5] [--page-reservations 100000]
 *   npm run bench -- --grid-only    (the 2,000 × 25 grid alone, printed; nothing written)
 *   npm run bench -- --lighthouse-only [--lighthouse-runs 3] [--lighthouse-port 3810] [--lighthouse-sandbox-port 4810]
 */
import { randomBytes } from 'node:crypto';
import { cpus, tmpdir, totalmem } from 'node:os';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { buildActions } from '../e2e/action-list';
import { scriptBytes } from '../e2e/js-budget';
import { postAction } from '../e2e/server-actions';
import { createGuestbookClient } from '../lib/guestbook';
import { Secret } from '../lib/guestbook/secret';
import { sandboxControls, type LoggedRequest } from '../lib/sandbox/control-client';
import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { startSandbox } from '../lib/sandbox/server';
import { DEMO_ACCOUNTS } from '../lib/server/demo-accounts';
import { pagesDuringExport, type ExportFigures } from './bench-export';
import { lighthouseFigures, lighthouseTable } from './bench-lighthouse';
import { signInTiming, type SignInTiming } from './bench-sign-in';
import { NEXT_BIN, run, startProcess, type Started } from './processes';

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    reservations: { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '5' },
    'page-reservations': { type: 'string', default: '100000' },
    'grid-only': { type: 'boolean', default: false },
    'sign-in-only': { type: 'boolean', default: false },
    'export-only': { type: 'boolean', default: false },
    'lighthouse-only': { type: 'boolean', default: false },
    'lighthouse-runs': { type: 'string', default: '3' },
    'lighthouse-port': { type: 'string', default: '3810' },
    'lighthouse-sandbox-port': { type: 'string', default: '4810' },
  },
});
// The sandboxes started through scripts/run.ts take their control token from here.
process.env.SANDBOX_CONTROL_TOKEN ||= randomBytes(18).toString('base64url');
const RUNS = Number(values.runs);
/** INP samples per interaction: a p95 needs more than a handful (with 5, it is the maximum). */
const INTERACTIONS = Math.max(20, RUNS * 4);
const PORT = 3300;
const SANDBOX_PORT = 4300;
const BASE = `http://127.0.0.1:${PORT}`;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))] ?? NaN;
};
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
/** Median and p95 of samples, rounded to the millisecond (NaN samples left out). */
const spread = (xs: number[]) => {
  const known = xs.filter(Number.isFinite);
  return { median: round(quantile(known, 0.5), 0), p95: round(quantile(known, 0.95), 0) };
};

type SandboxLogEntry = LoggedRequest;

/** The request log of the sandbox at `sandboxUrl` after `since`. */
const sandboxLog = (sandboxUrl: string, since = 0): Promise<SandboxLogEntry[]> => sandboxControls(sandboxUrl).requests(since);
const lastSeq = (sandboxUrl: string) => sandboxControls(sandboxUrl).requestMark();

/** API requests (method, path, query and entity context) sent more than once in one batch. */
function repeatedRequests(entries: readonly SandboxLogEntry[]): string[] {
  const seen = new Map<string, number>();
  for (const e of entries) {
    if (!e.path.startsWith('/v2/')) continue;
    const key = `${e.method} ${e.path}${e.query} @${e.context ?? 'default'}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].filter(([, n]) => n > 1).map(([k, n]) => `${k} ×${n}`);
}

/** Milliseconds covered by at least one of the requests (parallel requests count once). */
function busyMs(entries: readonly SandboxLogEntry[]): number {
  const spans = entries
    .filter((e) => e.started_ms !== undefined && e.duration_ms !== undefined)
    .map((e) => [e.started_ms!, e.started_ms! + e.duration_ms!] as const)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = -Infinity;
  for (const [from, to] of spans) {
    if (to <= end) continue;
    total += to - Math.max(from, end);
    end = to;
  }
  return total;
}

/** Page routes measured, with the element whose appearance means the page's content is there. */
const ROUTES: { name: string; path: string; ready: string }[] = [
  { name: 'home', path: '/', ready: '[data-testid="today-reservations"]' },
  { name: 'delegates', path: '/delegates', ready: 'table' },
  { name: 'entities', path: '/entities', ready: 'table' },
  { name: 'allocations grid', path: '/allocations', ready: '[data-testid^="alloc-row-"]' },
  { name: 'reservations search', path: '/reservations?status[in]=confirmed,pending&sort=-date', ready: '[data-testid="reservations-table"]' },
];

async function pageLoad(page: Page, url: string, ready: string): Promise<{ lcp: number; content: number }> {
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator(ready).first().waitFor();
  const content = Date.now() - started;
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]!.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(NaN), 3000);
      }),
  );
  return { lcp, content };
}

/**
 * Interaction to next paint of one action, from the Event Timing API (the longest event of the
 * action). The API reports no event shorter than 16 ms: 0 means every event of the action was.
 */
async function interaction(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { __inp: number; __inpObserver?: PerformanceObserver };
    // one observer per page at a time: the one of the previous interaction stops
    w.__inpObserver?.disconnect();
    w.__inp = 0;
    w.__inpObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__inp = Math.max(w.__inp, e.duration);
    });
    w.__inpObserver.observe({ type: 'event', buffered: false, durationThreshold: 16 } as PerformanceObserverInit);
  });
  await act();
  await page.waitForTimeout(300);
  return page.evaluate(() => (window as unknown as { __inp: number }).__inp);
}

/** Requests in a closed loop for `seconds`; the sandbox is single-threaded, so concurrency > 1 measures queueing too. */
async function load(label: string, request: (i: number) => Promise<Response>, seconds: number, concurrency = 8) {
  const latencies: number[] = [];
  let errors = 0;
  const until = Date.now() + seconds * 1000;
  let i = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < until) {
        const t = performance.now();
        const res = await request(i++);
        await res.arrayBuffer();
        latencies.push(performance.now() - t);
        if (!res.ok) errors++;
      }
    }),
  );
  const result = { label, requests: latencies.length, rps: round(latencies.length / seconds, 0), p50_ms: round(quantile(latencies, 0.5), 2), p99_ms: round(quantile(latencies, 0.99), 2), errors };
  console.log(`  ${label}: ${result.rps} req/s, p50 ${result.p50_ms} ms, p99 ${result.p99_ms} ms, ${errors} errors`);
  return result;
}

/** An access token of the demo partner from a sandbox's token service. */
async function tokenAt(sandboxUrl: string, organization?: string): Promise<string> {
  const res = await fetch(`${sandboxUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: DEMO_PARTNER.clientId, client_secret: DEMO_PARTNER.clientSecret, audience: `${sandboxUrl}/`, grant_type: 'client_credentials', ...(organization ? { organization } : {}) }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function sandboxThroughput() {
  const reservations = Number(values.reservations);
  console.log(`\n━━ sandbox throughput (${reservations.toLocaleString('en')} reservations, in memory)`);
  const seeded = performance.now();
  const sandbox = await startSandbox({ port: 0, memory: true, quiet: true, seedOptions: { reservations } });
  console.log(`  seeded and started in ${round((performance.now() - seeded) / 1000)} s`);
  // The bench's own client may send more than a production one: lift the limit for the measurement.
  sandbox.state.world.data.credentials.get(DEMO_PARTNER.clientId)!.rate_limit_per_minute = 10_000_000;
  const bearer = { authorization: `Bearer ${await tokenAt(sandbox.url, 'org_harbour_vine_direct')}` };
  const seconds = Number(values.seconds);
  const today = new Date().toISOString().slice(0, 10);
  // Warm the per-entity sorted list the search uses (built once after each change).
  await fetch(`${sandbox.url}/v2/reservations?sort=-date&limit=1`, { headers: bearer });
  const me = await load('GET /v2/identities/me (8 concurrent)', () => fetch(`${sandbox.url}/v2/identities/me`, { headers: bearer }), seconds);
  const search = await load('GET /v2/reservations, one entity of ~200k (status[in], date[gte], sort=-date)',
    () => fetch(`${sandbox.url}/v2/reservations?status[in]=confirmed,pending&date[gte]=${today}&sort=-date&limit=25`, { headers: bearer }),
    seconds,
    1,
  );
  const rows = ((await (await fetch(`${sandbox.url}/v2/commitments?limit=100`, { headers: bearer })).json()) as { data: { id: string; entity_seats: number }[] }).data;
  const bodies = [0, 1].map((d) => JSON.stringify({ data: rows.map((r, k) => ({ id: r.id, entity_seats: Math.max(0, r.entity_seats - (k === 0 ? d : 0)) })) }));
  const put = await load('PUT /v2/commitments (alternating change)', (i) => fetch(`${sandbox.url}/v2/commitments`, { method: 'PUT', headers: { ...bearer, 'content-type': 'application/json' }, body: bodies[i % 2] }), seconds, 1);
  await sandbox.close();

  // The same PUT where every change is written through to the sandbox's database (PGlite on disk,
  // as `npm run demo` keeps it), on the demo world.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-sandbox-'));
  const persisted = await startSandbox({ port: 0, dataDir, quiet: true });
  persisted.state.world.data.credentials.get(DEMO_PARTNER.clientId)!.rate_limit_per_minute = 10_000_000;
  const persistedBearer = { authorization: `Bearer ${await tokenAt(persisted.url, 'org_harbour_vine_direct')}` };
  const persistedRows = ((await (await fetch(`${persisted.url}/v2/commitments?limit=100`, { headers: persistedBearer })).json()) as { data: { id: string; entity_seats: number }[] }).data;
  const persistedBodies = [0, 1].map((d) => JSON.stringify({ data: persistedRows.map((r, k) => ({ id: r.id, entity_seats: Math.max(0, r.entity_seats - (k === 0 ? d : 0)) })) }));
  const putPersisted = await load('PUT /v2/commitments (alternating change), written through to PGlite on disk',
    (i) => fetch(`${persisted.url}/v2/commitments`, { method: 'PUT', headers: { ...persistedBearer, 'content-type': 'application/json' }, body: persistedBodies[i % 2] }),
    seconds,
    1,
  );
  await persisted.close();
  rmSync(dataDir, { recursive: true, force: true });
  return { reservations, database: 'in memory; the last row with PGlite write-through', endpoints: [me, search, put, putPersisted] };
}

/**
 * Token requests over simulated days of use: the dashboard's own client, with a clock that runs
 * ahead of the wall clock (the sandbox's is moved with it), calls the API as a busy console would
 * (one call every 30 simulated seconds, rotating over every entity's organization).
 */
async function tokenEconomy(simulatedHours = 50) {
  console.log(`\n━━ token economy (${simulatedHours} simulated hours)`);
  const sandbox = await startSandbox({ port: 0, memory: true, quiet: true });
  sandbox.state.world.data.credentials.get(DEMO_PARTNER.clientId)!.rate_limit_per_minute = 10_000_000;
  let now = Date.now();
  const client = createGuestbookClient({
    baseUrl: sandbox.url,
    authUrl: sandbox.url,
    audience: `${sandbox.url}/`,
    clientId: DEMO_PARTNER.clientId,
    clientSecret: new Secret(DEMO_PARTNER.clientSecret),
    verifyTokens: true,
    requestsPerMinute: 900,
    now: () => now,
  });
  const entities = (await client.listEntities({ limit: 100 })).data.map((e) => ({ id: e.id, org_id: e.org_id }));
  const organizations = new Set(entities.map((e) => e.org_id ?? '(default)')).size;
  const stepS = 30;
  const steps = (simulatedHours * 3600) / stepS;
  for (let i = 0; i < steps; i++) {
    now += stepS * 1000;
    await sandboxControls(sandbox.url, { token: sandbox.controlToken }).setClock({ now: new Date(now).toISOString() });
    await client.asEntity(entities[i % entities.length]!).listCommitments({ limit: 1 });
  }
  const lifetimeS = sandbox.state.world.data.credentials.get(DEMO_PARTNER.clientId)!.token_lifetime_seconds;
  const requested = client.tokenStats.requested;
  const ideal = organizations * Math.ceil((simulatedHours * 3600) / lifetimeS);
  await sandbox.close();
  const result = {
    simulated_hours: simulatedHours,
    api_calls: steps,
    organizations,
    token_lifetime_hours: round(lifetimeS / 3600, 1),
    token_requests: requested,
    token_requests_per_hour: round(requested / simulatedHours, 2),
    token_requests_per_organization_per_lifetime: round(requested / organizations / ((simulatedHours * 3600) / lifetimeS), 2),
    minimum_possible: ideal,
  };
  console.log(`  ${steps} API calls over ${organizations} organizations: ${requested} token requests (${result.token_requests_per_hour}/h; the minimum is ${ideal})`);
  return result;
}

/** A server action's time as the browser sees it, minus the time the API spent on the requests it sent. */
async function serverOverhead(request: APIRequestContext, runs: number) {
  const sandboxUrl = `http://127.0.0.1:${SANDBOX_PORT}`;
  const actions = new Map(buildActions().map((a) => [a.key.split('#')[1]!, a]));
  const bearer = { authorization: `Bearer ${await tokenAt(sandboxUrl)}` };
  const today = new Date().toISOString().slice(0, 10);
  const reservation = ((await (await fetch(`${sandboxUrl}/v2/reservations?status[in]=confirmed&date[gte]=${today}&limit=1`, { headers: bearer })).json()) as { data: { id: string }[] }).data[0]!;
  const cases: { name: string; key: string; path: string; input: (i: number) => unknown }[] = [
    { name: 'select entity (reads the entity list)', key: 'selectEntity', path: '/', input: () => ({ id: DEMO_PARTNER.defaultEntityId }) },
    { name: 'update reservation (read, then PATCH)', key: 'updateReservation', path: `/reservations/${reservation.id}`, input: (i) => ({ id: reservation.id, changes: { notes: `Window table, visit ${i}` } }) },
  ];
  const out = [];
  for (const c of cases) {
    const action = actions.get(c.key)!;
    const overhead: number[] = [];
    const apiRequests: number[] = [];
    for (let i = 0; i < runs; i++) {
      const mark = await lastSeq(sandboxUrl);
      const t = performance.now();
      const res = await postAction(request, `${BASE}${c.path}`, action.id, [c.input(i)]);
      const body = await res.text();
      const total = performance.now() - t;
      if (!body.includes('"ok":true')) throw new Error(`${c.name} failed: ${res.status()} ${body.slice(0, 200)}`);
      const sent = (await sandboxLog(sandboxUrl, mark)).filter((e) => e.path.startsWith('/v2/') || e.path === '/oauth/token');
      overhead.push(total - busyMs(sent));
      apiRequests.push(sent.length);
    }
    const entry = { action: c.name, runs, api_requests: round(quantile(apiRequests, 0.5), 0), overhead_ms: { p50: round(quantile(overhead, 0.5)), p95: round(quantile(overhead, 0.95)) } };
    console.log(`  ${c.name}: ${entry.api_requests} API requests; server time beyond the API p50 ${entry.overhead_ms.p50} ms, p95 ${entry.overhead_ms.p95} ms`);
    out.push(entry);
  }
  return out;
}

/**
 * RUNS loads of one page, each with the API requests it caused: LCP and content-visible times,
 * API requests per view, token requests, and every request repeated within one view.
 */
async function measureViews(page: Page, url: string, ready: string, sandboxUrl: string) {
  const samples = [];
  const perView: number[] = [];
  let tokens = 0;
  const repeated = new Set<string>();
  for (let r = 0; r < RUNS; r++) {
    const mark = await lastSeq(sandboxUrl);
    samples.push(await pageLoad(page, url, ready));
    await page.waitForLoadState('networkidle');
    const sent = await sandboxLog(sandboxUrl, mark);
    perView.push(sent.filter((e) => e.path.startsWith('/v2/')).length);
    tokens += sent.filter((e) => e.path === '/oauth/token').length;
    for (const k of repeatedRequests(sent)) repeated.add(k);
  }
  return {
    samples,
    lcp_ms: spread(samples.map((s) => s.lcp)),
    content_ms: spread(samples.map((s) => s.content)),
    perView,
    tokens,
    repeated: [...repeated],
  };
}

/** INP of one keyboard step and one mouse drag of a boundary on the grid page already open. */
async function gridInteractions(page: Page): Promise<{ keyboard: number[]; drag: number[] }> {
    await page.locator('[data-testid^="boundary-"]').first().waitFor();
  const gridInp = [];
  for (let r = 0; r < INTERACTIONS; r++) gridInp.push(await interaction(page, () => page.locator('[data-testid^="boundary-"]').first().press('ArrowLeft')));
  // A drag step with the mouse: press on a boundary, move it a few seats, release.
  const gridDragInp = [];
  for (let r = 0; r < INTERACTIONS; r++) {
    const box = (await page.locator('[data-testid^="boundary-"]').nth(1).boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    gridDragInp.push(
      await interaction(page, async () => {
        await page.mouse.move(x, y);
        await page.mouse.down();
        await page.mouse.move(x + (r % 2 ? -24 : 24), y, { steps: 6 });
        await page.mouse.up();
      }),
    );
  }
  return { keyboard: gridInp, drag: gridDragInp };
}

/** Signs in as the demo admin. */
async function signIn(page: Page, base: string) {
  await page.goto(`${base}/login`);
  await page.getByLabel('E-mail').fill('admin@demo.test');
  await page.getByLabel('Password').fill('guestbook-demo-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

/** A venue of the partner's, read from the API as the dashboard's credentials. */
async function firstVenueId(sandboxUrl: string): Promise<string> {
  const client = createGuestbookClient({ baseUrl: sandboxUrl, authUrl: sandboxUrl, audience: `${sandboxUrl}/`, clientId: DEMO_PARTNER.clientId, clientSecret: new Secret(DEMO_PARTNER.clientSecret) });
  return (await client.listVenues({ limit: 1 })).data[0]!.id;
}

/**
 * The allocation grid on a world of 2,000 commitments × 25 entities (its own sandbox and
 * dashboard): page load, API requests per view, and the INP of a keyboard and a drag step.
 */
async function gridAtScale(browser: Browser) {
  const port = PORT + 1;
  const sandboxPort = SANDBOX_PORT + 1;
  const base = `http://127.0.0.1:${port}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  console.log('\n━━ allocation grid, 2,000 commitments × 25 entities');
  const serve = await startProcess({
    name: 'bench-grid',
    command: process.execPath,
    args: ['node_modules/tsx/dist/cli.mjs', 'scripts/run.ts', 'serve', '--port', String(port), '--sandbox-port', String(sandboxPort)],
    env: { DASHBOARD_DATA_DIR: '.data/bench/grid-dashboard', SANDBOX_GRID: '2000x25' },
    ready: /Guest Book Partner Dashboard: /,
    quiet: true,
    timeoutMs: 180_000,
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, base);
    // One venue first, as the first view after the server starts (its reads carry venue_id); then
    // all venues, on a warm server with none of the other venues' rows read yet.
    const venue = await measureViews(page, `${base}/allocations?venue=${await firstVenueId(sandboxUrl)}`, '[data-testid^="alloc-row-"]', sandboxUrl);
    const venueRows = await page.getByTestId('allocation-count').textContent();
    const views = await measureViews(page, `${base}/allocations`, '[data-testid^="alloc-row-"]', sandboxUrl);
    const { keyboard, drag } = await gridInteractions(page);
    const after = (v: typeof views) => ({
      lcp_ms: spread(v.samples.slice(1).map((x) => x.lcp)),
      content_ms: spread(v.samples.slice(1).map((x) => x.content)),
      api_requests: round(quantile(v.perView.slice(1), 0.5), 0),
    });
    const first = (v: typeof views) => ({ lcp_ms: round(v.samples[0]!.lcp, 0), content_ms: v.samples[0]!.content, api_requests: v.perView[0]! });
    const result = {
      commitments: 2000,
      entities: 25,
      first_view: first(views),
      views_after: after(views),
      one_venue: { rows: venueRows, first_view: first(venue), views_after: after(venue) },
      repeated_requests: [...new Set([...views.repeated, ...venue.repeated])],
      keyboard_step_inp_ms: spread(keyboard),
      drag_step_inp_ms: spread(drag),
    };
    const line = (label: string, f: ReturnType<typeof first>, a: ReturnType<typeof after>) =>
      `  ${label}: first view LCP ${f.lcp_ms} ms, content ${f.content_ms} ms, ${f.api_requests} API requests; views after it LCP ${a.lcp_ms.median}/${a.lcp_ms.p95} ms, content ${a.content_ms.median}/${a.content_ms.p95} ms, ${a.api_requests} API requests`;
    console.log(line(`one venue (${result.one_venue.rows}), first after the server starts`, result.one_venue.first_view, result.one_venue.views_after));
    console.log(line('all venues, next', result.first_view, result.views_after));
    console.log(
      `  ${result.repeated_requests.length ? `repeated: ${result.repeated_requests.join('; ')}` : 'no request repeated within a view'}; INP key ${result.keyboard_step_inp_ms.median}/${result.keyboard_step_inp_ms.p95} ms, drag ${result.drag_step_inp_ms.median}/${result.drag_step_inp_ms.p95} ms`,
    );
    await context.close();
    return result;
  } finally {
    await serve.stop();
  }
}

/** The production build and a fresh sandbox on the bench's ports (scripts/run.ts serve). */
const startServe = (env: Record<string, string | undefined>): Promise<Started> =>
  startProcess({
    name: 'bench',
    command: process.execPath,
    args: ['node_modules/tsx/dist/cli.mjs', 'scripts/run.ts', 'serve', '--port', String(PORT), '--sandbox-port', String(SANDBOX_PORT)],
    env: { DASHBOARD_DATA_DIR: '.data/bench/dashboard', ...env },
    ready: /Guest Book Partner Dashboard: /,
    quiet: true,
    timeoutMs: 180_000,
  });

const launchBrowser = () =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });

async function main() {
  if (!values['no-build'] && (await run(process.execPath, [NEXT_BIN, 'build'], { NEXT_TELEMETRY_DISABLED: '1' })) !== 0) throw new Error('next build failed');
  if (values['grid-only']) {
    const browser = await launchBrowser();
    try {
      await gridAtScale(browser);
    } finally {
      await browser.close();
    }
    return;
  }

  if (values['sign-in-only']) return signInOnly();
  if (values['export-only']) return exportOnly();
  if (values['lighthouse-only']) return lighthouseOnly();

  const sandboxResults = await sandboxThroughput();
  const tokens = await tokenEconomy();

  console.log(`\n━━ pages (production build, Chromium; sandbox with ${Number(values['page-reservations']).toLocaleString('en')} reservations)`);
  const serve: Started = await startServe({ SANDBOX_RESERVATIONS: values['page-reservations'] });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, BASE);

    const sandboxUrl = `http://127.0.0.1:${SANDBOX_PORT}`;
    const baseline = await scriptBytes(context.request, `${BASE}/no-such-page`);
    const pages = [];
    let viewRequests = 0;
    let viewTokens = 0;
    for (const route of ROUTES) {
      const views = await measureViews(page, `${BASE}${route.path}`, route.ready, sandboxUrl);
      viewRequests += views.perView.reduce((a, b) => a + b, 0);
      viewTokens += views.tokens;
      const js = await scriptBytes(context.request, `${BASE}${route.path}`);
      const entry = {
        route: route.name,
        path: route.path,
        lcp_ms: views.lcp_ms,
        content_ms: views.content_ms,
        js_gzip_kb: round(js / 1024),
        js_over_baseline_kb: round((js - baseline) / 1024),
        api_requests_per_view: round(quantile(views.perView, 0.5), 0),
        repeated_requests: views.repeated,
      };
      console.log(
        `  ${route.name}: LCP ${entry.lcp_ms.median}/${entry.lcp_ms.p95} ms, content ${entry.content_ms.median}/${entry.content_ms.p95} ms, JS ${entry.js_gzip_kb} kB (+${entry.js_over_baseline_kb}), ` +
          `${entry.api_requests_per_view} API requests, ${views.repeated.length ? `repeated: ${views.repeated.join('; ')}` : 'none repeated'}`,
      );
      pages.push(entry);
    }
    const apiPerView = round(viewRequests / (ROUTES.length * RUNS), 1);

    const overhead = await serverOverhead(context.request, RUNS * 4);
    const signInTimes = await signInTiming(BASE, DEMO_ACCOUNTS[2]!.email, spread);
    console.log(`  ${signInLine(signInTimes)}`);
    const duringExport = await exportFigures(context, page);
    console.log(`  ${exportLine(duringExport)}`);

    // INP of a filter change on the search and of one keyboard step on the grid.
    await page.goto(`${BASE}/allocations`);
    const { keyboard: gridInp, drag: gridDragInp } = await gridInteractions(page);
    await page.goto(`${BASE}/reservations`);
    const filterInp = [];
    for (let r = 0; r < INTERACTIONS; r++) filterInp.push(await interaction(page, () => page.getByRole('button', { name: r % 2 ? 'Today' : 'Upcoming confirmed' }).click()));

    const results = {
      measured_at: new Date().toISOString(),
      machine: { cores: cpus().length, memory_gb: round(totalmem() / 1024 ** 3, 0), cpu: cpus()[0]?.model ?? 'unknown', node: process.version },
      command: `npm run bench -- --runs ${RUNS} --reservations ${values.reservations} --seconds ${values.seconds} --page-reservations ${values['page-reservations']}`,
      page_world_reservations: Number(values['page-reservations']),
      js_baseline_gzip_kb: round(baseline / 1024),
      pages,
      interactions: {
        grid_keyboard_step_inp_ms: spread(gridInp),
        grid_drag_step_inp_ms: spread(gridDragInp),
        search_preset_inp_ms: spread(filterInp),
      },
      api_economy: {
        api_requests_per_page_view: apiPerView,
        token_requests_during_page_views: viewTokens,
        page_views: ROUTES.length * RUNS,
        requests_repeated_within_a_page_view: pages.reduce((n, p) => n + p.repeated_requests.length, 0),
        tokens,
      },
      grid_at_scale: await gridAtScale(browser),
      server_overhead: overhead,
      sign_in: signInTimes,
      during_export: duringExport,
      sandbox: sandboxResults,
    };
    console.log(`  API requests per page view ${apiPerView}; token requests during ${ROUTES.length * RUNS} page views: ${viewTokens}`);
    console.log(`  INP: grid key step ${results.interactions.grid_keyboard_step_inp_ms.median} ms, grid drag ${results.interactions.grid_drag_step_inp_ms.median} ms, search preset ${results.interactions.search_preset_inp_ms.median} ms (median)`);
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/latest.json', `${JSON.stringify(results, null, 2)}\n`);
    writeReadmeTable(results);
    console.log('\nwrote bench/results/latest.json and the README table');
  } finally {
    await browser.close();
    await serve.stop();
  }
  await lighthouseOnly();
}

/**
 * Lighthouse (mobile profile) on its own production server and demo-world sandbox, so that the
 * pages measured are the ones a partner's staff see: bench/results/lighthouse.json and the README table.
 */
async function lighthouseOnly() {
  const port = Number(values['lighthouse-port']);
  const sandboxPort = Number(values['lighthouse-sandbox-port']);
  const base = `http://127.0.0.1:${port}`;
  console.log(`\n━━ Lighthouse, mobile profile (${values['lighthouse-runs']} runs a page)`);
  const serve = await startProcess({
    name: 'bench-lighthouse',
    command: process.execPath,
    args: ['node_modules/tsx/dist/cli.mjs', 'scripts/run.ts', 'serve', '--port', String(port), '--sandbox-port', String(sandboxPort)],
    env: { DASHBOARD_DATA_DIR: '.data/bench/lighthouse-dashboard' },
    ready: /Guest Book Partner Dashboard: /,
    quiet: true,
    timeoutMs: 180_000,
  });
  try {
    const figures = await lighthouseFigures({ base, sandboxUrl: `http://127.0.0.1:${sandboxPort}`, runs: Number(values['lighthouse-runs']) });
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/lighthouse.json', `${JSON.stringify({ ...figures, machine: { cores: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', node: process.version } }, null, 2)}\n`);
    const start = '<!-- lighthouse:start -->';
    const end = '<!-- lighthouse:end -->';
    const block = `${start}\n${lighthouseTable(figures, `${cpus().length} cores.`).join('\n')}\n${end}`;
    const readme = readFileSync('README.md', 'utf8');
    const next = readme.includes(start)
      ? readme.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block)
      : readme.replace('<!-- bench:end -->', `<!-- bench:end -->\n\n${block}`);
    writeFileSync('README.md', next);
    console.log('wrote bench/results/lighthouse.json and the README table');
  } finally {
    await serve.stop();
  }
}

const signInLine = (t: SignInTiming) =>
  `Refused sign-ins (${t.samples} each, median / p95): unknown e-mail ${t.unknown_email_ms.median} / ${t.unknown_email_ms.p95} ms, ` +
  `wrong password ${t.wrong_password_ms.median} / ${t.wrong_password_ms.p95} ms, e-mail paused by its limit ${t.paused_email_ms.median} / ${t.paused_email_ms.p95} ms ` +
  `(paused ÷ unknown ${t.ratio_paused_to_unknown}, wrong ÷ unknown ${t.ratio_wrong_to_unknown}).`;

/** `--sign-in-only`: the sign-in timing alone, on a fresh production server. */
async function signInOnly() {
  const serve = await startServe({});
  try {
    const timing = await signInTiming(BASE, DEMO_ACCOUNTS[2]!.email, spread);
    console.log(signInLine(timing));
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/sign-in.json', `${JSON.stringify({ measured_at: new Date().toISOString(), node: process.version, ...timing }, null, 2)}\n`);
  } finally {
    await serve.stop();
  }
}

const exportLine = (e: ExportFigures) =>
  `During a CSV export (${e.rows_streamed.toLocaleString('en')} rows streamed): the search page's content visible ${e.page_content_ms_during_export.median} / ${e.page_content_ms_during_export.p95} ms, ` +
  `without one ${e.page_content_ms_without_export.median} / ${e.page_content_ms_without_export.p95} ms (median / p95; ratio ${e.ratio_during_to_without}); ` +
  `the export's page reads in its busiest 60 s: ${e.export_page_reads_busiest_60s} (its share allows ${e.export_page_reads_allowed_per_60s}).`;

/** `--export-only`: the search page before and during one CSV export, on a fresh production server and a sandbox of `--page-reservations`. */
async function exportOnly() {
  const serve = await startServe({ SANDBOX_RESERVATIONS: values['page-reservations'] });
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, BASE);
    const figures = await exportFigures(context, page);
    console.log(exportLine(figures));
    mkdirSync('bench/results', { recursive: true });
    writeFileSync('bench/results/export.json', `${JSON.stringify({ measured_at: new Date().toISOString(), node: process.version, ...figures }, null, 2)}\n`);
  } finally {
    await browser.close();
    await serve.stop();
  }
}

function exportFigures(context: BrowserContext, page: Page): Promise<ExportFigures> {
  const sandboxUrl = `http://127.0.0.1:${SANDBOX_PORT}`;
  const search = ROUTES.find((r) => r.name === 'reservations search')!;
  return pagesDuringExport({
    context,
    base: BASE,
    views: () => measureViews(page, `${BASE}${search.path}`, search.ready, sandboxUrl),
    requestMark: () => lastSeq(sandboxUrl),
    requestsSince: (mark) => sandboxLog(sandboxUrl, mark),
    budgetPerMinute: 900, // the client's default requests per minute (lib/guestbook/client.ts)
    seconds: 70,
  });
}

/** An INP figure; the Event Timing API does not report events under 16 ms. */
const inp = (v: { median: number; p95: number }) => `${v.median || '<16'} / ${v.p95 || '<16'} ms`;

type GridViews = Awaited<ReturnType<typeof gridAtScale>>['one_venue'];
const gridViews = (first: GridViews['first_view'], after: GridViews['views_after']) =>
  `first view LCP ${first.lcp_ms} ms, rows visible ${first.content_ms} ms, ${first.api_requests} API requests; ` +
  `views after it LCP ${after.lcp_ms.median} / ${after.lcp_ms.p95} ms, rows ${after.content_ms.median} / ${after.content_ms.p95} ms, ${after.api_requests} API requests (median)`;

function writeReadmeTable(r: {
  machine: { cores: number; memory_gb: number; node: string };
  command: string;
  page_world_reservations: number;
  measured_at: string;
  js_baseline_gzip_kb: number;
  pages: { route: string; lcp_ms: { median: number; p95: number }; content_ms: { median: number; p95: number }; js_gzip_kb: number; js_over_baseline_kb: number; api_requests_per_view: number; repeated_requests: string[] }[];
  interactions: Record<string, { median: number; p95: number }>;
  api_economy: {
    api_requests_per_page_view: number;
    token_requests_during_page_views: number;
    page_views: number;
    tokens: { simulated_hours: number; api_calls: number; organizations: number; token_lifetime_hours: number; token_requests: number; token_requests_per_hour: number; minimum_possible: number };
  };
  server_overhead: { action: string; api_requests: number; overhead_ms: { p50: number; p95: number } }[];
  sign_in: SignInTiming;
  during_export: ExportFigures;
  grid_at_scale: Awaited<ReturnType<typeof gridAtScale>>;
  sandbox: { reservations: number; database: string; endpoints: { label: string; rps: number; p50_ms: number; p99_ms: number }[] };
}) {
  const t = r.api_economy.tokens;
  const g = r.grid_at_scale;
  const lines = [
    `Measured ${r.measured_at.slice(0, 10)} with \`${r.command}\` on ${r.machine.cores} cores, ${r.machine.memory_gb} GB, Node ${r.machine.node} (figures from one run; compare ratios, not absolutes).`,
    '',
    `Pages are served against a sandbox of ${r.page_world_reservations.toLocaleString('en')} reservations.`,
    '',
    '| page | LCP median / p95 | content visible median / p95 | JS gzip (over the empty-page baseline of ' + `${r.js_baseline_gzip_kb} kB)` + ' | API requests per view (repeated) |',
    '|---|---|---|---|---|',
    ...r.pages.map(
      (p) =>
        `| ${p.route} | ${p.lcp_ms.median} / ${p.lcp_ms.p95} ms | ${p.content_ms.median} / ${p.content_ms.p95} ms | ${p.js_gzip_kb} kB (+${p.js_over_baseline_kb} kB) | ${p.api_requests_per_view} (${p.repeated_requests.length ? p.repeated_requests.join('; ') : 'none'}) |`,
    ),
    '',
    `INP: grid keyboard step ${inp(r.interactions.grid_keyboard_step_inp_ms!)}; grid mouse drag ${inp(r.interactions.grid_drag_step_inp_ms!)}; search preset ${inp(r.interactions.search_preset_inp_ms!)} (median / p95). ` +
      `Token requests during the ${r.api_economy.page_views} page views: ${r.api_economy.token_requests_during_page_views}.`,
    '',
    `Allocation grid at ${g.commitments.toLocaleString('en')} commitments × ${g.entities} entities (the heading streams first, the rows when every entity's are read): ` +
      `one venue (${g.one_venue.rows}, read with venue_id), viewed first after the server starts: ${gridViews(g.one_venue.first_view, g.one_venue.views_after)}. ` +
      `All venues, next (the server warm, no other venue's rows read yet): ${gridViews(g.first_view, g.views_after)}. ` +
      `${g.repeated_requests.length ? `Repeated within a view: ${g.repeated_requests.join('; ')}` : 'No request repeated within a view'}. INP keyboard step ${inp(g.keyboard_step_inp_ms)}, mouse drag ${inp(g.drag_step_inp_ms)} (median / p95).`,
    '',
    `Tokens: ${t.api_calls.toLocaleString('en')} API calls over ${t.simulated_hours} simulated hours across ${t.organizations} organizations (token lifetime ${t.token_lifetime_hours} h) took ${t.token_requests} token requests, ${t.token_requests_per_hour} per hour (the minimum possible is ${t.minimum_possible}).`,
    '',
    '| server action | API requests | server time beyond the API p50 / p95 |',
    '|---|---|---|',
    ...r.server_overhead.map((o) => `| ${o.action} | ${o.api_requests} | ${o.overhead_ms.p50} / ${o.overhead_ms.p95} ms |`),
    '',
    signInLine(r.sign_in),
    '',
    exportLine(r.during_export),
    '',
    `| sandbox endpoint (${r.sandbox.reservations.toLocaleString('en')} reservations, ${r.sandbox.database}) | req/s | p50 | p99 |`,
    '|---|---|---|---|',
    ...r.sandbox.endpoints.map((e) => `| ${e.label} | ${e.rps} | ${e.p50_ms} ms | ${e.p99_ms} ms |`),
  ];
  const readme = readFileSync('README.md', 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  const block = `${start}\n${lines.join('\n')}\n${end}`;
  const next = readme.includes(start) ? readme.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block) : `${readme.trimEnd()}\n\n## Performance\n\n${block}\n`;
  writeFileSync('README.md', next);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
