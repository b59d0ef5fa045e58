/**
 * The book: every reservation of an entity, whatever its date, read in full every
 * BOOK_READ_EVERY_MS while the entity is watched, and every BOOK_UNWATCHED_EVERY_MS otherwise
 * (a few requests: 100 reservations a page). It answers no page while the API
 * can be asked: it is what a search outside the window, or a reservation past it, shows "as of"
 * its read when the request budget has no room and no one made that search before (the window
 * and the searches' last answers come first).
 *
 * It is kept as a window of every day (EVERY_DAY) under its own context (bookContext), so the
 * window's search (search.ts, held to the API's results by a property test) answers from it.
 */
import { and, eq, inArray } from 'drizzle-orm';

import type { GuestbookClient } from '../../guestbook';
import { PAGE_MAX_LIMIT, type Reservation } from '../../guestbook/schemas';
import type { DashboardDb } from '../db/open';
import { reservationsCopy, reservationsWindow, type ReservationCopyRow } from '../db/schema';
import { changedLater } from './patch';
import { reservationOf, rowOf } from './rows';
import { EVERY_DAY, windowOf } from './window';

/** How often a watched entity's book is read again. */
export const BOOK_READ_EVERY_MS = 15 * 60_000;
/** How often the book of an entity nobody watches is read again. */
export const BOOK_UNWATCHED_EVERY_MS = 60 * 60_000;
/** A book of more reservations than this is not kept (its read would cost more than 50 requests). */
export const BOOK_MAX_ROWS = 5_000;

/** The context the book of `entityId` is kept under (a window's context is the entity id itself). */
export const bookContext = (entityId: string) => `book:${entityId}`;

/** Whether the book of `entityId` is due for a read at `now`: never read, or read `everyMs` ago. */
export async function bookDue(
  db: Pick<DashboardDb, 'select'>,
  entityId: string,
  now: Date,
  everyMs = BOOK_READ_EVERY_MS,
): Promise<boolean> {
  const state = await windowOf(db, bookContext(entityId));
  return !state || now.getTime() - state.fullReadAt.getTime() >= everyMs;
}

export interface BookRead {
  /** API requests the read made */
  requests: number;
  /** reservations kept; null when the book was not kept (longer than BOOK_MAX_ROWS, or more pages than `room`) */
  kept: number | null;
}

/** Rows inserted at once, at most (PostgreSQL's bound parameters are limited). */
const INSERT_CHUNK = 500;

/**
 * Reads every reservation of the entity `api` acts for, and keeps them as its book, replacing
 * the last. Page 1 says how long the book is: when its other pages are more than `room` requests,
 * or the book is longer than BOOK_MAX_ROWS, nothing more is read and the last book stays.
 */
export async function readBook(
  db: DashboardDb,
  api: GuestbookClient,
  entityId: string,
  now: Date,
  room = Infinity,
): Promise<BookRead> {
  const page = (n: number) => api.listReservations({ page: n, limit: PAGE_MAX_LIMIT, sort: 'date' });
  const first = await page(1);
  const pages = Math.max(1, first.pagination.total_pages);
  if (first.pagination.total_items > BOOK_MAX_ROWS || pages - 1 > room) return { requests: 1, kept: null };
  const read: Reservation[] = [...first.data];
  for (let n = 2; n <= pages; n++) read.push(...(await page(n)).data);

  const context = bookContext(entityId);
  const kept = await db.transaction(async (tx) => {
    const ofContext = eq(reservationsCopy.context, context);
    const ids = [...new Set(read.map((r) => r.id))];
    // A version the console wrote into the book after this read began is newer than the read's.
    const written = new Map<string, Reservation>();
    for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
      const rows = await tx
        .select({ reservation: reservationsCopy.reservation })
        .from(reservationsCopy)
        .where(and(ofContext, inArray(reservationsCopy.id, ids.slice(i, i + INSERT_CHUNK))));
      for (const row of rows) written.set(reservationOf(row).id, reservationOf(row));
    }
    const rows = new Map<string, ReservationCopyRow>();
    for (const r of read) {
      const was = written.get(r.id);
      const row = rowOf(context, was && changedLater(was, r) ? was : r, now);
      if (row) rows.set(row.id, row);
    }
    await tx.delete(reservationsCopy).where(ofContext);
    const values = [...rows.values()];
    for (let i = 0; i < values.length; i += INSERT_CHUNK)
      // a row the console wrote since the delete is its write's answer: newer than this read
      await tx
        .insert(reservationsCopy)
        .values(values.slice(i, i + INSERT_CHUNK))
        .onConflictDoNothing();
    const state = {
      firstDay: EVERY_DAY.first,
      lastDay: EVERY_DAY.last,
      readAt: now,
      fullReadAt: now,
      lastCreatedAt: null,
      venues: [],
    };
    await tx
      .insert(reservationsWindow)
      .values({ context, ...state })
      .onConflictDoUpdate({ target: reservationsWindow.context, set: state });
    return values.length;
  });
  return { requests: pages, kept };
}
