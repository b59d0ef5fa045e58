/**
 * A large party booked for today (plain Node, no server-only: the tests run it with a database of
 * their own): a reservation created, in the console or outside it, for today at its venue (the
 * venue's own date) with at least the size an admin set (DEFAULT_LARGE_PARTY_SIZE until then)
 * is told to every member but the one who booked it, so that the floor can prepare. The
 * reservation is read as the copy holds it, or as the console's booking recorded it.
 */
import { and, desc, eq } from 'drizzle-orm';

import { idOf, type ChangeEvent } from '../../changes/events';
import type { NotificationData } from '../../notifications/items';
import { DEFAULT_LARGE_PARTY_SIZE } from '../../notifications/preferences';
import { localNow } from '../../overview/figures';
import type { DashboardDb } from '../db/open';
import { auditLog, dashboardSettings, reservationsCopy, reservationsWindow, staffUsers } from '../db/schema';
import type { Wanted } from './wanted';

const SETTING = 'large_party_size';

/** From how many guests a party for today is told. */
export async function largePartySize(db: Pick<DashboardDb, 'select'>): Promise<number> {
  const [row] = await db.select().from(dashboardSettings).where(eq(dashboardSettings.key, SETTING));
  const n = Number(row?.value);
  return Number.isInteger(n) && n >= 2 ? n : DEFAULT_LARGE_PARTY_SIZE;
}

export async function setLargePartySize(db: DashboardDb, size: number): Promise<void> {
  await db
    .insert(dashboardSettings)
    .values({ key: SETTING, value: String(size) })
    .onConflictDoUpdate({ target: dashboardSettings.key, set: { value: String(size), updatedAt: new Date() } });
}

export const text = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** A reservation's guest as an item names them ("Anna Weber"), or null. */
export function guestName(r: Record<string, unknown>): string | null {
  const guest = (r.guest ?? {}) as Record<string, unknown>;
  return [text(guest.first_name), text(guest.last_name)].filter(Boolean).join(' ') || null;
}

/** The reservation as the copy holds it now (its newest row), or null. */
export async function copiedReservation(
  db: Pick<DashboardDb, 'select'>,
  id: string,
): Promise<Record<string, unknown> | null> {
  const [copied] = await db
    .select({ reservation: reservationsCopy.reservation })
    .from(reservationsCopy)
    .where(eq(reservationsCopy.id, id))
    .orderBy(desc(reservationsCopy.syncedAt))
    .limit(1);
  return copied?.reservation ?? null;
}

/** What an item about a reservation shows: the reservation as the copy holds it now (its time as HH:MM), and the fields a change named. */
export async function reservationItemData(
  db: Pick<DashboardDb, 'select'>,
  event: ChangeEvent,
  id: string,
): Promise<NotificationData> {
  const r = (await copiedReservation(db, id)) ?? {};
  const data: NotificationData = {
    guest: guestName(r),
    date: text(r.date),
    time: text(r.time)?.slice(0, 5) ?? null,
    party: typeof r.party_size === 'number' ? r.party_size : null,
  };
  if (event.kind === 'reservation.changed') {
    const changes = Object.entries(event.data).filter(
      (e): e is [string, [unknown, unknown]] => Array.isArray(e[1]) && e[1].length === 2,
    );
    data.changes = Object.fromEntries(changes);
  }
  return data;
}

/** The reservation as the copy holds it, else as the console's booking of it was recorded. */
export async function reservationOf(
  db: Pick<DashboardDb, 'select'>,
  id: string,
): Promise<Record<string, unknown> | null> {
  const copied = await copiedReservation(db, id);
  if (copied) return copied;
  const [booked] = await db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.resourceId, id), eq(auditLog.action, 'create-reservation'), eq(auditLog.result, 'ok')))
    .limit(1);
  return booked?.after && typeof booked.after === 'object' ? (booked.after as Record<string, unknown>) : null;
}

/** A venue of the entity's window as last read (its name and time zone: which day is today there), or null. */
export async function windowVenue(
  db: Pick<DashboardDb, 'select'>,
  entityId: string,
  venueId: unknown,
): Promise<{ id: string; name: string; time_zone?: string } | null> {
  const [window] = await db
    .select({ venues: reservationsWindow.venues })
    .from(reservationsWindow)
    .where(eq(reservationsWindow.context, entityId));
  return window?.venues.find((v) => v.id === venueId) ?? null;
}

/** A `reservation.created` event's large party for today, for every enabled member but its booker. */
export async function aboutLargeParty(db: DashboardDb, event: ChangeEvent, now: Date): Promise<Wanted[]> {
  const id = idOf(event, 'reservation');
  if (event.kind !== 'reservation.created' || !id || !event.entityId) return [];
  const r = await reservationOf(db, id);
  const party = r?.party_size;
  if (!r || typeof party !== 'number' || r.status === 'canceled' || party < (await largePartySize(db))) return [];
  const venue = await windowVenue(db, event.entityId, r.venue_id);
  if (!venue || r.date !== localNow(venue.time_zone, now).date) return [];

  const members = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.disabled, false));
  const name = guestName(r);
  return [
    {
      kind: 'reservation.large_party_today',
      subjectId: id,
      data: { guest: name, date: text(r.date), time: text(r.time)?.slice(0, 5) ?? null, party },
      recipients: members
        .filter((m) => m.id !== event.who?.id)
        .map((m) => ({ staffId: m.id, reason: 'large_party' as const })),
    },
  ];
}
