/**
 * The stored bulk jobs (migration 0034): a job is recorded with all its rows at once, claimed by
 * one process at a time (`for update skip locked`, with a lease that the runner renews row by
 * row), and each row's outcome is written as it ends, so that a job whose process stopped is
 * taken on by another (or the same, restarted) from its first row not tried. Free of
 * `server-only`: the tests use it on an embedded database.
 */
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';

import type { BulkJobKind, BulkJobView, BulkRowOutcome } from '../../bulk-jobs/view';
import { recordChange } from '../changes/record';
import type { DashboardDb } from '../db/open';
import { bulkJobRows, bulkJobs, staffUsers, type BulkJobRow } from '../db/schema';

/** How long a process holds its claim on a job without renewing it (each row renews it). */
export const JOB_CLAIM_MS = 30_000;
/** How long a finished job's report is kept. */
export const JOB_RETENTION_DAYS = 30;

export interface NewJob {
  staffId: string;
  kind: BulkJobKind;
  entityId: string | null;
  locale: string;
  sessionVersion: number;
  /** what a `change` gives each member: `{ role }` or `{ disabled }` */
  params?: Record<string, unknown>;
  rows: readonly { id: string; name: string }[];
}

/** Whether a database error (or one it caused) is a unique index refusing a second row. */
export const isUniqueViolation = (e: unknown): boolean => {
  for (let c: unknown = e; c && typeof c === 'object'; c = (c as { cause?: unknown }).cause)
    if ((c as { code?: unknown }).code === '23505') return true;
  return false;
};

/** Records a job and its rows, or says that the member already has one running (one at a time). */
export async function recordJob(db: DashboardDb, job: NewJob): Promise<{ id: string } | { running: true }> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(bulkJobs)
        .values({
          staffId: job.staffId,
          kind: job.kind,
          entityId: job.entityId,
          locale: job.locale,
          sessionVersion: job.sessionVersion,
          params: job.params ?? null,
          total: job.rows.length,
        })
        .returning({ id: bulkJobs.id });
      await tx
        .insert(bulkJobRows)
        .values(job.rows.map((r, position) => ({ jobId: row!.id, position, targetId: r.id, name: r.name })));
      return { id: row!.id };
    });
  } catch (e) {
    if (isUniqueViolation(e)) return { running: true };
    throw e;
  }
}

/** Claims the oldest job not finished whose claim is free or has lapsed (its process stopped), or null. */
export async function claimNextJob(db: DashboardDb, now: Date): Promise<BulkJobRow | null> {
  const free = sql`(select ${bulkJobs.id} from ${bulkJobs}
    where ${bulkJobs.finishedAt} is null and (${bulkJobs.claimedUntil} is null or ${bulkJobs.claimedUntil} < ${now})
    order by ${bulkJobs.createdAt} limit 1 for update skip locked)`;
  const [claimed] = await db
    .update(bulkJobs)
    .set({ claimedUntil: new Date(now.getTime() + JOB_CLAIM_MS) })
    .where(eq(bulkJobs.id, free))
    .returning();
  return claimed ?? null;
}

/** Renews the claim before a row; false when the job is no longer this process's to run. */
export async function renewClaim(db: DashboardDb, jobId: string, now: Date): Promise<boolean> {
  const renewed = await db
    .update(bulkJobs)
    .set({ claimedUntil: new Date(now.getTime() + JOB_CLAIM_MS) })
    .where(and(eq(bulkJobs.id, jobId), isNull(bulkJobs.finishedAt)))
    .returning({ id: bulkJobs.id });
  return renewed.length > 0;
}

/** Gives a claim up (a graceful shutdown): another process takes the job on at once. */
export async function releaseClaim(db: DashboardDb, jobId: string): Promise<void> {
  await db.update(bulkJobs).set({ claimedUntil: null }).where(eq(bulkJobs.id, jobId));
}

/** The job's first row not tried yet, or null. */
export async function nextRow(db: DashboardDb, jobId: string) {
  const [row] = await db
    .select({ position: bulkJobRows.position, targetId: bulkJobRows.targetId, name: bulkJobRows.name })
    .from(bulkJobRows)
    .where(and(eq(bulkJobRows.jobId, jobId), isNull(bulkJobRows.result)))
    .orderBy(asc(bulkJobRows.position))
    .limit(1);
  return row ?? null;
}

