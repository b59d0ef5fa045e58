import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildFilterQuery, RESERVATION_FILTERS, type Condition, type Modifier } from '../../guestbook/filters';
import { RESERVATION_STATUSES } from '../../guestbook/reservation-statuses';
import type { Reservation } from '../../guestbook/schemas';
import { dateRange } from '../../overview/figures';
import { parseReservationSearch, RESERVATION_SORTS } from '../../reservations/search-query';
import { reservationsCopy, reservationsWindow } from '../db/schema';
import { bookContext, readBook } from './book';
import { reservationOf, rowOf } from './rows';
import { searchCopy } from './search';
import { syncWindowTurn } from './sync';
import { WINDOW_DAYS } from './window';
import { NOW, startWindowWorld, TODAY, type WindowWorld } from './window.fixture';

let world: WindowWorld;
let reservations: Reservation[];
/** every reservation of the entity: the book's */
let book: Reservation[];
const days = dateRange(TODAY, WINDOW_DAYS);
const [first, last] = [days[0]!, days.at(-1)!];
const yesterday = new Date(Date.parse(`${first}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
const afterLast = dateRange(last, 2)[1]!;

beforeAll(async () => {
  world = await startWindowWorld();
  await syncWindowTurn(world.db, world.api, world.context, NOW);
  reservations = (await world.db.select().from(reservationsCopy)).map(reservationOf);
  await readBook(world.db, world.api, world.context, NOW);
  book = (
    await world.db
      .select()
      .from(reservationsCopy)
      .where(eq(reservationsCopy.context, bookContext(world.context)))
  ).map(reservationOf);
});
afterAll(() => world?.close());

/** The search as the reservations page reads it back from its address: the dashboard's own parsing. */
function canonical(conditions: Condition[], sort: string | undefined) {
  const query = [buildFilterQuery(conditions, RESERVATION_FILTERS), sort ? `sort=${sort}` : '']
    .filter(Boolean)
    .join('&');
  const search = parseReservationSearch(new URLSearchParams(query));
  expect(search.problems).toEqual([]);
  return { conditions: search.conditions, sort: search.sort };
}

const distinct = <T>(values: (T | null | undefined)[]) => [...new Set(values.filter((v): v is T => v != null))];
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const ALL: readonly Modifier[] = ['eq', 'neq', 'in', 'nin', 'gte', 'lte'];
const EQUALITY: readonly Modifier[] = ['eq', 'neq', 'in', 'nin'];

/** A condition on one attribute, with one of `modifiers` and values drawn from `values`. */
function conditionOn<T extends string | number>(
  attribute: string,
  modifiers: readonly Modifier[],
  values: fc.Arbitrary<T>,
): fc.Arbitrary<Condition> {
  return fc
    .constantFrom(...modifiers)
    .chain((modifier) =>
      modifier === 'in' || modifier === 'nin'
        ? fc.uniqueArray(values, { minLength: 1, maxLength: 4 }).map((value) => ({ attribute, modifier, value }))
        : values.map((value): Condition => ({ attribute, modifier, value })),
    );
}

/** A value as the data has it, or with its case changed (guest filters ignore case). */
const anyCase = (values: string[]) =>
  fc.constantFrom(...values).chain((v) => fc.constantFrom(v, v.toUpperCase(), v.toLowerCase()));

/** A created_at near one of the data's (the same second, or some minutes either side). */
const createdAt = () =>
  fc
    .tuple(fc.constantFrom(...distinct(reservations.map((r) => r.created_at))), fc.constantFrom(0, 0, -90, 600, -7200))
    .map(([at, s]) => new Date(Date.parse(at) + s * 1000).toISOString().replace(/\.000Z$/, 'Z'));

/** Date conditions that keep a search inside the window: a range, a day, a list of days, and sometimes a day left out. */
const insideDates = (): fc.Arbitrary<Condition[]> =>
  fc
    .tuple(
      fc.oneof(
        fc.tuple(fc.constantFrom(...days), fc.constantFrom(...days)).map(([a, b]): Condition[] => [
          { attribute: 'date', modifier: 'gte', value: a < b ? a : b },
          { attribute: 'date', modifier: 'lte', value: a < b ? b : a },
        ]),
        fc.constantFrom(...days).map((d): Condition[] => [{ attribute: 'date', modifier: 'eq', value: d }]),
        fc
          .uniqueArray(fc.constantFrom(...days), { minLength: 1, maxLength: 5 })
          .map((ds): Condition[] => [{ attribute: 'date', modifier: 'in', value: ds }]),
      ),
      fc.option(conditionOn('date', ['neq', 'nin'], fc.constantFrom(...days)), { freq: 4 }),
    )
    .map(([bounds, without]) => (without ? [...bounds, without] : bounds));

/** Date conditions anywhere in the book (days of its reservations, or none): ranges open on either side, days and lists. */
const anyDates = (): fc.Arbitrary<Condition[]> => {
  const dates = () => fc.constantFrom(...distinct(book.map((r) => r.date)));
  return fc.oneof(
    fc.constant<Condition[]>([]),
    dates().map((d): Condition[] => [{ attribute: 'date', modifier: 'gte', value: d }]),
    dates().map((d): Condition[] => [{ attribute: 'date', modifier: 'lte', value: d }]),
    fc.tuple(dates(), dates()).map(([a, b]): Condition[] => [
      { attribute: 'date', modifier: 'gte', value: a < b ? a : b },
      { attribute: 'date', modifier: 'lte', value: a < b ? b : a },
    ]),
    conditionOn('date', ['eq', 'neq', 'in', 'nin'], dates()).map((c) => [c]),
  );
};

/** Any of the other filters, each present a fifth of the time (so that many searches still find rows). */
function otherFilters(): fc.Arbitrary<Condition[]> {
  const sometimes = (c: fc.Arbitrary<Condition>) =>
    fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: c });
  return fc
    .tuple(
      sometimes(conditionOn('status', EQUALITY, fc.constantFrom(...RESERVATION_STATUSES))),
      sometimes(
        conditionOn(
          'venue_id',
          EQUALITY,
          fc.constantFrom(...distinct(reservations.map((r) => r.venue_id)), UNKNOWN_ID),
        ),
      ),
      sometimes(
        conditionOn(
          'program_id',
          EQUALITY,
          fc.constantFrom(...distinct(reservations.map((r) => r.program_id)), UNKNOWN_ID),
        ),
      ),
      sometimes(conditionOn('party_size', ALL, fc.integer({ min: 1, max: 8 }))),
      sometimes(
        conditionOn('locale', EQUALITY, fc.constantFrom(...distinct(reservations.map((r) => r.locale)), 'en-US')),
      ),
      sometimes(
        conditionOn('guest_email', EQUALITY, anyCase(distinct(reservations.map((r) => r.guest?.email)).slice(0, 40))),
      ),
      sometimes(
        conditionOn('guest_last_name', EQUALITY, anyCase(distinct(reservations.map((r) => r.guest?.last_name)))),
      ),
      sometimes(conditionOn('created_at', ALL, createdAt())),
    )
    .map((cs) => cs.filter((c): c is Condition => c !== null));
}

const sortArb = fc.option(
  fc.tuple(fc.constantFrom(...RESERVATION_SORTS), fc.boolean()).map(([field, down]) => (down ? `-${field}` : field)),
  { freq: 4 },
);
const limitArb = fc.oneof(
  fc.integer({ min: 1, max: 10 }),
  fc.constantFrom(25, 50, 100),
  fc.integer({ min: 1, max: 100 }),
);
const pageArb = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 3 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 40 }) },
);

const paging = (p: { current_page: number; total_pages: number; total_items: number; items_per_page: number }) => ({
  current_page: p.current_page,
  total_pages: p.total_pages,
  total_items: p.total_items,
  items_per_page: p.items_per_page,
});

/**
 * Random searches (dates from `dates`, the other filters, sort, page size and page) answered by
 * the copy of `context` and by the API: the same rows in the same order, the same pagination.
 * Returns how many ran, and how many of them had rows.
 */
async function compareWithApi(
  context: string,
  dates: fc.Arbitrary<Condition[]>,
  numRuns: number,
): Promise<{ runs: number; withRows: number }> {
  let withRows = 0;
  let runs = 0;
  await fc.assert(
    fc.asyncProperty(dates, otherFilters(), sortArb, limitArb, pageArb, async (ds, others, rawSort, limit, page) => {
      const { conditions, sort } = canonical([...ds, ...others], rawSort ?? undefined);
      const fromApi = await world.api.listReservations({ filters: conditions, page, limit, sort });
      const fromCopy = await searchCopy(world.db, context, conditions, page, limit, sort);
      expect(fromCopy).not.toBeNull();
      expect(fromCopy!.data.map((r) => r.id)).toEqual(fromApi.data.map((r) => r.id));
      expect(fromCopy!.data).toEqual(fromApi.data);
      expect(paging(fromCopy!.pagination)).toEqual(paging(fromApi.pagination));
      runs++;
      if (fromApi.data.length > 0) withRows++;
    }),
    { numRuns },
  );
  // Not only empty answers: the comparison says something.
  expect(withRows).toBeGreaterThan(runs / 6);
  return { runs, withRows };
}

describe('searchCopy', () => {
  it('answers every search inside the window as the API does: the same rows in the same order, the same pagination', async () => {
    expect(reservations.length).toBeGreaterThan(100);
    const { runs, withRows } = await compareWithApi(world.context, insideDates(), 150);
    console.log(
      `searchCopy = the API on ${runs} random searches inside the window of ${reservations.length} reservations (${withRows} of them with rows)`,
    );
  });

  it('answers every search from the book as the API does, whatever its dates', async () => {
    // the demo world's reservations lie 30 days either side of today: most are outside the window
    expect(book.length).toBeGreaterThan(2 * reservations.length);
    const { runs, withRows } = await compareWithApi(bookContext(world.context), anyDates(), 100);
    console.log(
      `the book = the API on ${runs} random searches of any dates over ${book.length} reservations (${withRows} with rows)`,
    );
  });

  it('answers nothing of a search that may reach outside the window: the caller asks the API', async () => {
    const date = (modifier: Modifier, value: string | string[]): Condition => ({ attribute: 'date', modifier, value });
    const outside: Condition[][] = [
      [],
      [{ attribute: 'status', modifier: 'eq', value: 'confirmed' }],
      [date('gte', first)],
      [date('lte', last)],
      [date('gte', first), date('lte', afterLast)],
      [date('gte', yesterday), date('lte', last)],
      [date('eq', afterLast)],
      [date('in', [first, afterLast])],
      [date('neq', first)],
    ];
    for (const conditions of outside) expect(await searchCopy(world.db, world.context, conditions)).toBeNull();
    // Inside, by a range, a day or a list; and a range that admits no day at all.
    for (const conditions of [
      [date('gte', first), date('lte', last)],
      [date('eq', last)],
      [date('in', [first, last])],
      [date('gte', afterLast), date('lte', first)],
    ])
      expect(await searchCopy(world.db, world.context, conditions)).not.toBeNull();
    // Another context's window was never read; a limit or sort the API refuses is the API's to refuse.
    expect(await searchCopy(world.db, 'default', [date('eq', first)])).toBeNull();
    expect(await searchCopy(world.db, world.context, [date('eq', first)], 1, 101)).toBeNull();
    expect(await searchCopy(world.db, world.context, [date('eq', first)], 1, 25, 'time')).toBeNull();
  });

  it('matches a reservation without a value (no program) by neq and nin only, as the API does', async () => {
    // The demo world books every seat on a program: such a reservation is put in a window of its own.
    const context = 'without-programs';
    const base = reservations.find((r) => r.date === first && r.program_id)!;
    const without = { ...base, id: UNKNOWN_ID, program_id: null };
    await world.db.insert(reservationsWindow).values({
      context,
      firstDay: first,
      lastDay: last,
      readAt: NOW,
      fullReadAt: NOW,
      lastCreatedAt: null,
      venues: [],
    });
    await world.db.insert(reservationsCopy).values([rowOf(context, base, NOW)!, rowOf(context, without, NOW)!]);
    const ids = async (modifier: Modifier, value: string | string[]) =>
      (await searchCopy(world.db, context, [
        { attribute: 'date', modifier: 'eq', value: first },
        { attribute: 'program_id', modifier, value },
      ]))!.data.map((r) => r.id);
    const program = base.program_id!;
    expect(await ids('neq', program)).toEqual([UNKNOWN_ID]);
    expect(await ids('nin', [program, UNKNOWN_ID])).toEqual([UNKNOWN_ID]);
    expect(await ids('eq', program)).toEqual([base.id]);
    expect(await ids('in', [program, UNKNOWN_ID])).toEqual([base.id]);
  });
});
