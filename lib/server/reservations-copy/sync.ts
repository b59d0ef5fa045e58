/**
 * One turn of a context's window: what it reads from the API, what it writes to the copy, and
 * the changes it found, each for the caller to record as a change event.
 */
import { and, eq, gt, gte, inArray, lt, lte, or } from 'drizzle-orm';

import { GuestbookApiError, listAll, type GuestbookClient, type ReadPage } from '../../guestbook';
import type { Condition } from '../../guestbook/filters';
import { PAGE_MAX_LIMIT, type Reservation } from '../../guestbook/schemas';
import type { VenueLike } from '../../overview/figures';
import type { DashboardDb, DashboardTx } from '../db/open';
import { reservationsCopy, reservationsWindow, type ReservationCopyRow } from '../db/schema';
import { bookContext, keepBookInStep } from './book';
import { changedLater } from './patch';
import { changedFields, reservationOf, rowOf, type FieldChange } from './rows';
import {
  CREATED_OVERLAP_MS,
  daysAt,
  laterCreatedAt,
  needsFullRead,
  windowOf,
  type WindowDays,
  type WindowState,
} from './window';

/**
 * A change the turn found in one reservation of the window, or of the book past it (a booking, or
 * a change its read of the reservations made since returned).
 */
export type WindowChange =
  | {
      kind: 'added';
      id: string;
      reservation: Reservation;
      /** "booked": made since the last turn, or not seen before; "window": its day has just entered the window */
      source: 'booked' | 'window';
    }
  | { kind: 'changed'; id: string; reservation: Reservation; before: Reservation; fields: FieldChange[] }
  | {
      kind: 'removed';
      id: string;
      before: Reservation;
      /** as the API has it now (moved to a day outside the window); null when the API no longer has it */
      reservation: Reservation | null;
    };

export interface TurnReport {
  context: string;
  window: WindowDays;
  /** whether the turn read every day of the window (else today, tomorrow and the new reservations) */
  full: boolean;
  /** whether this was the context's first turn (every reservation then comes as added) */
  first: boolean;
  /** API requests the turn made */
  requests: number;
  changes: WindowChange[];
  /** rows dropped because their day is no longer in the window (not changes) */
  expired: number;
  /** change events recorded with the turn (TurnOptions.record) */
  recorded: number;
  readAt: Date;
}

export interface TurnOptions {
  /** the venues (their time zones say which day is today); read through the API on full turns when not given */
  venues?: readonly VenueLike[];
  /**
   * Records what the turn found (its change events), inside the transaction that writes it to
   * the copy: the copy never holds a change whose event is missing, nor the other way round.
   * Returns how many events it recorded.
   */
  record?: (tx: DashboardTx, turn: Pick<TurnReport, 'context' | 'first' | 'changes'>) => Promise<number>;
  /**
   * The context is an entity's window, and the entity's book (book.ts) is kept in step with it:
   * the turn then reads the reservations made since on every date, on full turns as well (on a
   * window's first turn, those made since the book's last step), and reports those past the
   * window that are new to the book, or changed, as changes.
   */
  keepBook?: boolean;
}

/** At most this many reservations missing from a read are read one by one to say where they went. */
const MAX_REREADS = 20;
/** A window's list, at most (a larger one is refused by listAll rather than half kept). */
const MAX_WINDOW_ROWS = 50_000;

const dateConditions = (days: WindowDays): Condition[] => [
  { attribute: 'date', modifier: 'gte', value: days.first },
  { attribute: 'date', modifier: 'lte', value: days.last },
];

const inDays = (date: string | undefined, days: WindowDays) => !!date && date >= days.first && date <= days.last;

/**
 * One turn of the sync for one context (`api` acting in it): today and tomorrow re-read in full,
 * the reservations made since the newest one seen (less CREATED_OVERLAP_MS), and every day of
 * the window when the window moved or FULL_READ_EVERY_MS has passed since it was last read in
 * full. A reservation a read no longer returns is read alone, to say where it went. Rows of days
 * that left the window are dropped. With `keepBook`, the entity's book is brought in step in the
 * same transaction (keepBookInStep). Returns what changed.
 */
