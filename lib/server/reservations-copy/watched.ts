/**
 * Which entities' windows the reservations sync keeps: those whose reservations a page read in
 * the last WATCHED_FOR_MS (a search, a reservation, the overview's days), and the partner's
 * default entity. An entity nobody looks at costs the partner's budget nothing; once a page reads
 * it, the next turn copies its window (the pages read the API until then).
 */
import { and, gt, inArray, notInArray, sql } from 'drizzle-orm';

import type { DashboardDb } from '../db/open';
import { reservationsCopy, reservationsWindow, watchedEntities } from '../db/schema';

/** How long an entity stays watched after a page last read it. */
export const WATCHED_FOR_MS = 24 * 60 * 60_000;
/** A process notes the same entity at most this often (a page view need not write each time). */
export const NOTE_EVERY_MS = 5 * 60_000;

/** Notes that a page read `entityId`'s reservations at `now`. */
export async function noteWatched(db: DashboardDb, entityId: string, now: Date): Promise<void> {
  await db
    .insert(watchedEntities)
    .values({ entityId, watchedAt: now })
    .onConflictDoUpdate({
      target: watchedEntities.entityId,
      set: { watchedAt: sql`greatest(${watchedEntities.watchedAt}, excluded.watched_at)` },
    });
}

/** The ids among `entityIds` watched since `now - WATCHED_FOR_MS`. */
export async function watchedAmong(db: DashboardDb, entityIds: readonly string[], now: Date): Promise<Set<string>> {
  if (!entityIds.length) return new Set();
  const rows = await db
    .select({ id: watchedEntities.entityId })
    .from(watchedEntities)
    .where(
      and(
        inArray(watchedEntities.entityId, [...entityIds]),
        gt(watchedEntities.watchedAt, new Date(now.getTime() - WATCHED_FOR_MS)),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Drops the windows of every context not in `kept` (entities nobody watches any more): when one is
 * watched again, its first turn reads it afresh instead of reporting every change since as new.
 * Returns the contexts dropped.
 */
export async function dropUnwatchedWindows(db: DashboardDb, kept: readonly string[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(reservationsWindow)
      .where(kept.length ? notInArray(reservationsWindow.context, [...kept]) : undefined)
      .returning({ context: reservationsWindow.context });
    const contexts = gone.map((g) => g.context);
    if (contexts.length) await tx.delete(reservationsCopy).where(inArray(reservationsCopy.context, contexts));
    return contexts;
  });
}
