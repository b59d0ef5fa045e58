/**
 * `npm run bench`: measures the product against a production build and a started sandbox, writes
 * bench/results/latest.json and the results table of docs/performance.md. Not part of `npm test` (these
 * machines are shared: figures are reported, never asserted, except the JS budget which e2e checks).
 *
 *   npm run bench [-- --no-build] [--runs 5] [--reservations 1000000] [--seconds 5] [--page-reservations 100000] [--no-lighthouse]
 *   npm run bench -- --grid-only    (the 2,000 × 25 grid alone, printed; nothing written)
 *   npm run bench -- --lighthouse-only [--lighthouse-runs 5] [--lighthouse-pages 'overview,an entity'] [--lighthouse-port 3810] [--lighthouse-sandbox-port 4810] [--bare-port 3811]
 *   npm run bench -- --navigation-only [--navigation-rounds 3] [--navigation-pages 'identity,delegates'] [--navigation-profiles desktop,phone] [--navigation-port 3302] [--navigation-sandbox-port 4302]
 *   npm run bench -- --events-only [--events-streams 200] [--events-changes 30] [--events-processes 2]
 *   npm run bench -- --directory-only [--directory-seconds 60]
 *   npm run bench -- --guest-history-only [--guest-history-rounds 2]
 *   (a full run: --no-navigation and --no-lighthouse leave those parts out)
 *
 * The modules: throughput.ts and tokens.ts (the sandbox and the client alone), pages.ts and
 * grid.ts (pages in Chromium), server-overhead.ts, sign-in.ts, export.ts, navigation.ts (clicks
 * through the console), lighthouse.ts and bare-next.ts (Lighthouse beside a bare Next.js page), and
 * performance-doc.ts (the tables of docs/performance.md).
 */
import { randomBytes } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from '@playwright/test';

import { scriptBytes } from '../../e2e/js-budget';
import { DEMO_ACCOUNTS } from '../../lib/server/auth/demo-accounts';
import { readActionIds } from '../load/actions';
import { startDeployment } from '../load/deployment';
import { nextBuild, serveBuild } from '../processes';
import { quantile, round, spread } from '../stats';
import { serveBareNext } from './bare-next';
import { directoryFigures } from './directory';
import { eventFigures } from './events';
import { pagesDuringExport, type ExportFigures } from './export';
import { gridAtScale } from './grid';
import { guestHistoryOnly } from './guest-history';
import { LIGHTHOUSE_SANDBOX, lighthouseFigures } from './lighthouse';
import { navigationFigures } from './navigation';
import {
  BASE,
  commandOf,
  lighthouseCommandOf,
  navigationCommandOf,
  parseBenchOptions,
  PORT,
  SANDBOX_PORT,
  SANDBOX_URL,
  type BenchOptions,
} from './options';
import { gridInteractions, interaction, launchBrowser, measureViews, ROUTES, signIn } from './pages';
import {
  exportLine,
  signInLine,
  writeLighthouseTable,
  writeNavigationTable,
  writeResultsTable,
  type BenchResults,
} from './performance-doc';
import { machine, writeResult } from './results';
import { requestMark, sandboxLog } from './sandbox-log';
import { serverOverhead } from './server-overhead';
import { signInTiming } from './sign-in';
import { sandboxThroughput } from './throughput';
import { tokenEconomy } from './tokens';

/** The production build and a fresh sandbox on the bench's ports. */
const startServe = (env: Record<string, string>) =>
  serveBuild({ name: 'bench', port: PORT, sandboxPort: SANDBOX_PORT, dataDir: '.data/bench/dashboard', env });

/** Runs `measure` with a signed-in page of a fresh browser; the browser closes after it. */
async function withSignedInPage<T>(
  measure: (context: BrowserContext, page: Page, browser: Awaited<ReturnType<typeof launchBrowser>>) => Promise<T>,
): Promise<T> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    await signIn(page, BASE);
    return await measure(context, page, browser);
  } finally {
    await browser.close();
  }
}

function exportFigures(o: BenchOptions, context: BrowserContext, page: Page): Promise<ExportFigures> {
  const search = ROUTES.find((r) => r.name === 'reservations search')!;
  return pagesDuringExport({
    context,
    base: BASE,
    views: () => measureViews(page, `${BASE}${search.path}`, search.ready, SANDBOX_URL, o.runs),
    requestMark: () => requestMark(SANDBOX_URL),
    requestsSince: (mark) => sandboxLog(SANDBOX_URL, mark),
    budgetPerMinute: 900, // the client's default requests per minute (lib/guestbook/client.ts)
    seconds: 70,
  });
}

