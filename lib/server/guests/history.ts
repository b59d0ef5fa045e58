import 'server-only';

import { eq, inArray } from 'drizzle-orm';

import { GuestbookApiError } from '../../guestbook';
import type { Reservation } from '../../guestbook/schemas';
import { byDateDescending, summarizeHistory } from '../../guests/history';
import { guestKey } from '../../guests/schemas';
import type { GuestHistoryView } from '../../guests/view';
import { getDb } from '../db';
import { reservationsCopy, reservationsWindow } from '../db/schema';
import { apiForChoice, listEntities, readInSelectedContext, type EntityChoice } from '../directory';
import { getFormatter } from '../http';
import { venueNames, venuesToday } from '../reservations';
import { BOOK_READ_EVERY_MS, bookContext } from '../reservations-copy';
import { reservationOf } from '../reservations-copy/rows';
import { guestNotesOf, reservationTagsFor } from './store';

/** A guest's reservations the history lists, at most (newest first). */
export const HISTORY_MAX = 100;

/** Rows of the copy (every context: each entity's window and book) that are this guest's, each reservation once, the newest version. */
async function fromCopy(email: string): Promise<Map<string, Reservation>> {
  const db = await getDb();
  const rows = await db
    .select({ reservation: reservationsCopy.reservation })
    .from(reservationsCopy)
    .where(eq(reservationsCopy.guestEmailLower, email));
  const reservations = new Map<string, Reservation>();
  for (const row of rows) {
    const r = reservationOf(row);
    const was = reservations.get(r.id);
    if (!was || (r.updated_at ?? '') > (was.updated_at ?? '')) reservations.set(r.id, r);
  }
  return reservations;
}

/** When each entity's book was last read in full (none: never). */
async function bookReads(entityIds: readonly string[]): Promise<Map<string, Date>> {
  if (!entityIds.length) return new Map();
  const db = await getDb();
  const rows = await db
    .select({ context: reservationsWindow.context, at: reservationsWindow.fullReadAt })
    .from(reservationsWindow)
    .where(inArray(reservationsWindow.context, entityIds.map(bookContext)));
  return new Map(rows.map((r) => [r.context.slice('book:'.length), r.at]));
}

/**
 * The API's reservations of this guest in the entity in view: one request (a guest has fewer
 * than HISTORY_MAX there); null when the API cannot answer now (the copy answers instead).
 */
async function fromApi(entity: EntityChoice | null, email: string): Promise<Reservation[] | null> {
  try {
    const page = await apiForChoice(entity).listReservations({
      filters: [{ attribute: 'guest_email', modifier: 'eq', value: email }],
      sort: '-date',
      limit: HISTORY_MAX,
    });
    return page.data;
  } catch (e) {
    if (e instanceof GuestbookApiError) return null;
    throw e;
  }
}

/**
 * A guest's history with the partner, at most one API request: every entity's reservations of
 * this guest come from the dashboard's copy (each entity's book, read whole by the sync every 15
 * minutes, and the window of the next 14 days); the entity in view is asked the API's search by
 * e-mail when its book is missing or older than BOOK_READ_EVERY_MS. The others are "as of" their
 * book's read. `before`: the reservation in view's date, for "first visit".
 */
export async function guestHistory(rawEmail: string, now = new Date(), before?: string): Promise<GuestHistoryView> {
  const email = guestKey(rawEmail);
  return readInSelectedContext(async (entity) => {
    const [entities, copy, today, notes, format, venues] = await Promise.all([
      listEntities().catch(() => []),
      fromCopy(email),
      venuesToday(now),
      getDb().then((db) => guestNotesOf(db, email)),
      getFormatter(),
      venueNames().catch(() => ({}) as Record<string, string>),
    ]);
    const reads = await bookReads(entities.map((e) => e.id));
    const inView = entity?.id ?? null;
    const fresh = (id: string | null) => {
      const at = id ? reads.get(id) : undefined;
      return !!at && now.getTime() - at.getTime() < BOOK_READ_EVERY_MS;
    };
    let requests = 0;
    const reservations = copy;
    if (!fresh(inView)) {
      requests = 1;
      const answer = await fromApi(entity, email);
      if (answer) {
        for (const [id, r] of reservations) if (r.entity_id === inView || !r.entity_id) reservations.delete(id);
        for (const r of answer) reservations.set(r.id, r);
      }
      if (answer && inView) reads.set(inView, now);
    }
    const oldest = [...reads.values()].reduce<Date | null>((o, at) => (!o || at < o ? at : o), null);
    const all = [...reservations.values()].sort(byDateDescending);
    const listed = all.slice(0, HISTORY_MAX);
    const tags = await reservationTagsFor(
      await getDb(),
      listed.map((r) => r.id),
    );
    const names = new Map(entities.map((e) => [e.id, e.name]));
    const summary = summarizeHistory(all, today, before ?? today);
    return {
      email,
      rows: listed.map((r) => ({
        id: r.id,
        status: r.status,
        date: r.date ?? null,
        dateLabel: format.day(r.date),
        timeLabel: format.wallTime(r.time),
        partySize: r.party_size ?? null,
        entityName: (r.entity_id && names.get(r.entity_id)) ?? null,
        venueName: (r.venue_id && venues[r.venue_id]) ?? null,
        tags: tags.get(r.id) ?? [],
      })),
      more: all.length - listed.length,
      summary,
      lastVisitLabel: summary.lastVisit ? format.day(summary.lastVisit) : null,
      notes,
      asOfLabel: oldest && now.getTime() - oldest.getTime() >= BOOK_READ_EVERY_MS ? format.moment(oldest) : null,
      requests,
    };
  });
}
