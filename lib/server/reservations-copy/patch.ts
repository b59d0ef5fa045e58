/** The console's own writes, kept in the copy at once: a search from the copy shows them before the next turn. */
import { and, eq } from 'drizzle-orm';

import type { Reservation } from '../../guestbook/schemas';
import type { DashboardDb } from '../db/open';
import { reservationsCopy } from '../db/schema';
import { rowOf } from './rows';
import { windowOf } from './window';

/**
 * After a write through the console: the reservation as the API answered it, kept in
 * `context`'s copy, or taken out of it when its date is no longer in the window. Nothing before
 * the context's first turn (the turn reads every day).
 */
export async function keepInCopy(db: DashboardDb, context: string, r: Reservation, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const window = await windowOf(tx, context);
    if (!window) return;
    const row = rowOf(context, r, now);
    if (!row || row.date < window.firstDay || row.date > window.lastDay) {
      await tx
        .delete(reservationsCopy)
        .where(and(eq(reservationsCopy.context, context), eq(reservationsCopy.id, r.id)));
      return;
    }
    // An upsert: a turn may insert the same row meanwhile (the write's answer is the newer).
    const { context: _, id: __, ...columns } = row;
    await tx
      .insert(reservationsCopy)
      .values(row)
      .onConflictDoUpdate({ target: [reservationsCopy.context, reservationsCopy.id], set: columns });
  });
}

/** Whether `a` was changed later than `b`, by their updated_at (false when either lacks one). */
export function changedLater(a: Reservation, b: Reservation): boolean {
  const [at, bt] = [Date.parse(a.updated_at ?? ''), Date.parse(b.updated_at ?? '')];
  return !Number.isNaN(at) && !Number.isNaN(bt) && at > bt;
}
