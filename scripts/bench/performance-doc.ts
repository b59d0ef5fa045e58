/** The bench's figures as text of docs/performance.md: the results table between `<!-- bench:… -->` and the Lighthouse table. */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';

import type { ExportFigures } from './export';
import type { GridAtScale } from './grid';
import { lighthouseTable, type LighthouseFigures } from './lighthouse';
import { navigationTable, type NavigationFigures } from './navigation';
import type { SignInTiming } from './sign-in';

type Spread = { median: number; p95: number };

/** Where the bench and the load test write their figures. */
export const PERFORMANCE_DOC = 'docs/performance.md';

/** Replaces the block of docs/performance.md between `<!-- name:start -->` and `<!-- name:end -->`; `place` puts a missing one in. */
export function replacePerformanceBlock(
  name: string,
  lines: string[],
  place: (doc: string, block: string) => string,
): void {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${lines.join('\n')}\n${end}`;
  const doc = readFileSync(PERFORMANCE_DOC, 'utf8');
  writeFileSync(
    PERFORMANCE_DOC,
    doc.includes(start) ? doc.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block) : place(doc, block),
  );
}

export const signInLine = (t: SignInTiming) =>
  `Refused sign-ins (${t.samples} each, median / p95): unknown e-mail ${t.unknown_email_ms.median} / ${t.unknown_email_ms.p95} ms, ` +
  `wrong password ${t.wrong_password_ms.median} / ${t.wrong_password_ms.p95} ms, e-mail paused by its limit ${t.paused_email_ms.median} / ${t.paused_email_ms.p95} ms ` +
  `(paused ÷ unknown ${t.ratio_paused_to_unknown}, wrong ÷ unknown ${t.ratio_wrong_to_unknown}).`;

export const exportLine = (e: ExportFigures) =>
  `During a CSV export (${e.rows_streamed.toLocaleString('en')} rows streamed): the search page's content visible ${e.page_content_ms_during_export.median} / ${e.page_content_ms_during_export.p95} ms, ` +
  `without one ${e.page_content_ms_without_export.median} / ${e.page_content_ms_without_export.p95} ms (median / p95; ratio ${e.ratio_during_to_without}); ` +
  `the export's page reads in its busiest 60 s: ${e.export_page_reads_busiest_60s} (its share allows ${e.export_page_reads_allowed_per_60s}).`;

/** An INP figure; the Event Timing API does not report events under 16 ms. */
const inp = (v: Spread) => `${v.median || '<16'} / ${v.p95 || '<16'} ms`;

type GridViews = GridAtScale['one_venue'];
const gridViews = (first: GridViews['first_view'], after: GridViews['views_after']) =>
  `first view LCP ${first.lcp_ms} ms, rows visible ${first.content_ms} ms, ${first.api_requests} API requests; ` +
  `views after it LCP ${after.lcp_ms.median} / ${after.lcp_ms.p95} ms, rows ${after.content_ms.median} / ${after.content_ms.p95} ms, ${after.api_requests} API requests (median)`;

export interface BenchResults {
  machine: { cores: number; memory_gb: number; cpu: string; node: string };
  command: string;
  page_world_reservations: number;
  measured_at: string;
  js_baseline_gzip_kb: number;
  pages: {
    route: string;
    lcp_ms: Spread;
    content_ms: Spread;
    js_gzip_kb: number;
    js_over_baseline_kb: number;
    api_requests_per_view: number;
    repeated_requests: string[];
  }[];
  interactions: Record<'grid_keyboard_step_inp_ms' | 'grid_drag_step_inp_ms' | 'search_preset_inp_ms', Spread>;
  api_economy: {
    api_requests_per_page_view: number;
    token_requests_during_page_views: number;
    page_views: number;
    requests_repeated_within_a_page_view: number;
    tokens: {
      simulated_hours: number;
      api_calls: number;
      organizations: number;
      token_lifetime_hours: number;
      token_requests: number;
      token_requests_per_hour: number;
      minimum_possible: number;
    };
  };
  server_overhead: { action: string; api_requests: number; overhead_ms: { p50: number; p95: number } }[];
  sign_in: SignInTiming;
  during_export: ExportFigures;
  grid_at_scale: GridAtScale;
  sandbox: {
    reservations: number;
    database: string;
    endpoints: { label: string; rps: number; p50_ms: number; p99_ms: number }[];
  };
}

function gridParagraph(g: GridAtScale): string {
  const repeated = g.repeated_requests.length
    ? `Repeated within a view: ${g.repeated_requests.join('; ')}`
    : 'No request repeated within a view';
  return (
    `Allocation grid at ${g.commitments.toLocaleString('en')} commitments × ${g.entities} entities (the heading streams first, the rows when every entity's are read): ` +
    `one venue (${g.one_venue.rows}, read with venue_id), viewed first after the server starts: ${gridViews(g.one_venue.first_view, g.one_venue.views_after)}. ` +
    `All venues, next (the server warm, no other venue's rows read yet): ${gridViews(g.first_view, g.views_after)}. ` +
    `${repeated}. INP keyboard step ${inp(g.keyboard_step_inp_ms)}, mouse drag ${inp(g.drag_step_inp_ms)} (median / p95).`
  );
}

/** The results table of a full run, in docs/performance.md. */
export function writeResultsTable(r: BenchResults): void {
  const t = r.api_economy.tokens;
  const i = r.interactions;
  const lines = [
    `Measured ${r.measured_at.slice(0, 10)} with \`${r.command}\` on ${r.machine.cores} cores, ${r.machine.memory_gb} GB, Node ${r.machine.node} (figures from one run; compare ratios, not absolutes).`,
    '',
    `Pages are served against a sandbox of ${r.page_world_reservations.toLocaleString('en')} reservations.`,
    '',
    `| page | LCP median / p95 | content visible median / p95 | JS gzip (over the empty-page baseline of ${r.js_baseline_gzip_kb} kB) | API requests per view (repeated) |`,
    '|---|---|---|---|---|',
    ...r.pages.map(
      (p) =>
        `| ${p.route} | ${p.lcp_ms.median} / ${p.lcp_ms.p95} ms | ${p.content_ms.median} / ${p.content_ms.p95} ms | ${p.js_gzip_kb} kB (+${p.js_over_baseline_kb} kB) | ${p.api_requests_per_view} (${p.repeated_requests.length ? p.repeated_requests.join('; ') : 'none'}) |`,
    ),
    '',
    `INP: grid keyboard step ${inp(i.grid_keyboard_step_inp_ms)}; grid mouse drag ${inp(i.grid_drag_step_inp_ms)}; search preset ${inp(i.search_preset_inp_ms)} (median / p95). ` +
      `Token requests during the ${r.api_economy.page_views} page views: ${r.api_economy.token_requests_during_page_views}.`,
    '',
    gridParagraph(r.grid_at_scale),
    '',
    `Tokens: ${t.api_calls.toLocaleString('en')} API calls over ${t.simulated_hours} simulated hours across ${t.organizations} organizations (token lifetime ${t.token_lifetime_hours} h) took ${t.token_requests} token requests, ${t.token_requests_per_hour} per hour (the minimum possible is ${t.minimum_possible}).`,
    '',
    '| server action | API requests | server time beyond the API p50 / p95 |',
    '|---|---|---|',
    ...r.server_overhead.map(
      (o) => `| ${o.action} | ${o.api_requests} | ${o.overhead_ms.p50} / ${o.overhead_ms.p95} ms |`,
    ),
    '',
    signInLine(r.sign_in),
    '',
    exportLine(r.during_export),
    '',
    `| sandbox endpoint (${r.sandbox.reservations.toLocaleString('en')} reservations, ${r.sandbox.database}) | req/s | p50 | p99 |`,
    '|---|---|---|---|',
    ...r.sandbox.endpoints.map((e) => `| ${e.label} | ${e.rps} | ${e.p50_ms} ms | ${e.p99_ms} ms |`),
  ];
  replacePerformanceBlock('bench', lines, (doc, block) => `${doc.trimEnd()}\n\n${block}\n`);
}

/** The Lighthouse table of docs/performance.md, after the results table when it has none yet. */
export function writeLighthouseTable(figures: LighthouseFigures, command: string): void {
  replacePerformanceBlock('lighthouse', lighthouseTable(figures, `${cpus().length} cores.`, command), (doc, block) =>
    doc.replace('<!-- bench:end -->', `<!-- bench:end -->\n\n${block}`),
  );
}

/** The navigation table of docs/performance.md, after the Lighthouse table (or the results table) when it has none yet. */
export function writeNavigationTable(figures: NavigationFigures, command: string): void {
  const after = (doc: string) =>
    doc.includes('<!-- lighthouse:end -->') ? '<!-- lighthouse:end -->' : '<!-- bench:end -->';
  replacePerformanceBlock('navigation', navigationTable(figures, command, `${cpus().length} cores`), (doc, block) =>
    doc.replace(after(doc), `${after(doc)}\n\n${block}`),
  );
}
