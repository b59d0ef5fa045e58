/**
 * Writing and reading the change feed's rows (plain Node, no server-only: the directory sync, the
 * tests and the scripts call it with a database of their own).
 */
import { and, asc, desc, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';

import type { ChangeEvent } from '../../changes/events';
import type { DashboardDb } from '../db/open';
import { changeEvents, type ChangeEventRow } from '../db/schema';
import type { ChangeInput } from './of-action';
import { pruneWrites } from './under-way';

/** The channel each recorded change is announced on (its payload: the new id, nothing else). */
export const CHANGE_CHANNEL = 'change_events';

/** How long the feed keeps its rows: a browser away longer starts afresh (a reload's worth). */
export const CHANGE_RETENTION_DAYS = 7;

/** A database or an open transaction. */
export type DbExecutor = Pick<DashboardDb, 'insert' | 'execute' | 'select' | 'delete'>;

/**
 * Records changes in the caller's transaction (`db.transaction(tx => …)`, with the write they
 * describe: the audit row, the copy's change) and announces each id on commit (`pg_notify` is
 * sent when the transaction commits, never if it rolls back). The transaction-scoped advisory
 * lock makes ids become visible in their order: a transaction that took id 11 cannot commit
 * before the one that took 10, so a reader that saw 11 never misses 10. Outside a transaction
 * each statement commits on its own, the lock then covering nothing: always pass a transaction.
 */
export async function recordChange(tx: DbExecutor, ...changes: ChangeInput[]): Promise<number[]> {
  if (!changes.length) return [];
  await holdFeedOrder(tx);
  const rows = await tx
    .insert(changeEvents)
    .values(
      changes.map((c) => ({
        kind: c.kind,
        entityId: c.entityId,
        ids: c.ids,
        staffId: c.who?.id ?? null,
        staffName: c.who?.name ?? null,
        data: c.data ?? {},
      })),
    )
    .returning({ id: changeEvents.id });
  const ids = rows.map((r) => Number(r.id));
  for (const id of ids) await tx.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${String(id)})`);
  return ids;
}

/**
 * Takes the feed's transaction-scoped lock (recordChange's): what the transaction reads of the
 * feed after it includes every change committed before, and a change committed after it takes a
 * later id than what this transaction records. The sync takes it before it reads which changes
 * members recorded, so that a member's write that commits meanwhile is either seen (and not
 * recorded again as made outside) or recorded after, as the newer word on it.
 */
export async function holdFeedOrder(tx: Pick<DbExecutor, 'execute'>): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${CHANGE_CHANNEL}, 0))`);
}

export function toChangeEvent(row: ChangeEventRow): ChangeEvent {
  return {
    id: Number(row.id),
    at: row.at.toISOString(),
    kind: row.kind as ChangeEvent['kind'],
    entityId: row.entityId,
    ids: row.ids,
    who: row.staffId ? { id: row.staffId, name: row.staffName ?? '' } : null,
    data: row.data,
  };
}

/** The events after `afterId`, in id order, at most `limit`. */
export async function changesAfter(db: DbExecutor, afterId: number, limit = 500): Promise<ChangeEvent[]> {
  const rows = await db
    .select()
    .from(changeEvents)
    .where(gt(changeEvents.id, afterId))
    .orderBy(asc(changeEvents.id))
    .limit(limit);
  return rows.map(toChangeEvent);
}

/** The newest id recorded (0 when none). */
export async function lastChangeId(db: DbExecutor): Promise<number> {
  const [row] = await db.select({ id: sql<string | null>`max(${changeEvents.id})` }).from(changeEvents);
  return Number(row?.id ?? 0);
}

/** Deletes the rows older than the retention, and the notes of writes under way older than a day; returns how many rows. */
export async function pruneChanges(db: DbExecutor, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - CHANGE_RETENTION_DAYS * 86_400_000);
  const gone = await db.delete(changeEvents).where(lt(changeEvents.at, before)).returning({ id: changeEvents.id });
  await pruneWrites(db, new Date(now.getTime() - 86_400_000));
  return gone.length;
}

/**
 * The newest events since `since`, newest first, at most `limit`: of the kinds given, in the
 * entities given and partner-wide (`entityIds` null: every entity).
 */
export async function recentChanges(
  db: DbExecutor,
  o: { entityIds: readonly string[] | null; kinds: readonly string[]; since: Date; limit: number },
): Promise<ChangeEvent[]> {
  if (!o.kinds.length) return [];
  const inScope =
    o.entityIds === null
      ? undefined
      : o.entityIds.length
        ? or(isNull(changeEvents.entityId), inArray(changeEvents.entityId, [...o.entityIds]))
        : isNull(changeEvents.entityId);
  const rows = await db
    .select()
    .from(changeEvents)
    .where(and(gte(changeEvents.at, o.since), inArray(changeEvents.kind, [...o.kinds]), inScope))
    .orderBy(desc(changeEvents.id))
    .limit(o.limit);
  return rows.map(toChangeEvent);
}
