/**
 * The browser's reads after the page loaded, one typed fetcher each, through the dashboard's GET
 * routes (never server actions: Next's client sends those one at a time, so a read would hold up
 * the next Save). Each takes TanStack Query's `signal` where a query calls it.
 */
import type { SeatsInUse } from '@/lib/allocation/seats-in-use';
import type { AvailabilitySearch } from '@/lib/booking/schemas';
import type { AvailabilityAnswer } from '@/lib/booking/slot-option';
import type { BulkJobView } from '@/lib/bulk-jobs/view';
import type { Present } from '@/lib/changes/presence';
import type { LostCommitment } from '@/lib/entities/lost-commitment';
import type { Logo } from '@/lib/guestbook/logo';
import type { GuestHistoryView } from '@/lib/guests/view';
import type { TodayView } from '@/lib/overview/links';
import type { SearchPage } from '@/lib/reservations/search-page';
import type { SearchHit } from '@/lib/search/hit';

import { getJson } from './get-json';

/** The header's Guest Book calls left this minute: what the last API answer said is left. */
export interface RequestBudgetFigure {
  limit: number;
  remaining: number;
  /** remaining and limit as the staff member reads a number ("1.000"), formatted on the server */
  remainingLabel: string;
  limitLabel: string;
  resetAt: string;
  /** resetAt as the staff member reads a time, formatted on the server: creating Intl formatters while a page hydrates costs a phone tens of milliseconds */
  resetLabel: string;
}

/** The header's Guest Book calls left (no API request on the server). */
export const fetchRequestBudget = (signal?: AbortSignal) =>
  getJson<RequestBudgetFigure | null>('/api/request-budget', {}, signal);

/** The bell's figure: the member's notifications neither read nor done. */
export interface InboxUnread {
  unread: number;
  /** the bell's label for a screen reader ("Inbox, 3 unread notifications") and its badge ("3", "99+"), worded by the server */
  label: string;
  badge: string;
  /** when the database counted it (microseconds since the epoch): the bell keeps the newest figure it was given (newerBell) */
  asOf: number;
}

/**
 * Of the bell's figure it holds and one just given, the newer. Figures arrive by three paths (the
 * layout's render, a fetch after an item was raised, a triage's answer) and not in the order they
 * were read: a page refreshed for a new reservation can bring a figure counted just before an item
 * was raised after the fetch that counted it.
 */
export const newerBell = (held: InboxUnread | undefined, given: InboxUnread): InboxUnread =>
  held && held.asOf > given.asOf ? held : given;

/** The bell's figure (no API request on the server). */
export const fetchInboxUnread = (signal?: AbortSignal) => getJson<InboxUnread>('/api/notifications/unread', {}, signal);

export const fetchBulkJobs = (signal?: AbortSignal) => getJson<BulkJobView[]>('/api/bulk-jobs', {}, signal);

/** The overview's "today" block. */
export const fetchOverviewToday = (scope: 'entity' | 'partner', signal?: AbortSignal) =>
  getJson<TodayView>('/api/overview/today', { scope }, signal);

/** One page of a reservation search; the page read ahead is background work. */
export const fetchReservationSearchPage = (
  { query, page, limit, readAhead = false }: { query: string; page: number; limit: number; readAhead?: boolean },
  signal?: AbortSignal,
) =>
  getJson<SearchPage>(
    '/api/reservations/search',
    { query, page, limit, lane: readAhead ? 'background' : undefined },
    signal,
  );

/** An entity's logo as the API holds it now. */
export const fetchEntityLogo = (entityId: string, signal?: AbortSignal) =>
  getJson<Logo | null>(`/api/entities/${encodeURIComponent(entityId)}/logo`, {}, signal);

/** The command menu's answers (⌘K). */
export const fetchGlobalSearch = (q: string, signal?: AbortSignal) =>
  getJson<SearchHit[]>('/api/search', { q }, signal);

/** Commitment ids per request: a URL stays well under the servers' header limits. */
const SEATS_BOOKED_IDS_PER_REQUEST = 150;

/** Seats already booked on an entity's commitments, by commitment id. */
export async function fetchSeatsBooked(
  entityId: string,
  commitmentIds: readonly string[],
  signal?: AbortSignal,
): Promise<Record<string, SeatsInUse>> {
  const parts: string[][] = [];
  for (let i = 0; i < commitmentIds.length; i += SEATS_BOOKED_IDS_PER_REQUEST)
    parts.push(commitmentIds.slice(i, i + SEATS_BOOKED_IDS_PER_REQUEST));
  const answers = await Promise.all(
    parts.map((ids) =>
      getJson<Record<string, SeatsInUse>>('/api/allocations/seats-booked', { entityId, commitmentIds: ids }, signal),
    ),
  );
  return Object.assign({}, ...answers) as Record<string, SeatsInUse>;
}

/** The eligible commitments an entity would lose with this program list. */
export const fetchProgramChangePreview = (entityId: string, programIds: readonly string[], signal?: AbortSignal) =>
  getJson<LostCommitment[]>(`/api/entities/${encodeURIComponent(entityId)}/program-change`, { programIds }, signal);

/** The booking form's availability search. */
export const fetchAvailability = (search: AvailabilitySearch, signal?: AbortSignal) =>
  getJson<AvailabilityAnswer>(
    '/api/availability',
    {
      entityId: search.entityId,
      venueId: search.venueId,
      marketId: search.marketId,
      date: search.date,
      partySize: search.partySize,
      time: search.time,
    },
    signal,
  );

/** The page's presence heartbeat, answered with the other members there now. */
export const fetchPresence = (place: string, editing: boolean, signal?: AbortSignal) =>
  getJson<Present[]>('/api/presence', { place, editing: String(editing) }, signal);

/** A guest's history with the partner and staff's notes on them (the booking form's look-up by e-mail). */
export const fetchGuestHistory = (email: string, signal?: AbortSignal) =>
  getJson<GuestHistoryView>('/api/guests/history', { email }, signal);
