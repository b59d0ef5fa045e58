/**
 * The book: every reservation of an entity, whatever its date, read in full every
 * BOOK_READ_EVERY_MS while the entity is watched, and every BOOK_UNWATCHED_EVERY_MS otherwise
 * (a few requests: 100 reservations a page). Between two reads, each turn of the entity's window
 * keeps it in step (keepBookInStep): what the turn found in the window, and the reservations made
 * since on every date. So the book is kept as the window is: the near days and new bookings each
 * turn, the other days at each full read. While in step it answers what the window cannot (a
 * search with no upper date, a reservation past the window) as the window does; once out of step
 * (its sync stopped, or the entity unwatched), only "as of" its last step, when the request budget
 * has no room and no one made that search before (the searches' last answers come first).
 *
 * It is kept as a window of every day (EVERY_DAY) under its own context (bookContext), so the
 * window's search (search.ts, held to the API's results by a property test) answers from it.
 */
import { and, eq, inArray } from 'drizzle-orm';

import type { GuestbookClient } from '../../guestbook';
import { PAGE_MAX_LIMIT, type Reservation } from '../../guestbook/schemas';
import type { DashboardDb, DashboardTx } from '../db/open';
import { reservationsCopy, reservationsWindow, type ReservationCopyRow } from '../db/schema';
import { changedLater } from './patch';
import { reservationOf, rowOf } from './rows';
import { EVERY_DAY, FULL_READ_EVERY_MS, windowOf } from './window';

/** How often a watched entity's book is read again: as often as its window's far days (FULL_READ_EVERY_MS). */
export const BOOK_READ_EVERY_MS = FULL_READ_EVERY_MS;
/**
 * A turn brings the book in step only while its last read is at most this old: the days past the
 * window change outside the console unseen until the next read.
 */
export const BOOK_IN_STEP_MS = 2 * BOOK_READ_EVERY_MS;
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
    // A version the console wrote into the book after this read began is newer than the read's.
    const written = await keptVersions(tx, context, read);
    const rows = new Map<string, ReservationCopyRow>();
    for (const r of read) {
      const was = written.get(r.id);
      const row = rowOf(context, was && changedLater(was, r) ? was : r, now);
      if (row) rows.set(row.id, row);
    }
    await tx.delete(reservationsCopy).where(eq(reservationsCopy.context, context));
    await insertNew(tx, [...rows.values()]);
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
    return rows.size;
  });
  return { requests: pages, kept };
}

/** What a turn of an entity's window found, for its book. */
export interface BookStep {
  /** reservations as the turn read them: the window's rewritten rows, those moved out of it, those made since past it */
  put: readonly Reservation[];
  /** reservations the API no longer has */
  gone: readonly string[];
  /** whether the turn read the reservations made since its last turn on every date (every turn but a window's first) */
  everyDate: boolean;
}

/**
 * Brings the book of `entityId` in step with a turn of its window (`step`), in the turn's
 * transaction: each reservation put (unless the console wrote a later version meanwhile), each
 * one gone taken out. The book is then as of the turn (`now`) when the turn read the new
 * reservations of every date and the book's last read is at most BOOK_IN_STEP_MS old. Returns
 * the book's versions, before the step, of the reservations put (the turn says what changed past
 * the window from them); null when the entity has no book yet (its first read keeps every one).
 */
export async function keepBookInStep(
  tx: DashboardTx,
  entityId: string,
  step: BookStep,
  now: Date,
): Promise<Map<string, Reservation> | null> {
  const context = bookContext(entityId);
  const state = await windowOf(tx, context);
  if (!state) return null;
  const before = await keptVersions(tx, context, step.put);
  const rows = new Map<string, ReservationCopyRow>();
  for (const r of step.put) {
    const was = before.get(r.id);
    const row = was && changedLater(was, r) ? null : rowOf(context, r, now);
    if (row) rows.set(row.id, row);
  }
  const out = [...step.gone, ...rows.keys()];
  for (let i = 0; i < out.length; i += INSERT_CHUNK)
    await tx
      .delete(reservationsCopy)
      .where(and(eq(reservationsCopy.context, context), inArray(reservationsCopy.id, out.slice(i, i + INSERT_CHUNK))));
  await insertNew(tx, [...rows.values()]);
  if (step.everyDate && now.getTime() - state.fullReadAt.getTime() <= BOOK_IN_STEP_MS && now > state.readAt)
    await tx.update(reservationsWindow).set({ readAt: now }).where(eq(reservationsWindow.context, context));
  return before;
}

/** The book's versions of the reservations `of` (by id), as `context` holds them now. */
async function keptVersions(
  tx: DashboardTx,
  context: string,
  of: readonly Reservation[],
): Promise<Map<string, Reservation>> {
  const ids = [...new Set(of.map((r) => r.id))];
  const kept = new Map<string, Reservation>();
  for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
    const rows = await tx
      .select({ reservation: reservationsCopy.reservation })
      .from(reservationsCopy)
      .where(and(eq(reservationsCopy.context, context), inArray(reservationsCopy.id, ids.slice(i, i + INSERT_CHUNK))));
    for (const row of rows) kept.set(reservationOf(row).id, reservationOf(row));
  }
  return kept;
}

/**
 * Inserts `rows`, a chunk at a time; a row the console wrote since their delete is its write's
 * answer, newer than this read, and stays.
 */
async function insertNew(tx: DashboardTx, rows: readonly ReservationCopyRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK)
    await tx
      .insert(reservationsCopy)
      .values(rows.slice(i, i + INSERT_CHUNK))
      .onConflictDoNothing();
}
