/**
 * A reservation search as an address carries it (the API's filter syntax plus `sort`), parsed
 * and checked the same way by the reservations page, its search route and its export route.
 */
import { parseFilterQuery, RESERVATION_FILTERS, type Condition } from '../guestbook/filters';

/** The fields GET /v2/reservations accepts in `sort` (a `-` prefix sorts descending). */
export const RESERVATION_SORTS = ['date', 'created_at', 'party_size', 'status', 'guest_last_name'] as const;

/** A `sort` parameter as the API would accept it, or an error message naming it. */
export function checkReservationSort(raw: string | undefined): { sort?: string; error?: string } {
  if (raw === undefined || raw === '') return {};
  const field = raw.replace(/^-/, '');
  if (!(RESERVATION_SORTS as readonly string[]).includes(field)) {
    return { error: `sort: "${raw}" is not sortable (use ${RESERVATION_SORTS.join(', ')}, with - for descending)` };
  }
  return { sort: raw };
}

export interface ReservationSearch {
  conditions: Condition[];
  sort?: string;
  /** what is wrong with the filters, then with the sort; empty when the search can be run */
  problems: string[];
}

/**
 * The filters and sort of a search. `passthrough` names the parameters that are not filters
 * (by default page, limit and sort, as on the page).
 */
export function parseReservationSearch(params: URLSearchParams, passthrough?: readonly string[]): ReservationSearch {
  const { conditions, errors } = parseFilterQuery(params, RESERVATION_FILTERS, passthrough);
  const sort = checkReservationSort(params.get('sort') ?? undefined);
  return {
    conditions,
    sort: sort.sort,
    problems: [...errors.map((e) => e.message), ...(sort.error ? [sort.error] : [])],
  };
}
