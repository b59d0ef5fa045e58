/**
 * A quarter hour of today full at a watched venue (plain Node, no server-only: the tests run it
 * with a database of their own). When a reservation for today is booked or changed at a venue
 * that members watch, the venue's pacing (lib/today/pacing.ts) is worked out from the live copy
 * (the entity's reservations of the day and its commitments): once the covers booked on the
 * commitment the reservation counts on take every seat allocated to it, its watchers hear of it,
 * once a day per commitment, with the quarter hour from which it is full.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';

import { idOf, type ChangeEvent } from '../../changes/events';
import type { NotificationData } from '../../notifications/items';
import { localNow } from '../../overview/figures';
import type { SheetReservation } from '../../today/day-sheet';
import { venuePacing, type PacingCommitment } from '../../today/pacing';
import type { DashboardDb } from '../db/open';
import { directoryCopy, notifications, reservationsCopy } from '../db/schema';
import { reservationOf, windowVenue } from './large-party';
import type { Wanted } from './wanted';
import { watchersOf } from './watches';

const KIND = 'venue.quarter_full';

/** The entity's commitments at the venue as the copy holds them (the context of the entity's own reads). */
async function commitmentsOf(db: Pick<DashboardDb, 'select'>, entityId: string): Promise<PacingCommitment[]> {
  const rows = await db
    .select({ data: directoryCopy.data })
    .from(directoryCopy)
    .where(and(eq(directoryCopy.resource, 'commitments'), eq(directoryCopy.context, entityId)));
  return rows.map((r) => r.data as PacingCommitment);
}

/** The entity's reservations of the day at the venue, as the copy holds them (canceled ones hold no seats). */
async function dayAt(
  db: Pick<DashboardDb, 'select'>,
  entityId: string,
  venueId: string,
  date: string,
): Promise<SheetReservation[]> {
  const rows = await db
    .select({ reservation: reservationsCopy.reservation })
    .from(reservationsCopy)
    .where(
      and(
        eq(reservationsCopy.context, entityId),
        eq(reservationsCopy.date, date),
        eq(reservationsCopy.venueId, venueId),
        ne(reservationsCopy.status, 'canceled'),
      ),
    );
  return rows.map((r) => r.reservation as unknown as SheetReservation);
}

/** The watchers already told today that this commitment is full. */
async function toldAlready(
  db: Pick<DashboardDb, 'select'>,
  watchers: readonly string[],
  venueId: string,
  commitmentId: string,
  date: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ staffId: notifications.staffId })
    .from(notifications)
    .where(
      and(
        inArray(notifications.staffId, [...watchers]),
        eq(notifications.kind, KIND),
        eq(notifications.subjectId, venueId),
        sql`${notifications.data}->>'date' = ${date}`,
        sql`${notifications.data}->>'commitment' = ${commitmentId}`,
      ),
    );
  return new Set(rows.map((r) => r.staffId));
}

/**
 * A reservation booked or changed for today at a watched venue that fills the commitment it counts
 * on: for the venue's watchers not yet told today of that commitment.
 */
export async function aboutFullQuarter(db: DashboardDb, event: ChangeEvent, now: Date): Promise<Wanted[]> {
  const id = idOf(event, 'reservation');
  if ((event.kind !== 'reservation.created' && event.kind !== 'reservation.changed') || !id || !event.entityId)
    return [];
  const r = await reservationOf(db, id);
  const venueId = typeof r?.venue_id === 'string' ? r.venue_id : null;
  if (!r || !venueId || r.status === 'canceled' || typeof r.time !== 'string') return [];
  const watchers = await watchersOf(db, 'venue', [venueId]);
  if (!watchers.length) return [];
  const venue = await windowVenue(db, event.entityId, venueId);
  if (!venue) return [];
  const date = localNow(venue.time_zone, now).date;
  if (r.date !== date) return [];

  const time = r.time.slice(0, 5);
  const pacing = venuePacing(
    await dayAt(db, event.entityId, venueId, date),
    await commitmentsOf(db, event.entityId),
    venueId,
    date,
  );
  const line = pacing.lines.find(
    (l) => l.programId === (r.program_id ?? null) && time >= l.start.slice(0, 5) && time < l.end.slice(0, 5),
  );
  const from = line?.cells.find((c) => c.level === 'full');
  if (!line || line.seats <= 0 || line.level !== 'full' || !from) return [];
  const told = await toldAlready(db, watchers, venueId, line.commitmentId, date);
  const recipients = watchers.filter((w) => !told.has(w));
  if (!recipients.length) return [];
  const data: NotificationData = {
    venue: venue.name,
    date,
    time: from.quarter,
    seats: line.seats,
    start: line.start.slice(0, 5),
    end: line.end.slice(0, 5),
    commitment: line.commitmentId,
  };
  return [
    {
      kind: KIND,
      subjectId: venueId,
      data,
      recipients: recipients.map((staffId) => ({ staffId, reason: 'watching' as const })),
    },
  ];
}
