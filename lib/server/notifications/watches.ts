/**
 * What a member watches (plain Node, no server-only: the tests run it with a database of their
 * own): a reservation, of which they hear when anyone else changes or cancels it, in the console
 * or outside it; or a venue, of which they hear when today's bookings there take every seat
 * allocated for a time of the day (quarter-full.ts). A member watches at most MAX_WATCHES things.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';

import { idOf, type ChangeEvent } from '../../changes/events';
import type { NotificationData } from '../../notifications/items';
import type { WatchSubject } from '../../notifications/watch';
import type { DashboardDb } from '../db/open';
import { directoryCopy, notificationWatches } from '../db/schema';
import { copiedReservation, guestName, reservationItemData, text } from './large-party';
import type { Wanted } from './wanted';

export const MAX_WATCHES = 200;

export interface Watch {
  subject: WatchSubject;
  subjectId: string;
  entityId: string | null;
  createdAt: Date;
}

/** The row of one member's watch of one thing. */
const oneWatch = (staffId: string, subject: WatchSubject, subjectId: string) =>
  and(
    eq(notificationWatches.staffId, staffId),
    eq(notificationWatches.subject, subject),
    eq(notificationWatches.subjectId, subjectId),
  );

/** Starts watching (true), or false when the member already watches MAX_WATCHES other things. */
export async function startWatching(
  db: DashboardDb,
  staffId: string,
  watch: { subject: WatchSubject; subjectId: string; entityId: string | null },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ n: count() })
      .from(notificationWatches)
      .where(eq(notificationWatches.staffId, staffId));
    if ((held?.n ?? 0) >= MAX_WATCHES && !(await isWatching(tx, staffId, watch.subject, watch.subjectId))) return false;
    await tx
      .insert(notificationWatches)
      .values({ staffId, ...watch })
      .onConflictDoNothing();
    return true;
  });
}

export async function stopWatching(
  db: Pick<DashboardDb, 'delete'>,
  staffId: string,
  subject: WatchSubject,
  subjectId: string,
): Promise<void> {
  await db.delete(notificationWatches).where(oneWatch(staffId, subject, subjectId));
}

export async function isWatching(
  db: Pick<DashboardDb, 'select'>,
  staffId: string,
  subject: WatchSubject,
  subjectId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ staffId: notificationWatches.staffId })
    .from(notificationWatches)
    .where(oneWatch(staffId, subject, subjectId));
  return !!row;
}

/** Everything the member watches, oldest first. */
export async function watchesOf(db: Pick<DashboardDb, 'select'>, staffId: string): Promise<Watch[]> {
  const rows = await db
    .select()
    .from(notificationWatches)
    .where(eq(notificationWatches.staffId, staffId))
    .orderBy(asc(notificationWatches.createdAt));
  return rows.map((r) => ({
    subject: r.subject as WatchSubject,
    subjectId: r.subjectId,
    entityId: r.entityId,
    createdAt: r.createdAt,
  }));
}

/** Who watches a thing, or several things of one subject. */
export async function watchersOf(
  db: Pick<DashboardDb, 'select' | 'selectDistinct'>,
  subject: WatchSubject,
  subjectIds: readonly string[],
): Promise<string[]> {
  if (!subjectIds.length) return [];
  const rows = await db
    .selectDistinct({ staffId: notificationWatches.staffId })
    .from(notificationWatches)
    .where(and(eq(notificationWatches.subject, subject), inArray(notificationWatches.subjectId, [...subjectIds])));
  return rows.map((r) => r.staffId);
}

/** The fields of a change a watcher hears of: any but the team's own tags. */
const heardOf = (data: Record<string, unknown>) => Object.keys(data).some((k) => k !== 'tags');

/**
 * A reservation changed or canceled, by a member or outside the console: for its watchers, but
 * the member who made the change and those already told of it for another reason (`already`: who
 * booked or last changed it, of an outside change).
 */
export async function aboutWatchedReservation(
  db: Pick<DashboardDb, 'select' | 'selectDistinct'>,
  event: ChangeEvent,
  already: ReadonlySet<string>,
): Promise<Wanted[]> {
  const id = idOf(event, 'reservation');
  const canceled = event.kind === 'reservation.canceled';
  if (!id || (!canceled && (event.kind !== 'reservation.changed' || !heardOf(event.data)))) return [];
  const watchers = (await watchersOf(db, 'reservation', [id])).filter(
    (staffId) => staffId !== event.who?.id && !already.has(staffId),
  );
  if (!watchers.length) return [];
  const data: NotificationData = {
    ...(await reservationItemData(db, event, id)),
    by: event.who?.name ?? null,
    canceled,
  };
  return [
    {
      kind: 'reservation.watched',
      subjectId: id,
      data,
      recipients: watchers.map((staffId) => ({ staffId, reason: 'watching' as const })),
    },
  ];
}

/** A watched thing as the account page lists it: a venue's name, a reservation's guest and time (from the copies; null when they hold none). */
export interface WatchShown extends Watch {
  venue: string | null;
  reservation: { guest: string | null; date: string | null; time: string | null } | null;
}

/** The member's watches with what the dashboard's copies say of each (no API request). */
export async function watchesShown(db: Pick<DashboardDb, 'select'>, staffId: string): Promise<WatchShown[]> {
  const watches = await watchesOf(db, staffId);
  const venueIds = watches.filter((w) => w.subject === 'venue').map((w) => w.subjectId);
  const venues = new Map<string, string>();
  if (venueIds.length)
    for (const row of await db
      .select({ id: directoryCopy.id, data: directoryCopy.data })
      .from(directoryCopy)
      .where(and(eq(directoryCopy.resource, 'venues'), inArray(directoryCopy.id, venueIds)))) {
      const name = (row.data as { name?: unknown }).name;
      if (typeof name === 'string') venues.set(row.id, name);
    }
  return Promise.all(
    watches.map(async (w): Promise<WatchShown> => {
      if (w.subject === 'venue') return { ...w, venue: venues.get(w.subjectId) ?? null, reservation: null };
      const r = await copiedReservation(db, w.subjectId);
      return {
        ...w,
        venue: null,
        reservation: r ? { guest: guestName(r), date: text(r.date), time: text(r.time)?.slice(0, 5) ?? null } : null,
      };
    }),
  );
}
