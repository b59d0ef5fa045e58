/** The figures of a load run: bench/results/load.json (or load-N-processes.json) and the summary printed. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

import type { LoggedRequest } from '../../lib/sandbox/control-client';
import { replacePerformanceBlock } from '../bench/performance-doc';
import { countBy, foldIds, peakInWindow, perFixedMinute, quantile, round } from '../stats';
import { fairShareFigures, hammerOutcome, slowestFive, type FairSharePhase } from './fair-share';
import { API_LIMIT_PER_MINUTE, AS_DEPLOYED, commandOf, type LoadOptions } from './options';
import type { ActionRecord, PageView, RunRecord } from './record';

/** What a run found besides its record. */
export interface RunFindings {
  options: LoadOptions;
  roles: Record<string, number>;
  setup: { staff_accounts_added: number; page_views: number; actions: number };
  runStart: number;
  /** how long the team takes to start: every session has begun to sign in within this long after runStart */
  rampMs: number;
  runEnd: number;
  /** the sandbox's log up to the end of the read-back */
  requests: LoggedRequest[];
  /** the main phase's API requests by the budget's lane (several processes on PostgreSQL; null with one) */
  requestsByLane: Record<string, number> | null;
  sessionFailures: string[];
  lost: string[];
  missingAudit: string[];
  auditRows: number;
  verificationReads: number;
  cells: { verified: number; leftPartWay: number };
  /** the fair-share phase (--fair-share) */
  fairShare?: FairSharePhase;
}

const lat = (xs: number[]) => ({ p50_ms: round(quantile(xs, 0.5)), p95_ms: round(quantile(xs, 0.95)) });
/** p50, p95, p99 and the maximum, as reads and writes are compared. */
const tail = (xs: number[]) => ({
  count: xs.length,
  p50_ms: round(quantile(xs, 0.5)),
  p95_ms: round(quantile(xs, 0.95)),
  p99_ms: round(quantile(xs, 0.99)),
  max_ms: round(Math.max(0, ...xs)),
});
/**
 * The reads and writes that started once the whole team had started (`from` ms into the run): the
 * team's start, every member signing in and opening the overview within a few seconds on
 * processes that have served none of their pages yet, is a burst of its own.
 */
export function afterStart(
  views: readonly Pick<PageView, 'at' | 'ms'>[],
  actions: readonly Pick<ActionRecord, 'start' | 'ms'>[],
  runStart: number,
  from: number,
) {
  return {
    from_s: round(from / 1000, 1),
    page_views: tail(views.filter((v) => v.at >= runStart + from).map((v) => v.ms)),
    writes: tail(actions.filter((a) => a.start >= runStart + from).map((a) => a.ms)),
  };
}
/** p50 / p95 / p99 of a tail, as the summary prints it. */
const percentiles = (t: ReturnType<typeof tail>) => `p50 ${t.p50_ms} / p95 ${t.p95_ms} / p99 ${t.p99_ms} ms`;
const times = (rs: readonly LoggedRequest[]) => rs.map((r) => Date.parse(r.at));

function pageViewFigures(views: PageView[], seconds: number) {
  const errorStates = views.filter((v) => v.errorState);
  const byRoute = [...new Set(views.map((v) => v.route))].sort().map((route) => {
    const of = views.filter((v) => v.route === route);
    return [
      route,
      { count: of.length, ...lat(of.map((v) => v.ms)), error_states: of.filter((v) => v.errorState).length },
    ] as const;
  });
  return {
    total: views.length,
    per_second: round(views.length / seconds, 1),
    ...lat(views.map((v) => v.ms)),
    slower_than_5s: views.filter((v) => v.ms > 5_000).length,
    with_error_state: errorStates.length,
    error_state_messages: [...new Set(errorStates.map((v) => v.errorState!))].slice(0, 5),
    by_route: Object.fromEntries(byRoute),
  };
}

