/**
 * A reservation search answered from the copy, with the API's results (the same rows in the same
 * order, the same pagination), or null when its dates do not lie inside the window.
 */
import { and, count, eq, gte, inArray, isNull, lte, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import { RESERVATION_FILTERS, type Condition, type FilterValue } from '../../guestbook/filters';
import { PAGE_DEFAULT_LIMIT, PAGE_MAX_LIMIT, type Pagination, type Reservation } from '../../guestbook/schemas';
import { RESERVATION_SORTS } from '../../reservations/search-query';
import type { DashboardDb } from '../db/open';
import { reservationsCopy as copy, reservationsWindow } from '../db/schema';
import { reservationOf } from './rows';
import { EVERY_DAY, type WindowDays } from './window';

/** A page of a search as the API answers it, and when the copy was read. */
export interface CopyPage {
  data: Reservation[];
  pagination: Pagination;
  /** the copy's last turn: the answer is as of then */
  asOf: Date;
}

/** The column each filter reads, and how a filter's value is put to it. */
const FILTER_COLUMNS: Record<
  keyof typeof RESERVATION_FILTERS,
  { column: AnyPgColumn; value?: (v: FilterValue) => FilterValue }
> = {
  status: { column: copy.status },
  date: { column: copy.date },
  // instants, not text: …T10:00:00Z and …T10:00:00.000Z are the same time
  created_at: { column: copy.createdAtMs, value: (v) => Date.parse(String(v)) },
  venue_id: { column: copy.venueId },
  program_id: { column: copy.programId },
  party_size: { column: copy.partySize },
  locale: { column: copy.locale },
  // the guest's e-mail and last name ignore case
  guest_email: { column: copy.guestEmailLower, value: (v) => String(v).toLowerCase() },
  guest_last_name: { column: copy.guestLastNameLower, value: (v) => String(v).toLowerCase() },
};

/** The column each sort orders by; ties go by date, time and id, and descending is the exact reverse. */
const SORT_COLUMNS: Record<(typeof RESERVATION_SORTS)[number], AnyPgColumn> = {
  date: copy.date,
  created_at: copy.createdAtMs,
  party_size: copy.partySize,
  status: copy.status,
  guest_last_name: copy.guestLastName,
};

const hasKey = <T extends object>(o: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(o, key);

/**
 * The SQL of one condition. A value the reservation lacks (null) matches only neq and nin, as
 * the API's "not equal" includes it.
 */
function conditionSql(c: Condition): SQL | null {
  if (!hasKey(FILTER_COLUMNS, c.attribute)) return null;
  const { column, value = (v: FilterValue) => v } = FILTER_COLUMNS[c.attribute];
  const values = (Array.isArray(c.value) ? c.value : [c.value]).map(value);
  const one = values[0]!;
  switch (c.modifier) {
    case 'eq':
      return eq(column, one);
    case 'neq':
      return or(isNull(column), ne(column, one))!;
    case 'in':
      return inArray(column, values);
    case 'nin':
      return or(isNull(column), notInArray(column, values))!;
    case 'gte':
      return gte(column, one);
    case 'lte':
      return lte(column, one);
  }
}

/**
 * The first and last day a reservation the conditions can match may have (their date conditions:
 * eq, in, gte, lte), or null when they admit no date at all.
 */
function datesOf(conditions: readonly Condition[]): WindowDays | null {
  let from = EVERY_DAY.first;
  let to = EVERY_DAY.last;
  let listed: string[] | null = null;
  for (const c of conditions) {
    if (c.attribute !== 'date') continue;
    const values = (Array.isArray(c.value) ? c.value : [c.value]).map(String);
    if (c.modifier === 'gte' || c.modifier === 'eq') from = values[0]! > from ? values[0]! : from;
    if (c.modifier === 'lte' || c.modifier === 'eq') to = values[0]! < to ? values[0]! : to;
    if (c.modifier === 'in') listed = listed ? listed.filter((d) => values.includes(d)) : values;
  }
  if (listed) {
    const possible = listed.filter((d) => d >= from && d <= to).sort();
    return possible.length ? { first: possible[0]!, last: possible.at(-1)! } : null;
  }
  return from > to ? null : { first: from, last: to };
}

/**
 * Whether every reservation the conditions can match has a date inside the window. A search
 * whose bounds admit no date at all is inside too (its answer is empty everywhere).
 */
export function insideWindow(conditions: readonly Condition[], window: WindowDays): boolean {
  const dates = datesOf(conditions);
  return !dates || (dates.first >= window.first && dates.last <= window.last);
}

/** The same in SQL, of the window's row: true when it holds every date the conditions can match. */
function insideWindowSql(conditions: readonly Condition[]): SQL {
  const dates = datesOf(conditions);
  return dates
    ? sql`${dates.first} >= ${reservationsWindow.firstDay} and ${dates.last} <= ${reservationsWindow.lastDay}`
    : sql`true`;
}

/** The ORDER BY of a sort (`field` or `-field`, `date` when none); null for a field the API does not sort on. */
function orderOf(sort: string | undefined): SQL[] | null {
  const raw = sort || 'date';
  const descending = raw.startsWith('-');
  const field = descending ? raw.slice(1) : raw;
  if (!hasKey(SORT_COLUMNS, field)) return null;
  // A missing value sorts first (as the empty text would); descending reverses that too.
  const direction = sql.raw(descending ? 'desc nulls last' : 'asc nulls first');
  return [SORT_COLUMNS[field], copy.date, copy.time, copy.id].map((column) => sql`${column} ${direction}`);
}

/** The ORDER BY and the WHERE of a search the copy can run, or null (a sort or a filter the API would refuse). */
function queryOf(filters: readonly Condition[], sort: string | undefined): { order: SQL[]; where: SQL[] } | null {
  const order = orderOf(sort);
  const where = filters.map(conditionSql);
  return order && where.every((w) => w !== null) ? { order, where: where as SQL[] } : null;
}

/** The rows of `context` the query's conditions match. */
const matchingIn = (context: string, query: { where: SQL[] }) => and(eq(copy.context, context), ...query.where);

async function countMatching(db: DashboardDb, context: string, query: { where: SQL[] }): Promise<number> {
  const [row] = await db.select({ total: count() }).from(copy).where(matchingIn(context, query));
  return Number(row?.total ?? 0);
}

/**
 * The rows of `context` matching `where`, in `order` (a page of them with `limit`), with the
 * window's state and the count of every match, read in one statement: one snapshot, so no turn
 * lands between the window and its rows. The rows are looked for only when the window holds
 * every date the filters can match; null when it does not, or was never read.
 */
async function rowsWithWindow(
  db: DashboardDb,
  context: string,
  filters: readonly Condition[],
  query: { order: SQL[]; where: SQL[] },
  page?: { limit: number; offset: number },
): Promise<{ readAt: Date; rows: { reservation: Record<string, unknown> }[]; total: number | null } | null> {
  const inOrder = sql.join(query.order, sql`, `);
  const ordered = db
    .select({
      reservation: copy.reservation,
      total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
      place: sql<number>`row_number() over (order by ${inOrder})`.mapWith(Number).as('place'),
    })
    .from(copy)
    .where(and(matchingIn(context, query), insideWindowSql(filters)))
    .orderBy(...query.order)
    .$dynamic();
  const matching = (page ? ordered.limit(page.limit).offset(page.offset) : ordered).as('matching');
  const joined = await db
    .select({
      firstDay: reservationsWindow.firstDay,
      lastDay: reservationsWindow.lastDay,
      readAt: reservationsWindow.readAt,
      reservation: matching.reservation,
      total: matching.total,
    })
    .from(reservationsWindow)
    .leftJoinLateral(matching, sql`true`)
    .where(eq(reservationsWindow.context, context))
    .orderBy(matching.place);
  const [window] = joined;
  if (!window || !insideWindow(filters, { first: window.firstDay, last: window.lastDay })) return null;
  const rows = joined.flatMap((r) => (r.reservation ? [{ reservation: r.reservation }] : []));
  return { readAt: window.readAt, rows, total: rows.length ? window.total : null };
}

/**
 * One page of `context`'s reservations matching every condition (already checked, as the
 * dashboard's filter parsing leaves them), in the API's order, with its pagination; null when
 * the copy cannot answer it: the window was never read, a date of the search may lie outside it,
 * or the page, limit, sort or a filter is one the API would refuse. One statement, whether the
 * window answers or not (and one more for the count of a page past the last).
 */
export async function searchCopy(
  db: DashboardDb,
  context: string,
  filters: readonly Condition[],
  page = 1,
  limit: number = PAGE_DEFAULT_LIMIT,
  sort?: string,
): Promise<CopyPage | null> {
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(limit) || limit < 1 || limit > PAGE_MAX_LIMIT)
    return null;
  const query = queryOf(filters, sort);
  if (!query) return null;
  const read = await rowsWithWindow(db, context, filters, query, { limit, offset: (page - 1) * limit });
  if (!read) return null;
  // a page past the last holds no row to carry the count: counted on its own
  const total = read.total ?? (page === 1 ? 0 : await countMatching(db, context, query));
  return {
    data: read.rows.map(reservationOf),
    pagination: {
      current_page: page,
      total_pages: Math.max(1, Math.ceil(total / limit)),
      total_items: total,
      items_per_page: limit,
    },
    asOf: read.readAt,
  };
}

/** One reservation of `context`'s window as the copy holds it, with the copy's last turn (one statement); null when the copy does not hold it. */
export async function findInCopy(
  db: DashboardDb,
  context: string,
  id: string,
): Promise<{ reservation: Reservation; asOf: Date } | null> {
  const [row] = await db
    .select({ readAt: reservationsWindow.readAt, reservation: copy.reservation })
    .from(reservationsWindow)
    .leftJoin(copy, and(eq(copy.context, reservationsWindow.context), eq(copy.id, id)))
    .where(eq(reservationsWindow.context, context));
  return row?.reservation ? { reservation: reservationOf({ reservation: row.reservation }), asOf: row.readAt } : null;
}

/** The first of `contexts` whose copy holds reservation `id` (one statement); null when none does. */
export async function contextHolding(db: DashboardDb, id: string, contexts: readonly string[]): Promise<string | null> {
  if (!contexts.length) return null;
  const [row] = await db
    .select({ context: copy.context })
    .from(copy)
    .where(and(inArray(copy.context, [...contexts]), eq(copy.id, id)))
    .limit(1);
  return row?.context ?? null;
}

/**
 * Every reservation of a search the copy can answer, in the API's order, with the window it was
 * read in one statement with (so no turn lands between them); null as searchCopy.
 */
export async function searchCopyAll(
  db: DashboardDb,
  context: string,
  filters: readonly Condition[],
  sort?: string,
): Promise<{ data: Reservation[]; asOf: Date } | null> {
  const query = queryOf(filters, sort);
  if (!query) return null;
  const read = await rowsWithWindow(db, context, filters, query);
  return read && { data: read.rows.map(reservationOf), asOf: read.readAt };
}
