import 'server-only';

import { cache } from 'react';

import { GuestbookApiError } from '../../guestbook';
import type { Condition } from '../../guestbook/filters';
import { localeName } from '../../guestbook/locales';
import { Guest, Reservation, type Venue } from '../../guestbook/schemas';
import { todayOf } from '../../overview/figures';
import { PAGE_SIZES } from '../../preferences/table-preferences';
import type { SearchPage } from '../../reservations/search-page';
import { getDb } from '../db';
import {
  apiForChoice,
  contextKeyOf,
  firstPagesOf,
  getEntityApi,
  getSelectedEntity,
  listEntityChoices,
  listVenues,
  nullOn404,
  readInSelectedContext,
  selectedContextKey,
  toPage,
  type EntityChoice,
  type PageOf,
} from '../directory';
import { getFormatter, getUiLocale } from '../http/locale';
import { bookContext, contextHolding } from '../reservations-copy';
import {
  keepAnswer,
  keepWrittenInCopy,
  lastKeptAnswer,
  reservationWithCopy,
  reviseKeptAnswers,
  searchWithCopy,
  totalInCopy,
} from './from-copy';

export const RESERVATIONS_PER_PAGE = 25;

/**
 * One page of the selected entity's reservations matching every condition (searchWithCopy: from
 * the copy where it can answer). The API's answer is kept in the dashboard's database, for the
 * same search of any member and the pages of the reservations it lists.
 */
export async function searchReservations(q: {
  conditions: readonly Condition[];
  page: number;
  sort?: string;
  /** rows per page: the member's page size (RESERVATIONS_PER_PAGE unless said) */
  limit?: number;
}): Promise<PageOf<Reservation>> {
  const limit = q.limit ?? RESERVATIONS_PER_PAGE;
  return readInSelectedContext(async (entity, context) => {
    const answers = { context, query: queryOf(q) };
    return searchWithCopy(
      entity,
      { ...q, limit },
      async () => {
        const startedAt = new Date();
        const page = toPage(
          await apiForChoice(entity).listReservations({ filters: q.conditions, page: q.page, limit, sort: q.sort }),
        );
        await keepAnswer(answers, page, startedAt);
        return page;
      },
      answers,
    );
  });
}

type SearchQuery = { conditions: readonly Condition[]; page: number; sort?: string; limit?: number };

/** A search as a key: its conditions, page, sort and page size. */
const queryOf = (q: SearchQuery) =>
  JSON.stringify([q.conditions, q.page, q.sort ?? null, q.limit ?? RESERVATIONS_PER_PAGE]);

/**
 * The total of the selected entity's search from the copy while it is fresh, else as the API
 * answered its first page less than `maxAgeMs` ago (the answer kept for the search page), or
 * null: no request is made.
 */
export async function recentSearchTotal(
  q: { conditions: readonly Condition[]; sort?: string },
  maxAgeMs: number,
): Promise<number | null> {
  const counted = await readInSelectedContext((entity) => totalInCopy(entity, q.conditions, q.sort));
  if (counted !== null) return counted;
  const context = await selectedContextKey();
  const now = new Date();
  // The first page as any member's page size read it: the total is the same.
  for (const limit of PAGE_SIZES) {
    const first = await lastKeptAnswer(context, queryOf({ ...q, page: 1, limit }), now);
    if (first && now.getTime() - first.readAt.getTime() < maxAgeMs) return first.answer.totalItems;
  }
  return null;
}

/**
 * After a change to one of the selected entity's reservations: the answers kept that list it, and
 * the copy, show it as the API returned it.
 */
export async function reservationChanged(reservation: Reservation): Promise<void> {
  await reservationChangedIn(await getSelectedEntity(), reservation);
}

/** reservationChanged for a write made in a given entity's context (a job on the server has no selection). */
export async function reservationChangedIn(entity: EntityChoice | null, reservation: Reservation): Promise<void> {
  await reviseKeptAnswers(contextKeyOf(entity), reservation);
  if (entity) await keepWrittenInCopy(entity.id, reservation);
}

/** The reservation for its page (reservationWithCopy: from the copy where it can answer; getReservation reads it anew every time, for changes). */
export async function viewReservation(id: string): Promise<Reservation | null> {
  return readInSelectedContext((entity, context) =>
    reservationWithCopy(entity, context, id, () => nullOn404(apiForChoice(entity).getReservation(id))),
  );
}