function actionFigures(actions: ActionRecord[]) {
  const byKind = [...new Set(actions.map((a) => a.kind))].sort().map((kind) => {
    const of = actions.filter((a) => a.kind === kind);
    const outcomes = Object.fromEntries(
      [...new Set(of.map((a) => a.outcome))].sort().map((o) => [o, of.filter((a) => a.outcome === o).length]),
    );
    return [kind, { count: of.length, outcomes, ...lat(of.map((a) => a.ms)) }] as const;
  });
  const messages = actions.filter((a) => a.message).map((a) => a.message!.replace(/[0-9a-f-]{36}/g, '…').slice(0, 160));
  return {
    total: actions.length,
    ...lat(actions.map((a) => a.ms)),
    slower_than_5s: actions.filter((a) => a.ms > 5_000).length,
    by_kind: Object.fromEntries(byKind),
    refusal_messages: [...new Set(messages)].slice(0, 8),
  };
}

function apiFigures(f: RunFindings, pageViews: number) {
  const api = f.requests.filter((r) => r.path.startsWith('/v2/'));
  const duringRun = api.filter(
    (r) => Date.parse(r.at) >= Math.floor(f.runStart / 1000) * 1000 && Date.parse(r.at) <= f.runEnd,
  );
  const clients = [...new Set(api.map((r) => r.client_id ?? 'unknown'))];
  const peakByClient = Object.fromEntries(
    clients.map((c) => [c, peakInWindow(times(api.filter((r) => (r.client_id ?? 'unknown') === c)), 60_000).count]),
  );
  const perMinute = [...perFixedMinute(times(duringRun))].map(([minute, count]) => ({
    minute: new Date(minute).toISOString().slice(11, 16),
    requests: count,
  }));
  return {
    requests_during_run: duringRun.length,
    requests_per_page_view: round(duringRun.length / Math.max(1, pageViews), 2),
    by_lane: f.requestsByLane,
    page_view_requests_per_page_view: f.requestsByLane
      ? round((f.requestsByLane.view ?? 0) / Math.max(1, pageViews), 2)
      : null,
    by_endpoint: countBy(duringRun, (r) => `${r.method} ${foldIds(r.path)}`),
    token_requests: f.requests.filter((r) => r.path === '/oauth/token').length,
    peak_60s_window_by_client: peakByClient,
    peak_fixed_minute: Math.max(0, ...perFixedMinute(times(api)).values()),
    per_minute: perMinute,
    status_429: f.requests.filter((r) => r.status === 429).length,
    verification_reads_after_run: f.verificationReads,
  };
}

function checksOf(f: RunFindings, record: RunRecord, peakByClient: Record<string, number>) {
  const tooMany = f.requests.filter((r) => r.status === 429);
  const dashboardPeak = Math.max(0, ...Object.values(peakByClient));
  /** A check that holds when it found no problem, naming the first few it found. */
  const none = (name: string, problems: string[], shown = 5) => ({
    name,
    ok: problems.length === 0,
    detail: problems.slice(0, shown).join('; '),
  });
  return [
    none('every session signed in and ran to the end', f.sessionFailures),
    none('no HTTP 5xx, failed render or unanswered request from the dashboard', record.serverErrors),
    none('no lost update: the sandbox holds every change reported as done', f.lost),
    none('every change reported as done has its audit row', f.missingAudit),
    none(
      'the API never answered 429',
      tooMany.map((r) => `${r.method} ${r.path} at ${r.at}`),
      3,
    ),
    {
      name: `at most ${API_LIMIT_PER_MINUTE} API requests per client in any 60 s`,
      ok: dashboardPeak <= API_LIMIT_PER_MINUTE,
      detail: JSON.stringify(peakByClient),
    },
    ...(f.fairShare
      ? [
          none(
            'the hammering viewer got an answer to every request: a page or a request to slow down, no HTTP 5xx error',
            f.fairShare.hammer
              .filter((v) => hammerOutcome(v) === 'no answer' || (v.status >= 500 && !v.slowDown))
              .map((v) => `HTTP ${v.status} after ${Math.round(v.ms)} ms`),
          ),
        ]
      : []),
  ];
}

