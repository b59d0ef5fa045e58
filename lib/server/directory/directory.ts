import 'server-only';

import { GuestbookApiError, listAll, listPages, type Page, type ReadPage } from '../../guestbook';
import type { CommitmentRow, Identity, Market, Venue } from '../../guestbook/schemas';
import { getApiClient, sharedRead } from '../api';
import { apiForChoice, readInSelectedContext } from './entity-context';

export interface PageOf<T> {
  items: T[];
  page: number;
  totalPages: number;
  totalItems: number;
  perPage: number;
}

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

/** One directory list (a shared read per page), by page and page size. */
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

export const listDelegates = (page: number, limit: number): Promise<PageOf<Identity>> =>
  sharedRead(`delegates:${page}:${limit}`, async () => toPage(await getApiClient().listDelegates({ page, limit })));

/** null when the id is not one of the partner's delegates (the API answers 404, never 403). */
export const getDelegate = (id: string): Promise<Identity | null> => nullOn404(getApiClient().getDelegate(id));

export const listVenues = (page: number, limit: number): Promise<PageOf<Venue>> =>
  readInSelectedContext((entity, context) =>
    sharedRead(`venues:${context}:${page}:${limit}`, async () =>
      toPage(await apiForChoice(entity).listVenues({ page, limit })),
    ),
  );

export const getVenue = (id: string): Promise<Venue | null> =>
  readInSelectedContext((entity) => nullOn404(apiForChoice(entity).getVenue(id)));

/**
 * A venue's commitments as the selected entity sees them, in every status. When the API refuses
 * (no commitments:read), the page falls back to the deprecated seat_commitments block: `refused`
 * is the API's reason, or null when it gave none (the page says so in the reader's language).
 */
export function listVenueCommitments(venueId: string): Promise<{ rows: CommitmentRow[] } | { refused: string | null }> {
  return readInSelectedContext((entity) => readVenueCommitments(apiForChoice(entity), venueId));
}

async function readVenueCommitments(
  api: ReturnType<typeof apiForChoice>,
  venueId: string,
): Promise<{ rows: CommitmentRow[] } | { refused: string | null }> {
  try {
    const rows = await listPages(
      (page) =>
        api.listCommitments({ venue_id: venueId, status: ['assigned', 'unassigned', 'ended'], page, limit: 100 }),
      20,
    );
    return { rows };
  } catch (e) {
    if (e instanceof GuestbookApiError && e.status === 403) return { refused: e.detail ?? null };
    throw e;
  }
}

export const listMarkets = (page: number, limit: number): Promise<PageOf<Market>> =>
  readInSelectedContext((entity, context) =>
    sharedRead(`markets:${context}:${page}:${limit}`, async () =>
      toPage(await apiForChoice(entity).listMarkets({ page, limit })),
    ),
  );
