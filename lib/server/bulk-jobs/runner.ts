import 'server-only';

import { DEFAULT_UI_LOCALE, isUiLocale } from '../../i18n/locales';
import { said, translateSaid } from '../../i18n/said';
import { translatorFor } from '../../i18n/translator';
import { staffOfJob } from '../auth';
import { withRequestTicket } from '../budget';
import { wakeChangeFeed } from '../changes';
import { getDb } from '../db';
import type { BulkJobRow } from '../db/schema';
import { findEntityChoice, type EntityChoice } from '../directory';
import { runForStaff } from '../http';
import { logUnexpected } from '../log';
import { newRequestId, withRequestId } from '../log/logger';
import { onShutdown } from '../ops';
import { processWide } from '../process-wide';
import { CANCEL_RESERVATION, cancelReservationIn } from '../reservations';
import { claimNextJob, finishJob, nextRow, recordOutcome, releaseClaim, renewClaim, stopRest } from './store';

/** How often each process looks for a job to take on (a new one wakes the process that stored it at once). */
const LOOK_EVERY_MS = 5_000;

/** A refusal that would repeat for every row (the session, the role, a limit, the budget) stops the run. */
const refusesAll = (status: number) => status === 401 || status === 403 || status === 429;

/** One row of a job, as its member, through the same guard as their own action (one audit row each). */
function runRow(
  entity: EntityChoice | null,
  targetId: string,
  staff: Parameters<typeof runForStaff>[1],
  t: Parameters<typeof runForStaff>[2],
) {
  return withRequestId(newRequestId(), () =>
    withRequestTicket(
      () =>
        runForStaff(
          CANCEL_RESERVATION,
          staff,
          t,
          async () => ({ id: targetId }),
          (input, ctx) => cancelReservationIn(entity, input.id, ctx),
        ),
      'write',
    ),
  );
}

/**
 * Runs a claimed job from its first row not tried to its end, unless the process stops first
 * (the claim is then given up, and the job taken on again from that row). The member is re-read
 * for every row: removed, disabled or signed out everywhere, the rest is not tried.
 */
async function runJob(job: BulkJobRow, stopping: () => boolean): Promise<void> {
  const db = await getDb();
  const t = await translatorFor(isUiLocale(job.locale) ? job.locale : DEFAULT_UI_LOCALE);
  const entity = job.entityId ? await findEntityChoice(job.entityId) : null;
  for (;;) {
    if (stopping()) return releaseClaim(db, job.id);
    const row = await nextRow(db, job.id);
    if (!row) break;
    if (!(await renewClaim(db, job.id, new Date()))) return;
    const staff = await staffOfJob(db, job.staffId, job.sessionVersion);
    const stop = !staff
      ? said('errors.bulk.memberChanged')
      : job.entityId && !entity
        ? said('errors.entityGone')
        : null;
    if (stop) {
      await stopRest(db, job.id, translateSaid(t, stop), row.name);
      break;
    }
    const outcome = await runRow(entity, row.targetId, staff!, t);
    if (outcome.ok) await recordOutcome(db, job.id, row.position, { result: 'done' });
    else {
      await recordOutcome(db, job.id, row.position, { result: 'refused', reason: outcome.error });
      if (refusesAll(outcome.status)) await stopRest(db, job.id, outcome.error, row.name);
    }
  }
  await finishJob(db, job.id, new Date());
  wakeChangeFeed();
}

/**
 * This process's runner of bulk jobs: it takes on the oldest job no process holds, runs it to its
 * end, then the next, and looks again every LOOK_EVERY_MS (a job whose process stopped is free
 * once its claim lapses). One job at a time per process; on graceful shutdown the row running
 * ends and the claim is given up.
 */
class BulkJobRunner {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = false;

  start(): void {
    this.#timer = setInterval(() => this.wake(), LOOK_EVERY_MS);
    this.#timer.unref();
    this.wake();
  }

  /** Looks for jobs now (a member just stored one). */
  wake(): void {
    if (this.#running || this.#stopped) return;
    this.#running = this.#drain().finally(() => (this.#running = undefined));
  }

  async #drain(): Promise<void> {
    try {
      const db = await getDb();
      for (
        let job = await claimNextJob(db, new Date());
        job && !this.#stopped;
        job = await claimNextJob(db, new Date())
      )
        try {
          await runJob(job, () => this.#stopped);
        } catch (e) {
          // Tried again once its claim lapses (the API unreachable, the database gone for a moment).
          logUnexpected('bulk job', e);
          return;
        }
    } catch (e) {
      logUnexpected('bulk jobs', e);
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearInterval(this.#timer);
    await this.#running;
  }
}

const globalForJobs = processWide("this process's runner of bulk jobs", () => ({
  runner: undefined as BulkJobRunner | undefined,
}));

/** Starts this process's runner of bulk jobs (once); stopped on graceful shutdown. */
export function startBulkJobs(): void {
  if (globalForJobs.runner) return;
  const runner = (globalForJobs.runner = new BulkJobRunner());
  onShutdown(() => runner.stop());
  runner.start();
}

/** Has this process look for jobs now (it started the runner, or does so). */
export function wakeBulkJobs(): void {
  if (!globalForJobs.runner) startBulkJobs();
  globalForJobs.runner?.wake();
}