export function loadResults(record: RunRecord, f: RunFindings) {
  const o = f.options;
  const seconds = (f.runEnd - f.runStart) / 1000;
  const { pageViews, actions } = record;
  const api = apiFigures(f, pageViews.length);
  return {
    measured_at: new Date().toISOString(),
    command: commandOf(o),
    processes: o.processes,
    compression: AS_DEPLOYED.DASHBOARD_COMPRESSION,
    machine: {
      cores: cpus().length,
      memory_gb: round(totalmem() / 1024 ** 3),
      cpu: cpus()[0]?.model ?? 'unknown',
      node: process.version,
    },
    sessions: o.sessions,
    roles: f.roles,
    seconds: o.seconds,
    elapsed_s: round(seconds, 1),
    think_time_s: [o.thinkMinMs / 1000, o.thinkMaxMs / 1000],
    setup: f.setup,
    page_views: pageViewFigures(pageViews, seconds),
    actions: actionFigures(actions),
    /** the main phase's reads (page views) and writes (server actions) side by side, and pages served from a cache */
    reads_and_writes: {
      page_views: tail(pageViews.map((v) => v.ms)),
      writes: tail(actions.map((a) => a.ms)),
      page_views_served_from_cache: pageViews.filter((v) => v.asOf).length,
      after_start: afterStart(pageViews, actions, f.runStart, f.rampMs),
      slowest_writes: slowestFive(actions, f.runStart, (a) => ({ kind: a.kind, sentAt: a.start })),
    },
    fair_share: f.fairShare ? fairShareFigures(f.fairShare) : null,
    api,
    http_5xx: [...pageViews.filter((v) => v.status >= 500), ...actions.filter((a) => a.status >= 500)].length,
    server_errors: record.serverErrors.length,
    lost_updates: f.lost.length,
    audit: { rows: f.auditRows, successes_checked: record.expectedAudit.length, missing: f.missingAudit.length },
    allocation_grids: {
      read_by_operators: record.gridLoads.parsed,
      with_inconsistent_rows: record.gridLoads.withInconsistentRows,
    },
    verified: {
      allocation_cells: f.cells.verified,
      allocation_cells_left_part_way: f.cells.leftPartWay,
      reservations: record.touchedReservations().size,
      entities_renamed: record.entityNameWrites.size,
    },
    checks: checksOf(f, record, api.peak_60s_window_by_client),
  };
}

export type LoadResults = ReturnType<typeof loadResults>;

/** Writes the results and the run's raw log (not kept in the repository); returns the results file. */
export function writeLoadResults(r: LoadResults, record: RunRecord, f: RunFindings): string {
  mkdirSync('bench/results', { recursive: true });
  const file = r.fair_share
    ? `bench/results/load-fair-share${r.processes > 1 ? `-${r.processes}-processes` : ''}.json`
    : r.processes > 1
      ? `bench/results/load-${r.processes}-processes.json`
      : 'bench/results/load.json';
  writeFileSync(file, `${JSON.stringify(r, null, 2)}\n`);
  const raw = {
    runStart: f.runStart,
    runEnd: f.runEnd,
    requests: f.requests,
    pageViews: record.pageViews,
    actions: record.actions,
  };
  writeFileSync('bench/results/load-requests.tmp.json', JSON.stringify(raw));
  return file;
}

const pad = (v: unknown, n: number) => String(v).padStart(n);