/** Every route's views, JS and API requests. */
async function routeFigures(o: BenchOptions, context: BrowserContext, page: Page) {
  const baseline = await scriptBytes(context.request, `${BASE}/no-such-page`);
  const pages = [];
  let viewRequests = 0;
  let viewTokens = 0;
  for (const route of ROUTES) {
    const views = await measureViews(page, `${BASE}${route.path}`, route.ready, SANDBOX_URL, o.runs);
    viewRequests += views.perView.reduce((a, b) => a + b, 0);
    viewTokens += views.tokens;
    const js = await scriptBytes(context.request, `${BASE}${route.path}`);
    const entry = {
      route: route.name,
      path: route.path,
      lcp_ms: views.lcp_ms,
      content_ms: views.content_ms,
      js_gzip_kb: round(js / 1024, 1),
      js_over_baseline_kb: round((js - baseline) / 1024, 1),
      api_requests_per_view: round(quantile(views.perView, 0.5)),
      repeated_requests: views.repeated,
    };
    console.log(
      `  ${route.name}: LCP ${entry.lcp_ms.median}/${entry.lcp_ms.p95} ms, content ${entry.content_ms.median}/${entry.content_ms.p95} ms, JS ${entry.js_gzip_kb} kB (+${entry.js_over_baseline_kb}), ` +
        `${entry.api_requests_per_view} API requests, ${views.repeated.length ? `repeated: ${views.repeated.join('; ')}` : 'none repeated'}`,
    );
    pages.push(entry);
  }
  return { baseline, pages, apiPerView: round(viewRequests / (ROUTES.length * o.runs), 1), viewTokens };
}

/** INP of a filter change on the search and of one keyboard step and one drag on the grid. */
async function interactionFigures(o: BenchOptions, page: Page) {
  await page.goto(`${BASE}/allocations`);
  const grid = await gridInteractions(page, o.interactions);
  await page.goto(`${BASE}/reservations`);
  const filter = [];
  for (let r = 0; r < o.interactions; r++)
    filter.push(
      await interaction(page, () => page.getByRole('button', { name: r % 2 ? 'Today' : 'Upcoming confirmed' }).click()),
    );
  return {
    grid_keyboard_step_inp_ms: spread(grid.keyboard),
    grid_drag_step_inp_ms: spread(grid.drag),
    search_preset_inp_ms: spread(filter),
  };
}

/** The full run: bench/results/latest.json and its table in docs/performance.md, then Lighthouse (unless --no-lighthouse). */
async function fullRun(o: BenchOptions) {
  const sandboxResults = await sandboxThroughput(o.reservations, o.seconds);
  const tokens = await tokenEconomy();
  console.log(
    `\n━━ pages (production build, Chromium; sandbox with ${o.pageReservations.toLocaleString('en')} reservations)`,
  );
  const serve = await startServe({ SANDBOX_RESERVATIONS: String(o.pageReservations) });
  try {
    await withSignedInPage(async (context, page, browser) => {
      const routes = await routeFigures(o, context, page);
      const overhead = await serverOverhead(context.request, o.runs * 4);
      const signInTimes = await signInTiming(BASE, DEMO_ACCOUNTS[2]!.email, spread);
      console.log(`  ${signInLine(signInTimes)}`);
      const duringExport = await exportFigures(o, context, page);
      console.log(`  ${exportLine(duringExport)}`);
      const interactions = await interactionFigures(o, page);
      const results: BenchResults = {
        measured_at: new Date().toISOString(),
        machine: {
          cores: cpus().length,
          memory_gb: round(totalmem() / 1024 ** 3),
          cpu: cpus()[0]?.model ?? 'unknown',
          node: process.version,
        },
        command: commandOf(o),
        page_world_reservations: o.pageReservations,
        js_baseline_gzip_kb: round(routes.baseline / 1024, 1),
        pages: routes.pages,
        interactions,
        api_economy: {
          api_requests_per_page_view: routes.apiPerView,
          token_requests_during_page_views: routes.viewTokens,
          page_views: ROUTES.length * o.runs,
          requests_repeated_within_a_page_view: routes.pages.reduce((n, p) => n + p.repeated_requests.length, 0),
          tokens,
        },
        grid_at_scale: await gridAtScale(browser, o),
        server_overhead: overhead,
        sign_in: signInTimes,
        during_export: duringExport,
        sandbox: sandboxResults,
      };
      console.log(
        `  API requests per page view ${routes.apiPerView}; token requests during ${ROUTES.length * o.runs} page views: ${routes.viewTokens}`,
      );
      const i = results.interactions;
      console.log(
        `  INP: grid key step ${i.grid_keyboard_step_inp_ms.median} ms, grid drag ${i.grid_drag_step_inp_ms.median} ms, search preset ${i.search_preset_inp_ms.median} ms (median)`,
      );
      writeResult('latest.json', results);
      writeResultsTable(results);
      console.log('\nwrote bench/results/latest.json and its table in docs/performance.md');
    });
  } finally {
    await serve.stop();
  }
  if (!o.skipNavigation) await navigationOnly(o);
  if (!o.skipLighthouse) await lighthouseOnly(o);
}

