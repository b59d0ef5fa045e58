/**
 * The stored exports (migration 0040): an export is recorded with its search when the member
 * starts it, claimed by one process at a time (`for update skip locked`, with a lease the runner
 * renews page by page), and finished with its file or why it stopped, recording in the same
 * transaction its `export.finished` change for the member alone. A file is its member's alone,
 * kept EXPORT_FILE_RETENTION_DAYS. Free of `server-only`: the tests use it on an embedded database.
 */
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';

import { EXPORT_FILE_RETENTION_DAYS, type ExportFileView } from '../../exports/view';
import { isUniqueViolation } from '../bulk-jobs/store';
import { recordChange } from '../changes/record';
import type { DashboardDb } from '../db/open';
import { exportFiles, staffUsers, type ExportFileRow } from '../db/schema';

/** How long a process holds its claim on an export without renewing it (each page read renews it). */
export const EXPORT_CLAIM_MS = 60_000;

export interface NewExport {
  staffId: string;
  entityId: string | null;
  query: string;
  locale: string;
  sessionVersion: number;
  total: number;
  filename: string;
}

/** Records an export to prepare, or says that the member already has one being prepared (one at a time). */
export async function recordExport(db: DashboardDb, job: NewExport): Promise<{ id: string } | { preparing: true }> {
  try {
    const [row] = await db.insert(exportFiles).values(job).returning({ id: exportFiles.id });
    return { id: row!.id };
  } catch (e) {
    if (isUniqueViolation(e)) return { preparing: true };
    throw e;
  }
}

/** Claims the oldest export not finished whose claim is free or has lapsed (its process stopped), or null. */
export async function claimNextExport(db: DashboardDb, now: Date): Promise<ExportFileRow | null> {
  const free = sql`(select ${exportFiles.id} from ${exportFiles}
    where ${exportFiles.finishedAt} is null and (${exportFiles.claimedUntil} is null or ${exportFiles.claimedUntil} < ${now})
    order by ${exportFiles.createdAt} limit 1 for update skip locked)`;
  const [claimed] = await db
    .update(exportFiles)
    .set({ claimedUntil: new Date(now.getTime() + EXPORT_CLAIM_MS) })
    .where(eq(exportFiles.id, free))
    .returning();
  return claimed ?? null;
}

/** Records the rows written so far and renews the claim; false when the export is no longer this process's to prepare. */
export async function renewExportClaim(db: DashboardDb, id: string, rows: number, now: Date): Promise<boolean> {
  const renewed = await db
    .update(exportFiles)
    .set({ rows, claimedUntil: new Date(now.getTime() + EXPORT_CLAIM_MS) })
    .where(and(eq(exportFiles.id, id), isNull(exportFiles.finishedAt)))
    .returning({ id: exportFiles.id });
  return renewed.length > 0;
}

/** Gives a claim up (a graceful shutdown): another process prepares the export from its start. */
export async function releaseExportClaim(db: DashboardDb, id: string): Promise<void> {
  await db.update(exportFiles).set({ claimedUntil: null, rows: 0 }).where(eq(exportFiles.id, id));
}

/**
 * Finishes an export with its file, or with why it stopped, and records its `export.finished`
 * change for its member alone (their pages follow; the inbox tells them, lib/server/notifications).
 */
export async function finishExport(
  db: DashboardDb,
  id: string,
  outcome: { content: string; rows: number } | { failure: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [job] = await tx
      .update(exportFiles)
      .set({
        finishedAt: now,
        claimedUntil: null,
        ...('content' in outcome ? { content: outcome.content, rows: outcome.rows } : { failure: outcome.failure }),
      })
      .where(and(eq(exportFiles.id, id), isNull(exportFiles.finishedAt)))
      .returning();
    if (!job) return;
    const [member] = await tx.select({ name: staffUsers.name }).from(staffUsers).where(eq(staffUsers.id, job.staffId));
    await recordChange(tx, {
      kind: 'export.finished',
      entityId: job.entityId,
      ids: { staff: job.staffId, export: job.id },
      who: { id: job.staffId, name: member?.name ?? '' },
      data: { rows: job.rows, total: job.total, failure: job.failure },
    });
  });
}

const keptUntil = (finishedAt: Date) => new Date(finishedAt.getTime() + EXPORT_FILE_RETENTION_DAYS * 86_400_000);

/** The member's exports kept, newest first, without their files. */
export async function exportsOf(db: DashboardDb, staffId: string, limit = 50): Promise<ExportFileView[]> {
  const rows = await db
    .select({
      id: exportFiles.id,
      query: exportFiles.query,
      total: exportFiles.total,
      rows: exportFiles.rows,
      failure: exportFiles.failure,
      createdAt: exportFiles.createdAt,
      finishedAt: exportFiles.finishedAt,
    })
    .from(exportFiles)
    .where(eq(exportFiles.staffId, staffId))
    .orderBy(desc(exportFiles.createdAt))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    state: r.finishedAt === null ? 'preparing' : r.failure === null ? 'ready' : 'stopped',
    query: r.query,
    total: r.total,
    rows: r.rows,
    failure: r.failure,
    startedAt: r.createdAt.toISOString(),
    finishedAt: r.finishedAt?.toISOString() ?? null,
    keptUntil: r.finishedAt && r.failure === null ? keptUntil(r.finishedAt).toISOString() : null,
  }));
}

/** A ready file of the member's own, or null (another member's, not ready, stopped or gone). */
export async function exportFileOf(
  db: DashboardDb,
  staffId: string,
  id: string,
): Promise<{ filename: string; content: string; rows: number } | null> {
  const [row] = await db
    .select({ filename: exportFiles.filename, content: exportFiles.content, rows: exportFiles.rows })
    .from(exportFiles)
    .where(and(eq(exportFiles.id, id), eq(exportFiles.staffId, staffId)));
  return row?.content != null ? { filename: row.filename, content: row.content, rows: row.rows } : null;
}

/** Deletes the exports finished more than EXPORT_FILE_RETENTION_DAYS ago, files and all. */
export async function pruneExports(db: DashboardDb, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - EXPORT_FILE_RETENTION_DAYS * 86_400_000);
  const deleted = await db
    .delete(exportFiles)
    .where(lt(exportFiles.finishedAt, before))
    .returning({ id: exportFiles.id });
  return deleted.length;
}
