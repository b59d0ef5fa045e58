import { describe, expect, it } from 'vitest';

import { openingSearchHref, searchPageHref } from './search-page';
import { parseReservationSearch } from './search-query';

const searchOf = (href: string) => parseReservationSearch(new URL(href, 'http://console.test').searchParams);

describe('the addresses of the reservation list', () => {
  it('opens on the venues’ today and the days after it, soonest first, as a search the page reads back', () => {
    const href = openingSearchHref('2026-11-28');
    expect(href).toBe('/reservations?date[gte]=2026-11-28&sort=date');
    expect(searchOf(href)).toMatchObject({
      conditions: [{ attribute: 'date', modifier: 'gte', value: '2026-11-28' }],
      sort: 'date',
      problems: [],
    });
  });

  it('gives the whole list an address of its own, never the bare one that opens on today', () => {
    expect(searchPageHref('', 1)).toBe('/reservations?sort=date');
    expect(searchPageHref('', 3, 50)).toBe('/reservations?sort=date&limit=50&page=3');
    expect(searchOf(searchPageHref('', 1))).toMatchObject({ conditions: [], sort: 'date', problems: [] });
  });

  it('keeps a search’s own filters and sort, its page size and its page, page 1 left out', () => {
    expect(searchPageHref('status=confirmed', 1)).toBe('/reservations?status=confirmed');
    expect(searchPageHref('status=confirmed&sort=-date', 2, 25)).toBe(
      '/reservations?status=confirmed&sort=-date&limit=25&page=2',
    );
    expect(searchPageHref('sort=-party_size', 1)).toBe('/reservations?sort=-party_size');
  });
});