export function printSummary(r: LoadResults): void {
  const p = r.page_views;
  const a = r.actions;
  console.log(`\n${r.sessions} sessions × ${r.seconds} s`);
  console.log(
    `  page views ${p.total} (${p.per_second}/s), p50 ${p.p50_ms} ms, p95 ${p.p95_ms} ms, ${p.slower_than_5s} over 5 s, ${p.with_error_state} with an error state`,
  );
  for (const m of p.error_state_messages) console.log(`    error state: ${m}`);
  console.log('  route                      views   p50 ms   p95 ms  errors');
  for (const [route, v] of Object.entries(p.by_route))
    console.log(
      `  ${route.padEnd(24)} ${pad(v.count, 7)} ${pad(v.p50_ms, 8)} ${pad(v.p95_ms, 8)} ${pad(v.error_states, 7)}`,
    );
  console.log(`  actions ${a.total}, p50 ${a.p50_ms} ms, p95 ${a.p95_ms} ms, ${a.slower_than_5s} over 5 s`);
  for (const [kind, k] of Object.entries(a.by_kind)) {
    const outcomes = Object.entries(k.outcomes)
      .map(([o, n]) => `${o} ${n}`)
      .join(', ');
    console.log(`    ${kind.padEnd(20)} ${pad(k.count, 5)}  p50 ${k.p50_ms} / p95 ${k.p95_ms} ms  ${outcomes}`);
  }
  for (const m of a.refusal_messages) console.log(`    refused: ${m}`);
  const rw = r.reads_and_writes;
  console.log(
    `  reads ${percentiles(rw.page_views)}; writes ${percentiles(rw.writes)}; ${rw.page_views_served_from_cache} pages served from a cache`,
  );
  const later = rw.after_start;
  console.log(
    `  once the team had started (from ${later.from_s} s): reads ${percentiles(later.page_views)}; writes ${percentiles(later.writes)}`,
  );
  console.log(`  slowest writes: ${slowestWrites(rw.slowest_writes)}`);
  for (const w of rw.slowest_writes) console.log(`    ${w.ms} ms: request ${w.request_id ?? '(no id)'} (${w.kind})`);
  const api = r.api;
  console.log(
    `  API: ${api.requests_during_run} requests (${api.requests_per_page_view} per page view), busiest 60 s ${JSON.stringify(api.peak_60s_window_by_client)}, ` +
      `busiest fixed minute ${api.peak_fixed_minute}, ${api.token_requests} token requests, ${api.status_429} × 429`,
  );
  if (api.by_lane)
    console.log(
      `  by the budget's lane: ${Object.entries(api.by_lane)
        .map(([lane, n]) => `${lane} ${n}`)
        .join(', ')}; page views' own: ${api.page_view_requests_per_page_view} per page view`,
    );
  console.log(
    `  allocation grids read by operators ${r.allocation_grids.read_by_operators}, ${r.allocation_grids.with_inconsistent_rows} with a row read-only because the entities' views disagree`,
  );
  console.log(`  HTTP 5xx ${r.http_5xx}, lost updates ${r.lost_updates}`);
  const fs = r.fair_share;
  if (fs) {
    const h = fs.hammer;
    console.log(`  fair share (${fs.seconds} s):`);
    console.log(
      `    the others: ${fs.others.page_views.count} page views p50 ${fs.others.page_views.p50_ms} / p95 ${fs.others.page_views.p95_ms} / max ${fs.others.page_views.max_ms} ms; ` +
        `${fs.others.writes.count} writes p50 ${fs.others.writes.p50_ms} / p95 ${fs.others.writes.p95_ms} / p99 ${fs.others.writes.p99_ms} / max ${fs.others.writes.max_ms} ms`,
    );
    console.log(
      `    the hammering viewer: ${h.requests} requests (${h.per_second}/s, ${h.concurrency} at a time): ${h.pages} pages, ${h.slowed_down} asked to slow down, ${h.error_pages} error pages, ${h.no_answer} unanswered; p50 ${h.p50_ms} / p95 ${h.p95_ms} ms`,
    );
    console.log(`    the others' slowest writes: ${slowestWrites(fs.others.writes.slowest)}`);
    for (const v of [...fs.others.writes.slowest, ...fs.others.page_views.slowest])
      console.log(`      ${v.ms} ms: request ${v.request_id ?? '(no id)'} (${'kind' in v ? v.kind : v.route})`);
    for (const m of h.messages) console.log(`    hammer saw: ${m}`);
  }
  for (const c of r.checks) console.log(`  ${c.ok ? '✓' : '✗'} ${c.name}${c.ok ? '' : `: ${c.detail}`}`);
}

/** Slowest writes, as `1,071 ms (applyAllocation, sent 0.6 s in)`. */
const slowestWrites = (slowest: readonly { ms: number; kind: string; sent_at_s: number }[]) =>
  slowest.map((w) => `${w.ms.toLocaleString('en')} ms (${w.kind}, sent ${w.sent_at_s} s in)`).join(', ') || 'none';

