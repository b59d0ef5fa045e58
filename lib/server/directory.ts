import 'server-only';
import type { CommitmentRow, Identity, Market, Venue } from '../guestbook/schemas';
import { GuestbookApiError } from '../guestbook';
import { getEntityApi, selectedContextKey } from './entity-context';
import { getApiClient } from './guestbook';
import { sharedRead } from './shared-reads';

export interface PageOf<T> {
  items: T[];
  page: number;
  totalPages: number;
  totalItems: number;
  perPage: number;
}

const toPage = <T,>(res: { data: T[]; pagination: { current_page: number; total_pages: number; total_items: number; items_per_page: number } }): PageOf<T> => ({
  items: res.data,
  page: res.pagination.current_page,
  totalPages: res.pagination.total_pages,
  totalItems: res.pagination.total_items,
  perPage: res.pagination.items_per_page,
});

const nullOn404 = async <T,>(read: Promise<T>): Promise<T | null> => {
  try {
    return await read;
  } catch (e) {
    if (e instanceof GuestbookApiError && e.status === 404) return null;
    throw e;
  }
};

/** Every item of a paged directory list, read `limit` at a time. */
export async function allOf<T>(read: (page: number, limit: number) => Promise<PageOf<T>>, limit = 100, cap = 1_000): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const p = await read(page, limit);
    items.push(...p.items);
    if (page >= p.totalPages || p.items.length === 0) return items;
    if (items.length >= cap) throw new RangeError(`the list has more than ${cap} items`);
  }
}

/** A shared-read key for a read in the selected entity's context. */
const inContext = async (what: string) => `${what}:${await selectedContextKey()}`;

export const listDelegates = (page: number, limit: number): Promise<PageOf<Identity>> =>
  sharedRead(`delegates:${page}:${limit}`, async () => toPage(await getApiClient().listDelegates({ page, limit })));

/** null when the id is not one of the partner's delegates (the API answers 404, never 403). */
export const getDelegate = (id: string): Promise<Identity | null> => nullOn404(getApiClient().getDelegate(id));

export const listVenues = async (page: number, limit: number): Promise<PageOf<Venue>> =>
  sharedRead(`${await inContext('venues')}:${page}:${limit}`, async () => toPage(await (await getEntityApi()).listVenues({ page, limit })));

export const getVenue = async (id: string): Promise<Venue | null> => nullOn404((await getEntityApi()).getVenue(id));

/**
 * A venue's commitments as the selected entity sees them, in every status. When the API refuses
 * (no commitments:read), the page falls back to the deprecated seat_commitments block.
 */
export async function listVenueCommitments(venueId: string): Promise<{ rows: CommitmentRow[] } | { refused: string }> {
  const api = await getEntityApi();
  try {
    const rows: CommitmentRow[] = [];
    for (let page = 1; page <= 20; page++) {
      const res = await api.listCommitments({ venue_id: venueId, status: ['assigned', 'unassigned', 'ended'], page, limit: 100 });
      rows.push(...res.data);
      if (page >= res.pagination.total_pages) break;
    }
    return { rows };
  } catch (e) {
    if (e instanceof GuestbookApiError && e.status === 403) return { refused: e.detail ?? 'The API refused to list commitments.' };
    throw e;
  }
}

export const listMarkets = async (page: number, limit: number): Promise<PageOf<Market>> =>
  sharedRead(`${await inContext('markets')}:${page}:${limit}`, async () => toPage(await (await getEntityApi()).listMarkets({ page, limit })));