export async function syncWindowTurn(
  db: DashboardDb,
  api: GuestbookClient,
  context: string,
  now: Date,
  options: TurnOptions = {},
): Promise<TurnReport> {
  let requests = 0;
  const counted =
    <T>(read: ReadPage<T>): ReadPage<T> =>
    (page) => {
      requests++;
      return read(page);
    };
  const readReservations = (filters: Condition[]) =>
    listAll(
      counted((page) => api.listReservations({ filters, page, limit: PAGE_MAX_LIMIT, sort: 'date' })),
      MAX_WINDOW_ROWS,
    );
  const readVenues = async () => listAll(counted((page) => api.listVenues({ page, limit: PAGE_MAX_LIMIT })));

  const state = await windowOf(db, context);
  const stored = options.venues ?? state?.venues;
  let venues: readonly VenueLike[] = stored ?? (await readVenues());
  let days = daysAt(venues, now);
  const full = needsFullRead(state, days.window, now);
  if (full && !options.venues && stored) {
    venues = await readVenues();
    days = daysAt(venues, now);
  }
  const { window } = days;
  const scope = full ? window : days.near;

  const read = await readReservations(dateConditions(scope));
  const keepBook = options.keepBook === true;
  // A window's first turn, with a book kept, reads the reservations made since the book's last step.
  const book = keepBook && !state ? await windowOf(db, bookContext(context)) : null;
  const since = state ? (state.lastCreatedAt ?? state.fullReadAt.toISOString()) : book?.readAt.toISOString();
  if (since && (!full || keepBook)) {
    const from = new Date(Date.parse(since) - CREATED_OVERLAP_MS).toISOString();
    read.push(
      ...(await readReservations([
        { attribute: 'created_at', modifier: 'gte', value: from },
        ...(keepBook ? [] : dateConditions(window)),
      ])),
    );
  }
  const fresh = new Map(read.filter((r) => inDays(r.date, window)).map((r) => [r.id, r]));
  const past = new Map(read.filter((r) => !inDays(r.date, window)).map((r) => [r.id, r]));

  const known = await db
    .select()
    .from(reservationsCopy)
    .where(
      and(
        eq(reservationsCopy.context, context),
        or(
          and(gte(reservationsCopy.date, scope.first), lte(reservationsCopy.date, scope.last)),
          fresh.size ? inArray(reservationsCopy.id, [...fresh.keys()]) : undefined,
        ),
      ),
    );
  const before = new Map(known.map((row) => [row.id, reservationOf(row)]));
  // A version the console wrote into the copy after this turn's read began is newer than the read's.
  for (const [id, r] of fresh) {
    const was = before.get(id);
    if (was && changedLater(was, r)) fresh.set(id, was);
  }

  // In the days read but no longer there: moved to another day, or gone.
  const missing = known.filter((row) => inDays(row.date, scope) && !fresh.has(row.id));
  const moved = new Map<string, Reservation | null>();
  for (const row of missing.slice(0, MAX_REREADS)) {
    requests++;
    moved.set(row.id, await api.getReservation(row.id).catch(nullOn404));
  }
  for (const [id, r] of moved) if (r && inDays(r.date, window)) fresh.set(id, r);

  const previous = state ? { first: state.firstDay, last: state.lastDay } : null;
  const newcomers = [...fresh.keys()].filter((id) => !before.has(id));
  const inBook = keepBook && state && newcomers.length ? await bookVersions(db, context, newcomers) : new Map();
  const changes = changesOf(fresh, before, missing, moved, previous, inBook);
  const changed = new Set(changes.map((c) => c.id));
  // Rewritten: what changed, and what changed only its updated_at.
  const rewritten = [...fresh.values()].filter(
    (r) => changed.has(r.id) || before.get(r.id)?.updated_at !== r.updated_at,
  );
  const first = !state;
  const record = options.record;
  const newest = read.reduce<string | null>(
    (max, r) => laterCreatedAt(max, r.created_at),
    state?.lastCreatedAt ?? null,
  );
  const removed = changes.filter((c) => c.kind === 'removed');
  const keepInStep = keepBook
    ? async (tx: DashboardTx) => {
        const step = {
          put: [...rewritten, ...past.values(), ...removed.flatMap((c) => (c.reservation ? [c.reservation] : []))],
          // read alone and not found (more than MAX_REREADS missing: the others wait for the book's next read)
          gone: removed.filter((c) => moved.has(c.id) && !c.reservation).map((c) => c.id),
          everyDate: since !== undefined,
        };
        const before = await keepBookInStep(tx, context, step, now);
        return before ? changesPast(past, before) : [];
      }
    : undefined;
  const { expired, recorded, pastChanges } = await store(db, context, {
    rows: rewritten.map((r) => rowOf(context, r, now)).filter((row): row is ReservationCopyRow => row !== null),
    removed: removed.map((c) => c.id),
    window,
    state: {
      context,
      firstDay: window.first,
      lastDay: window.last,
      readAt: now,
      fullReadAt: full ? now : state!.fullReadAt,
      // never later than now: a created_at ahead of the clocks would leave the reservations made until then unread
      lastCreatedAt: earlierOf(now, newest),
      venues: venues.map((v) => ({ id: v.id, name: v.name, time_zone: v.time_zone })),
    },
    book: keepInStep,
    record: record && ((tx, found) => record(tx, { context, first, changes: [...changes, ...found] })),
  });
  return {
    context,
    window,
    full,
    first,
    requests,
    changes: [...changes, ...pastChanges],
    expired,
    recorded,
    readAt: now,
  };
}

/**
 * What the turn found past the window (`past`: the reservations made since, on days past it)
 * against the book's versions (`before`): a booking new to the book, or a change to one it held,
 * unless the console wrote a later version.
 */