/** The fair-share table of docs/performance.md (after the load test's text), from a run with --fair-share. */
export function writeFairShareTable(r: LoadResults): void {
  const fs = r.fair_share;
  if (!fs) return;
  const rw = r.reads_and_writes;
  const h = fs.hammer;
  const o = fs.others;
  const n = (v: number) => v.toLocaleString('en');
  const lost =
    r.lost_updates === 0 && r.audit.missing === 0
      ? 'none lost'
      : `${r.lost_updates} lost, ${r.audit.missing} without audit row`;
  const lines = [
    `Measured ${r.measured_at.slice(0, 16).replace('T', ' ')} UTC with \`${r.command}\` on ${r.machine.cores} cores, Node ${r.machine.node}, ${r.processes === 1 ? 'one dashboard process' : `${r.processes} dashboard processes on one PostgreSQL`}${r.compression === 'host' ? ' (`DASHBOARD_COMPRESSION=host`: compression is the host’s, as deployed)' : ''}: the main phase (${r.sessions} sessions × ${r.seconds} s), then ${fs.seconds} s in which one more viewer loads \`/reservations?guest_last_name[in]=<a new random name>\` ${h.concurrency} at a time while the sessions go on. Pages served from a cache count the answers whose HTML carries \`data-as-of\`.`,
    '',
    '| | count | p50 | p95 | p99 | max | served from a cache |',
    '|---|---|---|---|---|---|---|',
    `| main phase: page views (reads) | ${rw.page_views.count} | ${n(rw.page_views.p50_ms)} ms | ${n(rw.page_views.p95_ms)} ms | ${n(rw.page_views.p99_ms)} ms | ${n(rw.page_views.max_ms)} ms | ${rw.page_views_served_from_cache} |`,
    `| main phase: server actions (writes) | ${rw.writes.count} | ${n(rw.writes.p50_ms)} ms | ${n(rw.writes.p95_ms)} ms | ${n(rw.writes.p99_ms)} ms | ${n(rw.writes.max_ms)} ms | |`,
    `| fair share: the others' page views | ${o.page_views.count} | ${n(o.page_views.p50_ms)} ms | ${n(o.page_views.p95_ms)} ms | | ${n(o.page_views.max_ms)} ms | ${o.page_views.served_from_cache} |`,
    `| fair share: the others' writes | ${o.writes.count} | ${n(o.writes.p50_ms)} ms | ${n(o.writes.p95_ms)} ms | ${n(o.writes.p99_ms)} ms | ${n(o.writes.max_ms)} ms | |`,
    `| fair share: the hammering viewer's page loads | ${h.requests} | ${n(h.p50_ms)} ms | ${n(h.p95_ms)} ms | | ${n(h.max_ms)} ms | ${h.served_from_cache} |`,
    '',
    `The hammering viewer's ${h.requests} page loads: ${h.pages} pages, ${h.slowed_down} asked to slow down (HTTP 429 or a page speaking of a rate limit or a share), ${h.error_pages} error pages, ${h.no_answer} unanswered. ` +
      `The others' slowest writes, with when each was sent: ${slowestWrites(fs.others.writes.slowest)}. ` +
      `Every change reported as done was read back from the sandbox and the audit log: ${lost}. Checks: ${r.checks.filter((c) => c.ok).length} of ${r.checks.length} passed${
        r.checks.some((c) => !c.ok)
          ? ` (failed: ${r.checks
              .filter((c) => !c.ok)
              .map((c) => c.name)
              .join('; ')})`
          : ''
      }.`,
  ];
  const name = r.processes > 1 ? `load-fair-share-${r.processes}-processes` : 'load-fair-share';
  replacePerformanceBlock(name, lines, (doc, block) => {
    if (doc.includes('<!-- load-fair-share:end -->'))
      return doc.replace('<!-- load-fair-share:end -->', `<!-- load-fair-share:end -->\n\n${block}`);
    const section = doc.indexOf('## Load test');
    const next = section < 0 ? -1 : doc.indexOf('\n## ', section + 1);
    return next < 0 ? `${doc.trimEnd()}\n\n${block}\n` : `${doc.slice(0, next)}\n${block}\n${doc.slice(next)}`;
  });
}
