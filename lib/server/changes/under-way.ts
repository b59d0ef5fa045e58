/**
 * The console's writes of a reservation under way (plain Node, no server-only: the sync and the
 * tests call it with a database of their own). A cancel or a change is noted before the API is
 * called, a booking as soon as the API answered with its id; the action records its change event
 * later, with its audit row. A sync turn that reads the reservation in between finds the write
 * noted and takes it for the member's own (copy-changes.ts, kindsByMembers), instead of recording
 * it as made outside the console and telling whoever booked it. A write the API refused is forgotten.
 */
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';

import type { DashboardDb } from '../db/open';
import { writesUnderWay } from '../db/schema';

export interface WriteUnderWay {
  reservationId: string;
  kind: 'reservation.created' | 'reservation.changed' | 'reservation.canceled';
  staffId: string;
}

type Db = Pick<DashboardDb, 'insert' | 'delete'>;

/** A note's key, its columns by the write's fields: one note a member, a reservation and a kind. */
const KEY = {
  reservationId: writesUnderWay.reservationId,
  kind: writesUnderWay.kind,
  staffId: writesUnderWay.staffId,
} as const;
const keyOf = (w: WriteUnderWay) => and(...(Object.keys(KEY) as (keyof WriteUnderWay)[]).map((f) => eq(KEY[f], w[f])));

/** Notes a member's write of a reservation (again: its time is now, the database's, as a change event's). */
export async function noteWrite(db: Db, w: WriteUnderWay): Promise<void> {
  await db
    .insert(writesUnderWay)
    .values(w)
    .onConflictDoUpdate({
      target: Object.values(KEY),
      set: { at: sql`now()` },
    });
}

/** Sends `write` to the API noted beforehand; forgotten when it throws (the API refused it, or never had it). */
export async function underWay<T>(db: Db, w: WriteUnderWay, write: () => Promise<T>): Promise<T> {
  await noteWrite(db, w);
  try {
    return await write();
  } catch (e) {
    await db
      .delete(writesUnderWay)
      .where(keyOf(w))
      .catch(() => undefined);
    throw e;
  }
}

/** The kinds of the members' writes noted since `since` (an expression of the database's clock), of the reservations given. */
export async function writesSince(
  db: Pick<DashboardDb, 'select'>,
  reservationIds: readonly string[],
  since: SQL,
): Promise<{ reservationId: string; kind: string }[]> {
  if (!reservationIds.length) return [];
  return db
    .select({ reservationId: writesUnderWay.reservationId, kind: writesUnderWay.kind })
    .from(writesUnderWay)
    .where(and(inArray(writesUnderWay.reservationId, [...reservationIds]), gte(writesUnderWay.at, since)));
}

/** Deletes the notes older than `before`; returns how many. */
export async function pruneWrites(db: Pick<DashboardDb, 'delete'>, before: Date): Promise<number> {
  const gone = await db
    .delete(writesUnderWay)
    .where(lt(writesUnderWay.at, before))
    .returning({ id: writesUnderWay.reservationId });
  return gone.length;
}
