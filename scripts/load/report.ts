/** The figures of a load run: bench/results/load.json (or load-N-processes.json) and the summary printed. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';

import type { LoggedRequest } from '../../lib/sandbox/control-client';
import { countBy, peakInWindow, perFixedMinute, quantile, round } from '../stats';
import { API_LIMIT_PER_MINUTE, commandOf, type LoadOptions } from './options';
import type { ActionRecord, PageView, RunRecord } from './record';

/** What a run found besides its record. */
export interface RunFindings {
  options: LoadOptions;
  roles: Record<string, number>;
  setup: { staff_accounts_added: number; page_views: number; actions: number };
  runStart: number;
  runEnd: number;
  /** the sandbox's log up to the end of the read-back */
  requests: LoggedRequest[];
  sessionFailures: string[];
  lost: string[];
  missingAudit: string[];
  auditRows: number;
  verificationReads: number;
  cells: { verified: number; leftPartWay: number };
}

const lat = (xs: number[]) => ({ p50_ms: round(quantile(xs, 0.5)), p95_ms: round(quantile(xs, 0.95)) });
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
    by_endpoint: countBy(duringRun, (r) => `${r.method} ${r.path.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, '{id}')}`),
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
  const file = r.processes > 1 ? `bench/results/load-${r.processes}-processes.json` : 'bench/results/load.json';
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
  const api = r.api;
  console.log(
    `  API: ${api.requests_during_run} requests (${api.requests_per_page_view} per page view), busiest 60 s ${JSON.stringify(api.peak_60s_window_by_client)}, ` +
      `busiest fixed minute ${api.peak_fixed_minute}, ${api.token_requests} token requests, ${api.status_429} × 429`,
  );
  console.log(
    `  allocation grids read by operators ${r.allocation_grids.read_by_operators}, ${r.allocation_grids.with_inconsistent_rows} with a row read-only because the entities' views disagree`,
  );
  console.log(`  HTTP 5xx ${r.http_5xx}, lost updates ${r.lost_updates}`);
  for (const c of r.checks) console.log(`  ${c.ok ? '✓' : '✗'} ${c.name}${c.ok ? '' : `: ${c.detail}`}`);
}
