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
import { newRequestId, withRequestId } from '../log/logger';
import { ClaimLoop } from '../ops/claim-loop';
import { processWide } from '../process-wide';
import { CANCEL_RESERVATION, cancelReservationIn } from '../reservations';
import { CHANGE_STAFF_ACCESS, changeStaffAccessIn } from '../team';
import { claimNextJob, finishJob, nextRow, recordOutcome, releaseClaim, renewClaim, stopRest } from './store';

/** How often each process looks for a job to take on (a new one wakes the process that stored it at once). */
const LOOK_EVERY_MS = 5_000;

/** A refusal that would repeat for every row (the session, the role, a limit, the budget) stops the run. */
const refusesAll = (status: number) => status === 401 || status === 403 || status === 429;

/** One row of a job, as its member, through the same guard as their own action (one audit row each). */
function runRow(
  job: BulkJobRow,
  entity: EntityChoice | null,
  targetId: string,
  staff: Parameters<typeof runForStaff>[1],
  t: Parameters<typeof runForStaff>[2],
) {
  const run = () =>
    job.kind === 'change'
      ? runForStaff(
          CHANGE_STAFF_ACCESS,
          staff,
          t,
          async () => ({ ...(job.params as object), id: targetId }),
          changeStaffAccessIn,
        )
      : runForStaff(
          CANCEL_RESERVATION,
          staff,
          t,
          async () => ({ id: targetId }),
          (input, ctx) => cancelReservationIn(entity, input.id, ctx),
        );
  return withRequestId(newRequestId(), () => withRequestTicket(run, 'write'));
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
    const outcome = await runRow(job, entity, row.targetId, staff!, t);
    if (outcome.ok) await recordOutcome(db, job.id, row.position, { result: 'done' });
    else {
      await recordOutcome(db, job.id, row.position, { result: 'refused', reason: outcome.error });
      if (refusesAll(outcome.status)) await stopRest(db, job.id, outcome.error, row.name);
    }
  }
  await finishJob(db, job.id, new Date());
  wakeChangeFeed();
}

const globalForJobs = processWide("this process's runner of bulk jobs", () => ({
  runner: undefined as ClaimLoop<BulkJobRow> | undefined,
}));

/**
 * Starts this process's runner of bulk jobs (once): it takes on the oldest job no process holds,
 * runs it to its end, then the next, and looks again every LOOK_EVERY_MS (a job whose process
 * stopped is free once its claim lapses). On graceful shutdown the row running ends and the
 * claim is given up.
 */
export function startBulkJobs(): void {
  globalForJobs.runner ??= new ClaimLoop<BulkJobRow>({
    name: 'bulk jobs',
    everyMs: LOOK_EVERY_MS,
    claim: async () => claimNextJob(await getDb(), new Date()),
    work: runJob,
  }).start();
}

/** Has this process look for jobs now (it started the runner, or does so). */
export function wakeBulkJobs(): void {
  startBulkJobs();
  globalForJobs.runner?.wake();
}
