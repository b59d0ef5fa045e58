import { describe, expect, it } from 'vitest';

import { listAll, listAllTogether, listPages, paginate, type PagedList } from './paging';

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

describe('listAllTogether', () => {
  /** `list`, answering each page only when the test releases the pages asked for so far. */
  function gated(total: number, limit: number) {
    const { read } = list(total, limit);
    const reads: number[] = [];
    let release: () => void = () => undefined;
    let gate = new Promise<void>((resolve) => (release = resolve));
    const open = () => {
      release();
      gate = new Promise<void>((resolve) => (release = resolve));
    };
    const gatedRead = async (page: number) => {
      reads.push(page);
      await gate;
      return read(page);
    };
    return { read: gatedRead, reads, open };
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('asks for the pages it expects together, in one round trip, and tells how many there were', async () => {
    const { read, reads, open } = gated(250, 100);
    const result = listAllTogether(read, { expectedPages: 3 });
    await settle();
    expect(reads).toEqual([1, 2, 3]);
    open();
    expect(await result).toEqual({ items: Array.from({ length: 250 }, (_, i) => i), pages: 3 });
  });

  it('asks for the rest side by side once page 1 tells how many there are, at most inFlight at a time', async () => {
    const { read, reads, open } = gated(950, 100);
    const result = listAllTogether(read, { inFlight: 4 });
    await settle();
    expect(reads).toEqual([1]);
    open();
    await settle();
    expect(reads).toEqual([1, 2, 3, 4, 5]);
    for (let i = 0; i < 6; i++) {
      open();
      await settle();
    }
    expect((await result).items).toHaveLength(950);
    expect(reads).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('drops the pages past the end of a list that shrank', async () => {
    const { read, reads } = list(120, 100);
    expect(await listAllTogether(read, { expectedPages: 4 })).toEqual({
      items: Array.from({ length: 120 }, (_, i) => i),
      pages: 2,
    });
    expect(reads).toEqual([1, 2, 3, 4]);
  });

  it('refuses a list page 1 shows to be longer than `cap`, asking for nothing more', async () => {
    const { read, reads } = list(1_050, 100);
    await expect(listAllTogether(read, { cap: 1_000 })).rejects.toThrow(
      new RangeError('the list has more than 1000 items'),
    );
    expect(reads).toEqual([1]);
    expect((await listAllTogether(list(1_000, 100).read, { cap: 1_000 })).items).toHaveLength(1_000);
  });

  it('stops at an empty page even when the pagination promises more', async () => {
    const items = await listAllTogether(async (page) => ({
      data: page === 1 ? [1, 2] : [],
      pagination: { total_pages: 3 },
    }));
    expect(items).toEqual({ items: [1, 2], pages: 1 });
  });
});
