import 'server-only';
import { and, count, eq, gte } from 'drizzle-orm';
import { listAll } from '../guestbook/client';
import type { Condition } from '../guestbook/filters';
import type { CommitmentRow, Identity, Reservation } from '../guestbook/schemas';
import { todayView, type TodayView } from '../overview/links';
import { allocationFigures, coversByDay, dateRange, todayFigures, todayOf, type AllocationFigures, type TodayFigures } from '../overview/figures';
import { sharedEntityRows } from './allocations';
import { getDb } from './db';
import { auditLog } from './db/schema';
import { allOf, listDelegates, listVenues } from './directory';
import { getEntityApi, getSelectedEntity, listEntityChoices, selectedContextKey, type EntityChoice } from './entity-context';
import { getApiClient } from './guestbook';
import { SHARED, sharedRead } from './shared-reads';

/** The days the overview's chart covers, today first. */
export const OVERVIEW_DAYS = 14;
const PAGE = 100;

export interface Overview {
  entity: EntityChoice | null;
  /** the "today" block, also re-read alone by the browser (getTodayView) */
  todayView: TodayView;
  /** the first of the days: today where most of the venues are */
  today: string;
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

/** The selected entity's reservations of the days shown, as one shared read (forgotten with its searches on a change). */
async function readDays(first: string): Promise<Reservation[]> {
  const key = `${SHARED.reservations}${await selectedContextKey()}:search:overview:${first}`;
  return sharedRead(key, async () => {
    const api = await getEntityApi();
    return listAll((page) => api.listReservations({ filters: overviewConditions(first), page, limit: PAGE, sort: 'date' }), 5_000);
  });
}

async function failedAppliesSince(since: Date): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'apply-allocation'), eq(auditLog.result, 'failed'), gte(auditLog.at, since)));
  return row?.n ?? 0;
}

/**
 * Everything the overview shows, for the entity selected in the shell. API cost on the demo
 * world: venues 1, the 14 days' reservations 1–3 pages, the entity's commitments 1, delegates 1,
 * entities 1 (shared with the shell), all shared reads.
 */
export async function getOverview(now = new Date()): Promise<Overview> {
  const [entity, venues, entities, delegates] = await Promise.all([getSelectedEntity(), allOf(listVenues), listEntityChoices(), allOf(listDelegates)]);
  const today = todayOf(venues, now);
  const [reservations, rows, failedApplies] = await Promise.all([
    readDays(today),
    entity ? sharedEntityRows({ id: entity.id, name: entity.name, org_id: entity.orgId }) : Promise.resolve<CommitmentRow[]>([]),
    failedAppliesSince(new Date(now.getTime() - 7 * 86_400_000)),
  ]);
  const rateLimit = getApiClient().rateLimit;
  const figures = todayFigures(reservations, venues, today, now);
  return {
    entity,
    todayView: todayView(entity?.id ?? 'default', today, figures, now.getTime()),
    today,
    todayFigures: figures,
    days: coversByDay(reservations, dateRange(today, OVERVIEW_DAYS)),
    allocations: allocationFigures(rows, venues),
    attention: {
      suspendedDelegates: delegates.filter((d) => d.status === 'suspended').map((d) => ({ id: d.id, name: d.name })),
      unprovisionedEntities: entities.filter((e) => e.orgId === null).map((e) => ({ id: e.id, name: e.name })),
      failedAppliesThisWeek: failedApplies,
      budget: rateLimit ? { limit: rateLimit.limit, remaining: rateLimit.remaining, resetAt: rateLimit.resetAt.toISOString() } : null,
    },
  };
}

/**
 * The "today" block alone, as the browser re-reads it every 60 s and on focus: the venues, the
 * entity list (for the selected entity) and the days' reservations, all shared reads, so a
 * refetch costs at most those reads (1 + 1 + 1–3 pages on the demo world) and often none.
 */
export async function getTodayView(now = new Date()): Promise<TodayView> {
  const [entity, venues] = await Promise.all([getSelectedEntity(), allOf(listVenues)]);
  const today = todayOf(venues, now);
  const reservations = await readDays(today);
  return todayView(entity?.id ?? 'default', today, todayFigures(reservations, venues, today, now), now.getTime());
}