/**
 * Clicks through the console (navigation.ts) on a production server and a demo-world sandbox of
 * their own: bench/results/navigation.json and its table in docs/performance.md.
 */
async function navigationOnly(o: BenchOptions) {
  const { port, sandboxPort, rounds, pages, profiles } = o.navigation;
  console.log(
    `\n━━ navigation: clicks through the console, the API answering after 250 ms (${profiles.join(' and ')}, ${rounds} round${rounds === 1 ? '' : 's'})`,
  );
  const serve = await serveBuild({
    name: 'bench-navigation',
    port,
    sandboxPort,
    dataDir: '.data/bench/navigation-dashboard',
  });
  try {
    const figures = await navigationFigures({
      base: `http://127.0.0.1:${port}`,
      sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
      rounds,
      pages,
      profiles,
    });
    const command = navigationCommandOf(o);
    writeResult('navigation.json', { ...figures, command, machine: machine() });
    writeNavigationTable(figures, command);
    console.log('wrote bench/results/navigation.json and its table in docs/performance.md');
  } finally {
    await serve.stop();
  }
}

/** Lighthouse (mobile) on its own server and sandbox (LIGHTHOUSE_SANDBOX): lighthouse.json and docs/performance.md's table. */
async function lighthouseOnly(o: BenchOptions) {
  const { port, sandboxPort, runs, pages, barePort } = o.lighthouse;
  console.log(`\n━━ Lighthouse, mobile profile (${runs} runs a page, beside a bare Next.js page)`);
  const bare = await serveBareNext(barePort);
  try {
    const serve = await serveBuild({
      name: 'bench-lighthouse',
      port,
      sandboxPort,
      dataDir: '.data/bench/lighthouse-dashboard',
      env: LIGHTHOUSE_SANDBOX,
    });
    try {
      const figures = await lighthouseFigures({
        base: `http://127.0.0.1:${port}`,
        sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
        bareBase: `http://127.0.0.1:${barePort}`,
        runs,
        pages,
      });
      const command = lighthouseCommandOf(o);
      writeResult('lighthouse.json', { ...figures, command, machine: machine() });
      writeLighthouseTable(figures, command);
      console.log('wrote bench/results/lighthouse.json and its table in docs/performance.md');
    } finally {
      await serve.stop();
    }
  } finally {
    await bare.stop();
  }
}

/** `--sign-in-only`: the sign-in timing alone, on a fresh production server. */
async function signInOnly() {
  const serve = await startServe({});
  try {
    const timing = await signInTiming(BASE, DEMO_ACCOUNTS[2]!.email, spread);
    console.log(signInLine(timing));
    writeResult('sign-in.json', { measured_at: new Date().toISOString(), node: process.version, ...timing });
  } finally {
    await serve.stop();
  }
}

/** `--export-only`: the search page before and during one CSV export, on a fresh production server and a sandbox of `--page-reservations`. */
async function exportOnly(o: BenchOptions) {
  const serve = await startServe({ SANDBOX_RESERVATIONS: String(o.pageReservations) });
  try {
    const figures = await withSignedInPage((context, page) => exportFigures(o, context, page));
    console.log(exportLine(figures));
    writeResult('export.json', { measured_at: new Date().toISOString(), node: process.version, ...figures });
  } finally {
    await serve.stop();
  }
}

/**
 * `--events-only`: the change feed's delivery and the cost of open event streams, on a production
 * server and a sandbox of their own: bench/results/events.json.
 */