/**
 * Another assigned entity whose copy (its window or its book) holds reservation `id`, with the
 * selected one: a reservation is in one entity's context only, so its page in another says where
 * it is, with a switch to it, instead of asking the API, whose answer in this context is "not
 * found". null when no other entity's copy holds it.
 */
export async function reservationElsewhere(
  id: string,
): Promise<{ holder: EntityChoice; selected: EntityChoice | null } | null> {
  const [selected, all] = await Promise.all([getSelectedEntity(), listEntityChoices()]);
  const others = all.filter((e) => e.id !== selected?.id);
  const context = await contextHolding(
    await getDb(),
    id,
    others.flatMap((e) => [e.id, bookContext(e.id)]),
  );
  const holder = others.find((e) => context === e.id || context === bookContext(e.id));
  return holder ? { holder, selected } : null;
}

/** null when the reservation does not exist for the selected entity (404). */
export async function getReservation(id: string): Promise<Reservation | null> {
  return nullOn404((await getEntityApi()).getReservation(id));
}

/**
 * The venues the selected entity sees (a short list; read a few pages at most), once per request
 * however many of the readers below a page asks for (names, seating areas, zones).
 */
const readVenues = cache((): Promise<Venue[]> => firstPagesOf(listVenues, 10));

/** id → name of the venues the selected entity sees. */
export async function venueNames(): Promise<Record<string, string>> {
  return Object.fromEntries((await readVenues()).map((v) => [v.id, v.name]));
}

/** id → name of the seating areas of the venues the selected entity sees (where the API lists them). */
export async function seatingAreaNames(): Promise<Record<string, string>> {
  return Object.fromEntries((await readVenues()).flatMap((v) => (v.seating_areas ?? []).map((a) => [a.id, a.name])));
}

/** id → name and time zone (where the API gives one): reservation times are the venue's local times. */
export async function venueDirectory(): Promise<Record<string, { name: string; timeZone: string | null }>> {
  return Object.fromEntries((await readVenues()).map((v) => [v.id, { name: v.name, timeZone: v.time_zone ?? null }]));
}

/**
 * The date the console calls today for the selected entity's reservations: the local date of most
 * of its venues (todayOf, as the overview), the UTC date when they cannot be read.
 */
export async function venuesToday(now = new Date()): Promise<string> {
  const venues = await venueDirectory().catch((e: unknown) => {
    if (e instanceof GuestbookApiError) return {};
    throw e;
  });
  return todayOf(
    Object.entries(venues).map(([id, v]) => ({ id, name: v.name, time_zone: v.timeZone ?? undefined })),
    now,
  );
}

/** Fields of a reservation (and of its guest) that this dashboard does not know yet. */
export function otherReservationFields(r: Reservation): Record<string, unknown> {
  const known = new Set(Object.keys(Reservation.shape));
  const out: Record<string, unknown> = Object.fromEntries(Object.entries(r).filter(([k]) => !known.has(k)));
  if (r.guest) {
    const knownGuest = new Set(Object.keys(Guest.shape));
    const extraGuest = Object.fromEntries(Object.entries(r.guest).filter(([k]) => !knownGuest.has(k)));
    if (Object.keys(extraGuest).length > 0) out.guest = extraGuest;
  }
  return out;
}

/** One page of the selected entity's search, with each venue's name and zone, as the results table shows it. */
export async function readSearchPage(q: SearchQuery): Promise<SearchPage> {
  const [result, names, format, uiLocale] = await Promise.all([
    searchReservations(q),
    venueDirectory().catch((e: unknown) => {
      // without the venues the rows still show, with venue ids
      if (e instanceof GuestbookApiError) return {} as Awaited<ReturnType<typeof venueDirectory>>;
      throw e;
    }),
    getFormatter(),
    getUiLocale(),
  ]);
  return {
    rows: result.items.map((r) => ({
      id: r.id,
      guestName: r.guest ? `${r.guest.first_name} ${r.guest.last_name}` : '—',
      guestEmail: r.guest?.email ?? null,
      status: r.status,
      date: r.date ?? '',
      time: r.time ?? '',
      dateLabel: format.day(r.date),
      timeLabel: format.wallTime(r.time),
      partySize: r.party_size ?? null,
      venueName: r.venue_id ? (names[r.venue_id]?.name ?? r.venue_id) : '—',
      timeZone: r.venue_id ? (names[r.venue_id]?.timeZone ?? null) : null,
      locale: r.locale,
      localeLabel: localeName(r.locale, uiLocale),
    })),
    page: result.page,
    totalPages: result.totalPages,
    totalItems: result.totalItems,
  };
}
