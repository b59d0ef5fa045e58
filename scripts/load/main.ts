/**
 * `npm run test:load`: many staff members at once, browsing and editing through the production
 * dashboard over HTTP as their browsers would (pages, next-auth sign-in, server actions), against
 * a fresh sandbox. Afterwards it checks that the dashboard answered no 5xx, lost no update (the
 * sandbox and the audit log hold every change reported as done) and kept within the API's rate
 * limit, and writes bench/results/load.json. Not part of `npm test` (it takes minutes and the
 * whole machine).
 *
 *   npm run test:load [-- --sessions 50] [--seconds 120] [--think-min 1] [--think-max 3] [--processes 1] [--port 3400] [--sandbox-port 4400] [--no-build]
 *                     [--fair-share [--fair-share-seconds 60] [--hammer-concurrency 16]]
 *
 * It builds first (--no-build: the build in .next as it is), and serves on
 * ports 3400 (dashboard) and 4400 (sandbox) unless --port / --sandbox-port say otherwise. With
 * --processes N (N > 1) it runs N dashboard processes on ports 3400… on one PostgreSQL
 * (deployment.ts), the sessions spread over them in turn, and writes bench/results/load-N-processes.json.
 *
 * With --fair-share, a phase follows the main one: one more viewer hammers the reservation search
 * while the sessions go on working (fair-share.ts); the figures go to bench/results/load-fair-share.json (load-fair-share-N-processes.json with --processes N).
 *
 * The modules: sessions.ts and tasks.ts (what staff do), browser.ts (their HTTP), record.ts (what
 * the run records), fair-share.ts (the hammering viewer), verify.ts (the read-back), report.ts (the figures).
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

import { DEMO_DELEGATES } from '../../lib/sandbox/seed/demo';
import { nextBuild } from '../processes';
import { readActionIds } from './actions';
import { unmatched } from './checks';
import { fairSharePhase, HAMMER, type FairSharePhase } from './fair-share';
import { LaneLog } from './lanes';
import { parseLoadOptions, UsageError, type LoadOptions } from './options';
import { RunRecord } from './record';
import { loadResults, printSummary, writeFairShareTable, writeLoadResults, type RunFindings } from './report';
import { RequestLog } from './request-log';
import { serveForLoad, type Served } from './serve';
import { addTeam, countRoles, progressLines, runSession, sessionsOf, teamOf } from './sessions';
import { sleep, type RunWorld } from './tasks';
import { readAudit, readBack, readCells, readEntities, verificationClient } from './verify';

async function ensureBuild(build: boolean): Promise<void> {
  if (build) return nextBuild();
  if (!existsSync('.next/BUILD_ID'))
    throw new Error('No production build: run `npm run build` first, or drop --no-build.');
}

const failureOf = (r: PromiseSettledResult<void>, i: number) =>
  r.status === 'rejected'
    ? [`session ${i + 1}: ${r.reason instanceof Error ? r.reason.message : String(r.reason)}`]
    : [];

/** Sets up the team, runs the sessions, reads every change back; the exit code (0 when every check passed). */
async function loadRun(o: LoadOptions, served: Served): Promise<number> {
  const actionIds = readActionIds();
  const { client, requests: verificationReads } = verificationClient(served.sandboxUrl);
  const log = new RequestLog(served.sandboxUrl);
  const suspendedEntityIds = new Set(DEMO_DELEGATES.filter((d) => d.suspended).map((d) => d.entityId));
  const world: RunWorld = {
    record: new RunRecord(),
    entities: await readEntities(client),
    suspendedEntityIds,
    thinkMinMs: o.thinkMinMs,
    thinkMaxMs: o.thinkMaxMs,
  };
  const { record } = world;
  const cellsBefore = await readCells(client, world.entities);
  await log.poll();

  const team = teamOf(o.sessions);
  const roles = countRoles(team);
  const password = randomBytes(12).toString('base64url');
  console.log(
    `━━ the admin adds ${team.length} staff accounts (${Object.entries(roles)
      .map(([r, n]) => `${n} ${r}s`)
      .join(', ')})`,
  );
  const setupStart = Date.now();
  await addTeam(world, served.bases[0]!, actionIds, o.fairShare ? [...team, HAMMER] : team, password);
  // The team starts work a minute after its accounts were made, as it would: the setup's API
  // requests are then out of the dashboard's one-minute request budget and of the API's window.
  const quiet = 61_000 - (Date.now() - setupStart);
  if (quiet > 0) {
    console.log(
      `   (the team starts ${Math.ceil(quiet / 1000)} s later, once the setup's API requests are a minute old)`,
    );
    await sleep(quiet);
  }
  const setup = record.startRun();

  console.log(
    `━━ ${o.sessions} staff sessions browse and edit for ${o.seconds} s (think time ${o.thinkMinMs / 1000}–${o.thinkMaxMs / 1000} s)`,
  );
  const runStart = Date.now();
  const rampMs = Math.min(10_000, (o.seconds * 1000) / 4);
  const sessions = sessionsOf(world, team, served.bases, actionIds, runStart + o.seconds * 1000);
  const lanes = served.databaseUrl ? new LaneLog(served.databaseUrl) : null;
  const poller = setInterval(() => {
    void log.poll().catch((e: unknown) => record.serverErrors.push(`request log: ${String(e)}`));
    void lanes?.poll().catch((e: unknown) => record.serverErrors.push(`budget lanes: ${String(e)}`));
  }, 5_000);
  const progress = setInterval(
    () => progressLines(world, sessions, runStart).forEach((line) => console.log(line)),
    15_000,
  );
  const ended = await Promise.allSettled(
    sessions.map((s) => runSession(s, password, (rampMs * (s.index - 1)) / o.sessions)),
  );
  const runEnd = Date.now();

  let fairShare: FairSharePhase | undefined;
  if (o.fairShare) {
    const { seconds, concurrency } = o.fairShare;
    console.log(
      `━━ fair share: ${HAMMER.email} loads the reservation search ${concurrency} at a time for ${seconds} s while the ${o.sessions} sessions go on`,
    );
    const main = { pageViews: record.pageViews, actions: record.actions };
    record.startRun();
    fairShare = await fairSharePhase({
      sessions,
      record,
      base: served.bases[0]!,
      actionIds,
      password,
      seconds,
      concurrency,
    });
    // The run's own figures are the main phase's.
    record.pageViews = main.pageViews;
    record.actions = main.actions;
  }
  clearInterval(poller);
  clearInterval(progress);
  await log.poll();
  await lanes?.poll();
  const requestsByLane = lanes?.countsBetween(runStart, runEnd) ?? null;
  await lanes?.close();

  console.log('━━ reading back every change from the sandbox and the audit log');
  const lastRunSeq = log.lastSeq;
  const { lost, cellsAfter } = await readBack(client, record, world.entities, cellsBefore);
  await log.poll();
  // The audit log is read before PostgreSQL stops with the deployment; the embedded one after the dashboard stopped.
  if (!served.databaseUrl) await served.stop();
  const audit = await readAudit(served.databaseUrl);
  await served.stop();

  const findings: RunFindings = {
    options: o,
    roles,
    setup: { staff_accounts_added: team.length, page_views: setup.pageViews, actions: setup.actions },
    runStart,
    rampMs,
    runEnd,
    requests: log.entries.filter((r) => r.seq <= lastRunSeq),
    requestsByLane,
    sessionFailures: [...ended.flatMap(failureOf), ...(fairShare?.sessionFailures ?? [])],
    fairShare,
    lost,
    missingAudit: unmatched(record.expectedAudit, audit.successKeys),
    auditRows: audit.rows,
    verificationReads: verificationReads(),
    cells: {
      verified: new Set([...cellsBefore.keys(), ...cellsAfter.keys()]).size,
      leftPartWay: record.uncertainCells.size,
    },
  };
  const results = loadResults(record, findings);
  const file = writeLoadResults(results, record, findings);
  printSummary(results);
  if (results.fair_share) writeFairShareTable(results);
  console.log(`\nwrote ${file}${results.fair_share ? ' and the fair-share table in docs/performance.md' : ''}`);
  return results.checks.every((c) => c.ok) ? 0 : 1;
}

/** The load test with the command line `args`; resolves with the exit code. */
export async function main(args: string[]): Promise<number> {
  let o: LoadOptions;
  try {
    o = parseLoadOptions(args);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(e.message);
    return 2;
  }
  // The sandbox started through scripts/run.ts takes its control token from here.
  process.env.SANDBOX_CONTROL_TOKEN ||= randomBytes(18).toString('base64url');
  await ensureBuild(o.build);
  const served = await serveForLoad(o);
  const stop = async (code: number) => {
    await served.stop();
    process.exit(code);
  };
  const onSigint = () => void stop(130);
  const onSigterm = () => void stop(143);
  process.once('SIGINT', onSigint);
  process.once('SIGTERM', onSigterm);
  void served.exited.then((what) => {
    console.error(`${what} stopped during the run`);
    void stop(1);
  });
  try {
    return await loadRun(o, served);
  } finally {
    await served.stop();
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigterm);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e: unknown) => {
      console.error(e instanceof Error ? e.stack : e);
      process.exit(1);
    },
  );
}
