import 'server-only';

import { GuestbookApiError, listAll, listPages, type Page, type ReadPage } from '../../guestbook';
import type { CommitmentRow, Identity, Market, Venue } from '../../guestbook/schemas';
import { readCopy } from './copy-reads';
import { readInSelectedContext } from './entity-context';

export interface PageOf<T> {
  items: T[];
  page: number;
  totalPages: number;
  totalItems: number;
  perPage: number;
}

/** One page of a list the copy holds in whole, numbered as the API numbers its pages. */
export const pageOfCopy = <T>(all: readonly T[], page: number, limit: number): PageOf<T> => ({
  items: all.slice((page - 1) * limit, page * limit),
  page,
  totalPages: Math.max(1, Math.ceil(all.length / limit)),
  totalItems: all.length,
  perPage: limit,
});

/** An API page as the pages of the dashboard number it. */
export const toPage = <T>(res: Page<T>): PageOf<T> => ({
  items: res.data,
  page: res.pagination.current_page,
  totalPages: res.pagination.total_pages,
  totalItems: res.pagination.total_items,
  perPage: res.pagination.items_per_page,
});

export const nullOn404 = async <T>(read: Promise<T>): Promise<T | null> => {
  try {
    return await read;
  } catch (e) {
    if (e instanceof GuestbookApiError && e.status === 404) return null;
    throw e;
  }
};

/** One directory list, by page and page size. */
type ReadDirectoryPage<T> = (page: number, limit: number) => Promise<PageOf<T>>;

/** A directory list's pages, `limit` items each, as the paging helpers read them. */
const pagesOf =
  <T>(read: ReadDirectoryPage<T>, limit: number): ReadPage<T> =>
  async (page) => {
    const p = await read(page, limit);
    return { data: p.items, pagination: { total_pages: p.totalPages } };
  };

/** Every item of a paged directory list, read `limit` at a time; more than `cap` items is refused (a RangeError). */
export const allOf = <T>(read: ReadDirectoryPage<T>, limit = 100, cap = 1_000): Promise<T[]> =>
  listAll(pagesOf(read, limit), cap);

/** The items of a directory list's first `maxPages` pages (`limit` items each); the rest is left unread. */
export const firstPagesOf = <T>(read: ReadDirectoryPage<T>, maxPages: number, limit = 100): Promise<T[]> =>
  listPages(pagesOf(read, limit), maxPages);

/** Every delegate of the partner (the copy of GET /v2/identities/me/delegates). */
export const allDelegates = (): Promise<Identity[]> => readCopy<Identity>('delegates', null);

export const listDelegates = async (page: number, limit: number): Promise<PageOf<Identity>> =>
  pageOfCopy(await readCopy<Identity>('delegates', null), page, limit);

/** null when the id is not one of the partner's delegates (as the API answers 404, never 403). */
export const getDelegate = async (id: string): Promise<Identity | null> =>
  (await readCopy<Identity>('delegates', null)).find((d) => d.id === id) ?? null;

export const listVenues = (page: number, limit: number): Promise<PageOf<Venue>> =>
  readInSelectedContext(async (entity) =>
    pageOfCopy(await readCopy<Venue>('venues', venueContext(entity)), page, limit),
  );

/** The venues an entity sees (null: the credentials' default entity), from the copy: for work done outside a request (an export prepared on the server). */
export const venuesIn = (entity: { id: string; orgId: string | null } | null): Promise<Venue[]> =>
  readCopy<Venue>('venues', venueContext(entity));

export const getVenue = (id: string): Promise<Venue | null> =>
  readInSelectedContext(
    async (entity) => (await readCopy<Venue>('venues', venueContext(entity))).find((v) => v.id === id) ?? null,
  );

/** The copy's context of a read in the selected entity's context (null: the credentials' default entity). */
const venueContext = (entity: { id: string; orgId: string | null } | null) =>
  entity && { id: entity.id, org_id: entity.orgId };

/**
 * A venue's commitments as the selected entity sees them, in every status (from the copy of its
 * commitments). When the API refuses (no commitments:read), the page falls back to the deprecated
 * seat_commitments block: `refused` is the API's reason, or null when it gave none (the page says
 * so in the reader's language).
 */
export function listVenueCommitments(venueId: string): Promise<{ rows: CommitmentRow[] } | { refused: string | null }> {
  return readInSelectedContext(async (entity) => {
    try {
      const rows = await readCopy<CommitmentRow>('commitments', venueContext(entity));
      return { rows: rows.filter((r) => r.venue_id === venueId) };
    } catch (e) {
      if (e instanceof GuestbookApiError && e.status === 403) return { refused: e.detail ?? null };
      throw e;
    }
  });
}

export const listMarkets = (page: number, limit: number): Promise<PageOf<Market>> =>
  readInSelectedContext(async (entity) =>
    pageOfCopy(await readCopy<Market>('markets', venueContext(entity)), page, limit),
  );
