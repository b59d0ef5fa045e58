import { describe, expect, it } from 'vitest';

import { listAll, listPages, paginate, type PagedList } from './paging';

/** A list of `total` numbers served `limit` a page, counting the pages read. */
function list(total: number, limit: number) {
  const reads: number[] = [];
  const totalPages = Math.ceil(total / limit);
  const read = async (page: number): Promise<PagedList<number>> => {
    reads.push(page);
    const from = (page - 1) * limit;
    const data = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => from + i);
    return { data, pagination: { total_pages: totalPages } };
  };
  return { read, reads };
}

describe('listAll', () => {
  it('reads every page once, in order, and no page after the last', async () => {
    const { read, reads } = list(250, 100);
    expect(await listAll(read)).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect(reads).toEqual([1, 2, 3]);
  });

  it('reads one page of an empty list', async () => {
    const { read, reads } = list(0, 100);
    expect(await listAll(read)).toEqual([]);
    expect(reads).toEqual([1]);
  });

  it('stops at an empty page even when the pagination promises more', async () => {
    const reads: number[] = [];
    const items = await listAll(async (page) => {
      reads.push(page);
      return { data: page === 1 ? [1, 2] : [], pagination: { total_pages: 9 } };
    });
    expect(items).toEqual([1, 2]);
    expect(reads).toEqual([1, 2]);
  });

  it('returns a list of exactly `cap` items', async () => {
    expect(await listAll(list(300, 100).read, 300)).toHaveLength(300);
  });

  it('refuses a list longer than `cap` without reading past the page that shows it', async () => {
    const { read, reads } = list(1_050, 100);
    await expect(listAll(read, 1_000)).rejects.toThrow(new RangeError('the list has more than 1000 items'));
    expect(reads).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const uneven = list(1_050, 300);
    await expect(listAll(uneven.read, 1_000)).rejects.toThrow(RangeError);
    expect(uneven.reads).toEqual([1, 2, 3, 4]);
  });
});

describe('listPages', () => {
  it('reads at most `maxPages` pages and keeps what they hold', async () => {
    const { read, reads } = list(1_000, 100);
    expect(await listPages(read, 5)).toEqual(Array.from({ length: 500 }, (_, i) => i));
    expect(reads).toEqual([1, 2, 3, 4, 5]);
  });

  it('stops at the last page of a shorter list', async () => {
    const { read, reads } = list(120, 100);
    expect(await listPages(read, 50)).toHaveLength(120);
    expect(reads).toEqual([1, 2]);
  });
});

describe('paginate', () => {
  it('reads a page only when its first item is wanted', async () => {
    const { read, reads } = list(250, 100);
    const seen: number[] = [];
    for await (const item of paginate(read)) {
      seen.push(item);
      if (item === 150) break;
    }
    expect(seen).toHaveLength(151);
    expect(reads).toEqual([1, 2]);
  });
});
