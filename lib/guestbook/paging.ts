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
