import { buildFilterParams, RESERVATION_FILTERS, toQueryString } from '../guestbook/filters';

/** One page of a reservation search as the browser shows it (framework-free). */
export interface ReservationRow {
  id: string;
  guestName: string;
  /** where the guest is e-mailed about a change or a cancellation */
  guestEmail: string | null;
  status: string;
  /** the API's date and time at the venue ("2026-11-24", "18:30"), for sorting and addresses */
  date: string;
  time: string;
  /** the same as staff read them, in their language ("Tue 24 Nov 2026", "6:30 PM"), written on the server */
  dateLabel: string;
  timeLabel: string;
  partySize: number | null;
  venueName: string;
  /** the venue's IANA time zone: date and time are local to it */
  timeZone: string | null;
  /** the guest's language: the API's code ("de-DE") and its name in the member's language ("German (Germany)") */
  locale: string;
  localeLabel: string;
}

export interface SearchPage {
  rows: ReservationRow[];
  page: number;
  totalPages: number;
  totalItems: number;
}

/**
 * The search of every reservation: no condition, soonest first (the API's own order, named). A
 * bare `/reservations` opens on the venues' today and the days ahead, so the whole list needs an
 * address of its own.
 */
export const ALL_RESERVATIONS_QUERY = 'sort=date';

/** The search the list opens on: the venues' `today` and the days after it, soonest first. */
export function openingSearchHref(today: string): string {
  const pairs: [string, string][] = [
    ...buildFilterParams([{ attribute: 'date', modifier: 'gte', value: today }], RESERVATION_FILTERS),
    ['sort', 'date'],
  ];
  return `/reservations?${toQueryString(pairs)}`;
}

/**
 * The address of a page of a search: its canonical query (filters, then sort; the whole list's
 * when it has neither), the page size when the address names one (a saved view's), and the page,
 * 1 left out.
 */
export function searchPageHref(query: string, page: number, limit?: number): string {
  const parts = [query || ALL_RESERVATIONS_QUERY, limit ? `limit=${limit}` : '', page > 1 ? `page=${page}` : ''];
  return `/reservations?${parts.filter(Boolean).join('&')}`;
}

/** The page number of an address's `page` parameter; anything malformed is page 1 (as on the server). */
export function pageOf(raw: string | null): number {
  const n = Number(raw ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}
