import 'server-only';

import { and, count, eq, gte } from 'drizzle-orm';

import { startOfDay } from '../../format/days';
import type { Condition } from '../../guestbook/filters';
import { listAllTogether } from '../../guestbook/paging';
import type { CommitmentRow, Identity, Reservation, Venue } from '../../guestbook/schemas';
import {
  allocationFigures,
  coversByDay,
  dateRange,
  localNow,
  partnerRows,
  todayFigures,
  todayOf,
  type AllocationFigures,
  type TodayFigures,
} from '../../overview/figures';
import { todayView, type TodayView } from '../../overview/links';
import { copiedEntityRows } from '../allocations';
import { getApiClient } from '../api';
import { getDb } from '../db';
import { auditLog } from '../db/schema';
import {
  allOf,
  apiForChoice,
  getSelectedEntity,
  listDelegates,
  listEntityChoices,
  listVenues,
  readInSelectedContext,
  type EntityChoice,
} from '../directory';
import { processWide } from '../process-wide';
import { allWithCopy } from '../reservations/from-copy';

/** The days the overview's chart covers, today first. */
export const OVERVIEW_DAYS = 14;
const PAGE = 100;

export interface Overview {
  scope: OverviewScope;
  /** the entity selected in the shell */
  entity: EntityChoice | null;
  /** how many entities the figures cover */
  entityCount: number;
  /** the "today" block, also re-read alone by the browser (getTodayView) */
  todayView: TodayView;
  /** the first of the days: today where most of the venues are */
  today: string;
  /** when that day began, at the first venue whose day it is (ISO) */
  dayStartsAt: string;
  todayFigures: TodayFigures;
  days: { date: string; covers: number; reservations: number }[];
  allocations: AllocationFigures;
  attention: {
    suspendedDelegates: Pick<Identity, 'id' | 'name'>[];
    unprovisionedEntities: Pick<EntityChoice, 'id' | 'name'>[];
    failedAppliesThisWeek: number;
    budget: { limit: number; remaining: number; resetAt: string } | null;
  };
}

/** The conditions of the overview's one reservation read: every reservation of the days shown. */
export const overviewConditions = (first: string): Condition[] => [
  { attribute: 'date', modifier: 'gte', value: first },
  { attribute: 'date', modifier: 'lte', value: dateRange(first, OVERVIEW_DAYS).at(-1)! },
];

/** How many pages each entity's days took at its last read from the API: the next read asks for as many at once. */
const lastPageCount = () =>
  processWide(
    "the pages each entity's overview days took at their last API read (a guess for the next)",
    () => new Map<string, number>(),
  );

/**
 * An entity's reservations of the days shown, from the copy of its window when that is fresh
 * (allWithCopy), else from the API, its pages read side by side, as many at once as the last
 * read had.
 */
async function readDays(entity: EntityChoice | null, first: string): Promise<Reservation[]> {
  const context = entity?.id ?? 'default';
  return allWithCopy(entity, overviewConditions(first), async () => {
    const api = apiForChoice(entity);
    const { items, pages } = await listAllTogether(
      (page) => api.listReservations({ filters: overviewConditions(first), page, limit: PAGE, sort: 'date' }),
      { cap: 5_000, expectedPages: lastPageCount().get(context) },
    );
    lastPageCount().set(context, pages);
    return items;
  });
}

/** What the overview counts: the entity selected in the shell, or every entity of the partner. */
export type OverviewScope = 'entity' | 'partner';

/** The entities a scope covers. */
const entitiesOf = (scope: OverviewScope, selected: EntityChoice | null, all: EntityChoice[]) =>
  scope === 'partner' ? all : selected ? [selected] : [];

/** The days' reservations of every entity of the scope (ids are unique across entities). */
async function readScopeDays(
  scope: OverviewScope,
  selected: EntityChoice | null,
  all: EntityChoice[],
  first: string,
): Promise<Reservation[]> {
  if (scope === 'entity') return readDays(selected, first);
  return (await Promise.all(all.map((e) => readDays(e, first)))).flat();
}

/** The days' reservations of the scope from today at the venues. */
async function readScopeDaysToday(
  scope: OverviewScope,
  selection: Promise<[EntityChoice | null, EntityChoice[]]>,
  venuesRead: Promise<Venue[]>,
  now: Date,
): Promise<Reservation[]> {
  const first = todayOf(await venuesRead, now);
  if (scope === 'entity')
    return readInSelectedContext((entity) => readScopeDays(scope, entity, entity ? [entity] : [], first));
  const [entity, entities] = await selection;
  return readScopeDays(scope, entity, entities, first);
}

