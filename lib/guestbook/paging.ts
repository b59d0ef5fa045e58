/**
 * Paged lists (`?page=&limit=`, answered with `data` and `pagination`): the query parameters
 * of a page, and the one way this code base reads a list to its end.
 */
import { buildFilterParams, type Condition, type FilterSchema } from './filters';
import type { Pagination } from './schemas';

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}
export interface PageQuery {
  page?: number;
  limit?: number;
}
export interface FilteredQuery extends PageQuery {
  /** filter-modifier conditions (`status[in]=…`), checked against the endpoint's filter schema */
  filters?: readonly Condition[];
  /** `field` or `-field` */
  sort?: string;
}

/** What the paging helpers need of a page: its items, and how many pages the list has. */
export interface PagedList<T> {
  data: readonly T[];
  pagination: Pick<Pagination, 'total_pages'>;
}
/** Reads page `page` (from 1) of a list, with whatever query and page size the caller chose. */
export type ReadPage<T> = (page: number) => Promise<PagedList<T>>;

export const pageParams = (q: PageQuery = {}): [string, string][] => [
  ...(q.page !== undefined ? [['page', String(q.page)] as [string, string]] : []),
  ...(q.limit !== undefined ? [['limit', String(q.limit)] as [string, string]] : []),
];

export function filteredParams(q: FilteredQuery = {}, schema: FilterSchema): [string, string][] {
  const sort: [string, string][] = q.sort ? [['sort', q.sort]] : [];
  return [...buildFilterParams(q.filters ?? [], schema), ...sort, ...pageParams(q)];
}

/**
 * The pages of a list in order, from page 1 to its last (or to `maxPages`), each read when the
 * caller asks for it; `more` says whether the list goes on after this page.
 */
async function* pagesOf<T>(
  fetchPage: ReadPage<T>,
  maxPages: number,
): AsyncGenerator<{ data: readonly T[]; more: boolean }> {
  for (let page = 1; page <= maxPages; page++) {
    const { data, pagination } = await fetchPage(page);
    const more = page < pagination.total_pages && data.length > 0;
    yield { data, more };
    if (!more) return;
  }
}

/** Every item of a paginated list, page by page, as the caller consumes them. */
export async function* paginate<T>(fetchPage: ReadPage<T>): AsyncGenerator<T, void, undefined> {
  for await (const { data } of pagesOf(fetchPage, Infinity)) yield* data;
}

/**
 * Collects a paginated list, refusing one of more than `cap` items with a RangeError (a list
 * that large needs paging in the UI). No page is read once the list is known to be too long.
 */
export async function listAll<T>(fetchPage: ReadPage<T>, cap = 5_000): Promise<T[]> {
  const items: T[] = [];
  for await (const { data, more } of pagesOf(fetchPage, Infinity)) {
    items.push(...data);
    if (items.length > cap || (items.length === cap && more))
      throw new RangeError(`the list has more than ${cap} items`);
  }
  return items;
}

/**
 * Collects the items of a list's first `maxPages` pages at most: for a list known to be short,
 * or one whose first pages are all the caller shows. Whatever lies beyond is left unread.
 */
export async function listPages<T>(fetchPage: ReadPage<T>, maxPages: number): Promise<T[]> {
  const items: T[] = [];
  for await (const { data } of pagesOf(fetchPage, maxPages)) items.push(...data);
  return items;
}

/**
 * Collects a paginated list as listAll does, with its pages read side by side instead of one
 * after another: the first `expectedPages` (what the caller saw last time) at once, and the rest
 * as soon as page 1 tells how many there are, at most `inFlight` at a time. So a list of the
 * length expected arrives in one round trip. A page past the end (the list shrank) is read and
 * dropped; a list page 1 shows to be longer than `cap` is refused before any further page is asked for.
 * Also returns how many pages the list had, for the next call's `expectedPages`.
 */
export async function listAllTogether<T>(
  fetchPage: ReadPage<T>,
  { cap = 5_000, expectedPages = 1, inFlight = 6 }: { cap?: number; expectedPages?: number; inFlight?: number } = {},
): Promise<{ items: T[]; pages: number }> {
  const asked = new Map<number, Promise<PagedList<T>>>();
  const ask = (page: number) => {
    let read = asked.get(page);
    if (!read) {
      read = fetchPage(page);
      read.catch(() => undefined); // awaited below when the page is wanted; otherwise dropped
      asked.set(page, read);
    }
    return read;
  };
  for (let page = 1; page <= Math.min(Math.max(1, expectedPages), inFlight); page++) ask(page);

  const first = await ask(1);
  const total = first.data.length === 0 ? 1 : Math.max(1, first.pagination.total_pages);
  // Every page but the last is full: (total − 1) pages of page 1's length and at least one more.
  if ((total - 1) * first.data.length + 1 > cap) throw new RangeError(`the list has more than ${cap} items`);

  const items: T[] = [...first.data];
  let next = 2; // the next page not yet asked for
  const askAhead = (upTo: number) => {
    for (; next <= Math.min(total, upTo); next++) ask(next);
  };
  for (let page = 2; page <= total; page++) {
    askAhead(page + inFlight - 1);
    const { data } = await ask(page);
    if (data.length === 0) return { items, pages: page - 1 };
    items.push(...data);
    if (items.length > cap) throw new RangeError(`the list has more than ${cap} items`);
  }
  return { items, pages: total };
}
