/**
 * A reservation search as an address carries it (the API's filter syntax plus `sort`), parsed
 * and checked the same way by the reservations page, its search route and its export route.
 */
import { parseFilterQuery, RESERVATION_FILTERS, type Condition } from '../guestbook/filters';
import { said, type Said } from '../i18n/said';

/** The fields GET /v2/reservations accepts in `sort` (a `-` prefix sorts descending). */
export const RESERVATION_SORTS = ['date', 'created_at', 'party_size', 'status', 'guest_last_name'] as const;

/** What is wrong with a part of a search: in English (`message`), and for a person (`said`). */
export interface SearchProblem {
  message: string;
  said: Said;
}

/** A `sort` parameter as the API would accept it, or the problem naming it. */
export function checkReservationSort(raw: string | undefined): { sort?: string; error?: SearchProblem } {
  if (raw === undefined || raw === '') return {};
  const field = raw.replace(/^-/, '');
  if (!(RESERVATION_SORTS as readonly string[]).includes(field)) {
    const allowed = RESERVATION_SORTS.join(', ');
    return {
      error: {
        message: `sort: "${raw}" is not sortable (use ${allowed}, with - for descending)`,
        said: said('reservations.errors.notSortable', { value: raw, allowed }),
      },
    };
  }
  return { sort: raw };
}

export interface ReservationSearch {
  conditions: Condition[];
  sort?: string;
  /** what is wrong with the filters, then with the sort, in English; empty when the search can be run */
  problems: string[];
  /** the same problems, to be put in the reader's language */
  problemsSaid: Said[];
}

/**
 * The filters and sort of a search. `passthrough` names the parameters that are not filters
 * (by default page, limit and sort, as on the page).
 */
export function parseReservationSearch(params: URLSearchParams, passthrough?: readonly string[]): ReservationSearch {
  const { conditions, errors } = parseFilterQuery(params, RESERVATION_FILTERS, passthrough);
  const sort = checkReservationSort(params.get('sort') ?? undefined);
  const problems: SearchProblem[] = [...errors, ...(sort.error ? [sort.error] : [])];
  return {
    conditions,
    sort: sort.sort,
    problems: problems.map((p) => p.message),
    problemsSaid: problems.map((p) => p.said),
  };
}