/** The key the browser's "today" query is kept under: the selected entity's id, or "partner". */
const contextOf = (scope: OverviewScope, selected: EntityChoice | null) =>
  scope === 'partner' ? 'partner' : (selected?.id ?? 'default');

async function failedAppliesSince(since: Date): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'apply-allocation'), eq(auditLog.result, 'failed'), gte(auditLog.at, since)));
  return row?.n ?? 0;
}

/**
 * Everything the overview shows, for the entity selected in the shell or for the whole partner.
 * Read from the copy; when it cannot answer, the API cost on the demo world: venues 1, delegates
 * 1, entities 1, and per entity covered its 14 days' reservations (1–3 pages) and its
 * commitments (1). One entity: at most 12; the whole partner (9 entities): see docs/architecture.md.
 */
export async function getOverview(now = new Date(), scope: OverviewScope = 'entity'): Promise<Overview> {
  const selection = Promise.all([getSelectedEntity(), listEntityChoices()]);
  const venuesRead = allOf(listVenues);
  // Every read starts now: the commitments once the entity list says whose, the days' reservations
  // once the venues say which day is today (both lists are the dashboard's copies).
  const rowsOf = (covered: EntityChoice[]) =>
    Promise.all(covered.map((e) => copiedEntityRows({ id: e.id, name: e.name, org_id: e.orgId })));
  const rowsRead =
    scope === 'entity'
      ? readInSelectedContext((entity) => rowsOf(entity ? [entity] : []))
      : selection.then(([, entities]) => rowsOf(entities));
  const reservationsRead = readScopeDaysToday(scope, selection, venuesRead, now);
  const [[entity, entities], venues, delegates, reservations, rowsByEntity, failedApplies] = await Promise.all([
    selection,
    venuesRead,
    allOf(listDelegates),
    reservationsRead,
    rowsRead,
    failedAppliesSince(new Date(now.getTime() - 7 * 86_400_000)),
  ]);
  const today = todayOf(venues, now);
  const covered = entitiesOf(scope, entity, entities);
  const rows: CommitmentRow[] = scope === 'partner' ? partnerRows(rowsByEntity) : (rowsByEntity[0] ?? []);
  const rateLimit = getApiClient().rateLimit;
  const figures = todayFigures(reservations, venues, today, now);
  return {
    scope,
    entity,
    entityCount: covered.length,
    todayView: todayView(contextOf(scope, entity), today, figures, now.getTime(), scope === 'entity'),
    today,
    dayStartsAt: startOfDay(
      today,
      venues.find((v) => localNow(v.time_zone, now).date === today)?.time_zone ?? 'UTC',
    ).toISOString(),
    todayFigures: figures,
    days: coversByDay(reservations, dateRange(today, OVERVIEW_DAYS)),
    allocations: allocationFigures(rows, venues),
    attention: {
      suspendedDelegates: delegates.filter((d) => d.status === 'suspended').map((d) => ({ id: d.id, name: d.name })),
      unprovisionedEntities: entities.filter((e) => e.orgId === null).map((e) => ({ id: e.id, name: e.name })),
      failedAppliesThisWeek: failedApplies,
      budget: rateLimit
        ? { limit: rateLimit.limit, remaining: rateLimit.remaining, resetAt: rateLimit.resetAt.toISOString() }
        : null,
    },
  };
}

/**
 * The "today" block alone, as the browser re-reads it every 60 s and on focus: the venues, the
 * entity list and the days' reservations of the scope's entities, from the copy, so a refetch
 * costs no API request while the copy is fresh, and at most those reads (for one entity 1 + 1 +
 * 1–3 pages on the demo world) when it is not.
 */
export async function getTodayView(scope: OverviewScope = 'entity', now = new Date()): Promise<TodayView> {
  const selection = Promise.all([getSelectedEntity(), listEntityChoices()]);
  const venuesRead = allOf(listVenues);
  const [[entity], venues, reservations] = await Promise.all([
    selection,
    venuesRead,
    readScopeDaysToday(scope, selection, venuesRead, now),
  ]);
  const today = todayOf(venues, now);
  return todayView(
    contextOf(scope, entity),
    today,
    todayFigures(reservations, venues, today, now),
    now.getTime(),
    scope === 'entity',
  );
}