async function eventsOnly(o: BenchOptions) {
  const port = 3330;
  console.log(
    `\n━━ the change feed: a change's delivery to another member's stream, and ${o.events.streams} open streams' cost`,
  );
  const two = o.events.processes === 2;
  // Two processes: PostgreSQL, the writer on the first, the streams and the reader on the second.
  const serve = two
    ? await startDeployment({ processes: 2, port, sandboxPort: 4330, dataDir: '.data/bench/events-deployment' })
    : await serveBuild({ name: 'bench-events', port, sandboxPort: 4330, dataDir: '.data/bench/events-dashboard' });
  try {
    const figures = await eventFigures({
      base: `http://127.0.0.1:${two ? port + 1 : port}`,
      writerBase: `http://127.0.0.1:${port}`,
      port: two ? port + 1 : port,
      actionIds: readActionIds(),
      streams: o.events.streams,
      changes: o.events.changes,
    });
    const { delivery_ms: d, page_view_ms: v, dashboard_rss_mb: m } = figures;
    console.log(
      `  delivery of ${d.changes} changes: p50 ${d.p50} ms, p95 ${d.p95} ms, max ${d.max} ms, ${d.missed} missed\n` +
        `  page views p95 without streams ${v.without_streams.p95} ms, with ${figures.streams}: ${v.with_streams.p95} ms (× ${v.p95_ratio})\n` +
        `  the streams' process's memory: ${m.before} MB warm, ${m.streams_open} MB with the streams open (+${m.added_by_streams} MB), ${m.with_streams} MB after the views beside them (+${m.added} MB)`,
    );
    const command = `npm run bench -- --events-only --events-streams ${o.events.streams} --events-changes ${o.events.changes}${two ? ' --events-processes 2' : ''}`;
    const file = two ? 'events-two-processes.json' : 'events.json';
    writeResult(file, { measured_at: new Date().toISOString(), command, machine: machine(), ...figures });
    console.log(`wrote bench/results/${file}`);
  } finally {
    await serve.stop();
  }
}

/**
 * `--directory-only`: the API requests two members' directory and grid pages cost, on a
 * production server and a sandbox of their own: bench/results/directory.json.
 */
async function directoryOnly(o: BenchOptions) {
  const [port, sandboxPort] = [3340, 4340];
  console.log(`\n━━ the directory's pages: API requests a view, two members for ${o.directorySeconds} s`);
  const serve = await serveBuild({ name: 'bench-directory', port, sandboxPort, dataDir: '.data/bench/directory' });
  try {
    const figures = await directoryFigures({
      base: `http://127.0.0.1:${port}`,
      sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
      actionIds: readActionIds(),
      seconds: o.directorySeconds,
    });
    const { first_pass: f, stretch: s } = figures;
    console.log(
      `  first pass (the copy filled): ${f.views} views, ${f.api_requests} API requests (${f.per_view} a view)\n` +
        `  then ${s.seconds} s: ${s.views} views, ${s.api_requests} API requests (${s.per_view} a view)`,
    );
    const command = `npm run bench -- --directory-only --directory-seconds ${o.directorySeconds}`;
    writeResult('directory.json', { measured_at: new Date().toISOString(), command, machine: machine(), ...figures });
    console.log('wrote bench/results/directory.json');
  } finally {
    await serve.stop();
  }
}

/** `--grid-only`: the grid at scale, printed. */
async function gridOnly(o: BenchOptions) {
  const browser = await launchBrowser();
  try {
    await gridAtScale(browser, o);
  } finally {
    await browser.close();
  }
}

export async function main(args: string[]): Promise<void> {
  const o = parseBenchOptions(args);
  // The sandboxes started through scripts/run.ts take their control token from here.
  process.env.SANDBOX_CONTROL_TOKEN ||= randomBytes(18).toString('base64url');
  if (o.build) await nextBuild();
  const modes = {
    grid: gridOnly,
    'sign-in': signInOnly,
    export: exportOnly,
    lighthouse: lighthouseOnly,
    navigation: navigationOnly,
    events: eventsOnly,
    directory: directoryOnly,
    'guest-history': (b: BenchOptions) =>
      guestHistoryOnly({ actionIds: readActionIds(), rounds: b.guestHistoryRounds }),
  };
  await (o.only ? modes[o.only](o) : fullRun(o));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e instanceof Error ? e.stack : e);
    process.exit(1);
  });
}