function changesPast(past: ReadonlyMap<string, Reservation>, before: ReadonlyMap<string, Reservation>): WindowChange[] {
  const changes: WindowChange[] = [];
  for (const [id, r] of past) {
    const was = before.get(id);
    if (!was) {
      changes.push({ kind: 'added', id, reservation: r, source: 'booked' });
      continue;
    }
    const fields = changedLater(was, r) ? [] : changedFields(was, r);
    if (fields.length) changes.push({ kind: 'changed', id, reservation: r, before: was, fields });
  }
  return changes;
}

/** The book's versions of the reservations `ids` of `context`'s entity, by id (those it holds). */
async function bookVersions(db: DashboardDb, context: string, ids: string[]): Promise<Map<string, Reservation>> {
  const rows = await db
    .select()
    .from(reservationsCopy)
    .where(and(eq(reservationsCopy.context, bookContext(context)), inArray(reservationsCopy.id, ids)));
  return new Map(rows.map((row) => [row.id, reservationOf(row)]));
}

/**
 * What a turn found: each reservation read (`fresh`) against the copy's version (`before`), and
 * each of the days read that the read no longer returned (`missing`), as read alone (`moved`).
 * `previous` is the window before the turn (null at the first turn). A reservation new to the
 * window that the book (`inBook`) holds on another day was moved into it: a change of its date,
 * not a booking.
 */
function changesOf(
  fresh: ReadonlyMap<string, Reservation>,
  before: ReadonlyMap<string, Reservation>,
  missing: readonly { id: string }[],
  moved: ReadonlyMap<string, Reservation | null>,
  previous: WindowDays | null,
  inBook: ReadonlyMap<string, Reservation>,
): WindowChange[] {
  const changes: WindowChange[] = [];
  for (const [id, r] of fresh) {
    const was = before.get(id);
    const elsewhere = was ? undefined : inBook.get(id);
    if (elsewhere && elsewhere.date !== r.date) {
      changes.push({ kind: 'changed', id, reservation: r, before: elsewhere, fields: changedFields(elsewhere, r) });
      continue;
    }
    if (!was) {
      const source = previous && !inDays(r.date, previous) ? 'window' : 'booked';
      changes.push({ kind: 'added', id, reservation: r, source });
      continue;
    }
    const fields = changedFields(was, r);
    if (fields.length) changes.push({ kind: 'changed', id, reservation: r, before: was, fields });
  }
  for (const { id } of missing) {
    if (fresh.has(id)) continue;
    changes.push({ kind: 'removed', id, before: before.get(id)!, reservation: moved.get(id) ?? null });
  }
  return changes;
}

/** `at`, or `now` when `at` is later (or unknown). */
const earlierOf = (now: Date, at: string | null): string | null =>
  at === null || Date.parse(at) <= now.getTime() ? at : now.toISOString();

function nullOn404(e: unknown): null {
  if (e instanceof GuestbookApiError && e.status === 404) return null;
  throw e;
}

/** Rows inserted at once, at most (PostgreSQL's bound parameters are limited). */
const INSERT_CHUNK = 500;

/** Writes a turn, and its change events, in one transaction; returns how many rows left the window and how many events it recorded. */
async function store(
  db: DashboardDb,
  context: string,
  turn: {
    rows: ReservationCopyRow[];
    removed: string[];
    window: WindowDays;
    state: WindowState;
    /** keeps the entity's book in step with the turn; returns what changed past the window */
    book?: (tx: DashboardTx) => Promise<WindowChange[]>;
    record?: (tx: DashboardTx, past: WindowChange[]) => Promise<number>;
  },
): Promise<{ expired: number; recorded: number; pastChanges: WindowChange[] }> {
  return db.transaction(async (tx) => {
    const ofContext = eq(reservationsCopy.context, context);
    const gone = [...turn.removed, ...turn.rows.map((r) => r.id)];
    for (let i = 0; i < gone.length; i += INSERT_CHUNK)
      await tx
        .delete(reservationsCopy)
        .where(and(ofContext, inArray(reservationsCopy.id, gone.slice(i, i + INSERT_CHUNK))));
    // A row the console wrote since the delete is its write's answer, newer than this turn's read.
    for (let i = 0; i < turn.rows.length; i += INSERT_CHUNK)
      await tx
        .insert(reservationsCopy)
        .values(turn.rows.slice(i, i + INSERT_CHUNK))
        .onConflictDoNothing();
    const expired = await tx
      .delete(reservationsCopy)
      .where(
        and(ofContext, or(lt(reservationsCopy.date, turn.window.first), gt(reservationsCopy.date, turn.window.last))),
      )
      .returning({ id: reservationsCopy.id });
    const { context: _, ...state } = turn.state;
    await tx
      .insert(reservationsWindow)
      .values(turn.state)
      .onConflictDoUpdate({ target: reservationsWindow.context, set: state });
    const pastChanges = (await turn.book?.(tx)) ?? [];
    return { expired: expired.length, recorded: (await turn.record?.(tx, pastChanges)) ?? 0, pastChanges };
  });
}