/** Records how one row ended. */
export async function recordOutcome(
  db: DashboardDb,
  jobId: string,
  position: number,
  outcome: { result: 'done' } | { result: 'refused'; reason: string },
): Promise<void> {
  await db
    .update(bulkJobRows)
    .set({ result: outcome.result, reason: outcome.result === 'refused' ? outcome.reason : null })
    .where(and(eq(bulkJobRows.jobId, jobId), eq(bulkJobRows.position, position)));
}

/** Marks every row not tried yet as such, with the refusal that stopped the run and where. */
export async function stopRest(db: DashboardDb, jobId: string, reason: string, stoppedAt: string): Promise<void> {
  await db
    .update(bulkJobRows)
    .set({ result: 'not tried', reason, stoppedAt })
    .where(and(eq(bulkJobRows.jobId, jobId), isNull(bulkJobRows.result)));
}

/**
 * Marks the job finished and records, in the same transaction, its `bulk.finished` change for its
 * member alone (their other devices' headers follow; a run that did not do every row raises an
 * inbox item, lib/server/notifications).
 */
export async function finishJob(db: DashboardDb, jobId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [job] = await tx
      .update(bulkJobs)
      .set({ finishedAt: now, claimedUntil: null })
      .where(and(eq(bulkJobs.id, jobId), isNull(bulkJobs.finishedAt)))
      .returning();
    if (!job) return;
    const [counts] = await tx
      .select({ done: sql<number>`count(*) filter (where ${bulkJobRows.result} = 'done')`.mapWith(Number) })
      .from(bulkJobRows)
      .where(eq(bulkJobRows.jobId, jobId));
    const [member] = await tx.select({ name: staffUsers.name }).from(staffUsers).where(eq(staffUsers.id, job.staffId));
    await recordChange(tx, {
      kind: 'bulk.finished',
      entityId: job.entityId,
      ids: { staff: job.staffId, job: job.id },
      who: { id: job.staffId, name: member?.name ?? '' },
      data: { bulk: job.kind, done: counts?.done ?? 0, total: job.total },
    });
  });
}

/** The member's jobs to show: the one running and the finished ones whose report they have not closed. */
export async function jobsOf(db: DashboardDb, staffId: string, limit = 5): Promise<BulkJobView[]> {
  const jobs = await db
    .select()
    .from(bulkJobs)
    .where(and(eq(bulkJobs.staffId, staffId), or(isNull(bulkJobs.finishedAt), isNull(bulkJobs.dismissedAt))))
    .orderBy(desc(bulkJobs.createdAt))
    .limit(limit);
  // Every row of these jobs in one read (the header asks every second while one runs).
  const rows = jobs.length
    ? await db
        .select()
        .from(bulkJobRows)
        .where(
          inArray(
            bulkJobRows.jobId,
            jobs.map((j) => j.id),
          ),
        )
        .orderBy(asc(bulkJobRows.position))
    : [];
  const views: BulkJobView[] = [];
  for (const job of jobs) {
    const report: BulkRowOutcome[] = rows
      .filter((r) => r.jobId === job.id)
      .flatMap((r): BulkRowOutcome[] => {
        const row = { id: r.targetId, name: r.name };
        if (r.result === 'done') return [{ ...row, result: 'done' }];
        if (r.result === 'refused') return [{ ...row, result: 'refused', reason: r.reason ?? '' }];
        if (r.result === 'not tried')
          return [{ ...row, result: 'not tried', reason: r.reason ?? '', stoppedAt: r.stoppedAt ?? '' }];
        return [];
      });
    views.push({
      id: job.id,
      kind: job.kind as BulkJobKind,
      total: job.total,
      finished: job.finishedAt !== null,
      startedAt: job.createdAt.toISOString(),
      report,
    });
  }
  return views;
}

/** Closes a finished job's report for its member; false when there is no such finished job of theirs. */
export async function dismissJob(db: DashboardDb, staffId: string, jobId: string, now: Date): Promise<boolean> {
  const closed = await db
    .update(bulkJobs)
    .set({ dismissedAt: now })
    .where(and(eq(bulkJobs.id, jobId), eq(bulkJobs.staffId, staffId), sql`${bulkJobs.finishedAt} is not null`))
    .returning({ id: bulkJobs.id });
  return closed.length > 0;
}

/** Deletes finished jobs past their retention (with their rows). */
export async function pruneJobs(db: DashboardDb, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - JOB_RETENTION_DAYS * 86_400_000);
  const deleted = await db.delete(bulkJobs).where(lt(bulkJobs.finishedAt, before)).returning({ id: bulkJobs.id });
  return deleted.length;
}
