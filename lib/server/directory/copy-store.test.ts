import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openMemoryDb } from '../db/memory-db.fixture';
import type { OpenedDb } from '../db/open';
import { directorySyncs } from '../db/schema';
import {
  canonicalJson,
  diffCopy,
  patchStoredCopies,
  patchStoredCopy,
  readCopySyncs,
  readStoredCopy,
  replaceStoredCopy,
  suspendedNow,
} from './copy-store';

const T0 = Date.parse('2026-03-02T10:00:00Z');
const at = (s: number) => new Date(T0 + s * 1000);
/** Items as the API answers them: an id and any other field. */
type Item = { id: string; [field: string]: unknown };
const key = { resource: 'venues', context: 'b6a3f0b2-3c0e-4d59-9d39-6f5e8f0c2a11' } as const;

let opened: OpenedDb;
beforeAll(async () => {
  opened = await openMemoryDb();
}, 60_000);
afterAll(() => opened.close());

describe('what a sync changed', () => {
  it('names the ids added, changed and removed, whatever the order of an item’s keys', () => {
    const before = new Map([
      ['a', canonicalJson({ id: 'a', name: 'A', tags: [1, 2] })],
      ['b', canonicalJson({ id: 'b', name: 'B' })],
      ['c', canonicalJson({ id: 'c' })],
    ]);
    expect(
      diffCopy(before, [{ tags: [1, 2], name: 'A', id: 'a' } as Item, { id: 'b', name: 'B2' } as Item, { id: 'd' }]),
    ).toEqual({
      added: ['d'],
      changed: ['b'],
      removed: ['c'],
    });
  });
});

describe('what a sync found suspended', () => {
  it('names the items held active (or with no status) that the answer shows suspended, with their names', () => {
    const stored = [
      { id: 'e1', data: { id: 'e1', name: 'One', status: 'active' } },
      { id: 'e2', data: { id: 'e2', name: 'Two', status: 'suspended' } },
      { id: 'e3', data: { id: 'e3' } },
    ];
    const answer = [
      { id: 'e1', name: 'One', status: 'suspended' },
      { id: 'e2', name: 'Two', status: 'suspended' },
      { id: 'e3', status: 'suspended' },
      { id: 'e4', name: 'New', status: 'suspended' },
    ] as Item[];
    expect(suspendedNow(stored, answer)).toEqual([
      { id: 'e1', name: 'One' },
      { id: 'e3', name: null },
    ]);
  });
});

describe('the stored copy', () => {
  it('is null before its first sync, then holds the answer in its order, and keeps only what the API still has', async () => {
    expect(await readStoredCopy(opened.db, key)).toBeNull();
    const first = await replaceStoredCopy(
      opened.db,
      key,
      [{ id: 'v2', name: 'Two' } as Item, { id: 'v1', name: 'One' } as Item],
      at(0),
    );
    expect(first).toMatchObject({ added: ['v2', 'v1'], changed: [], removed: [] });
    const second = await replaceStoredCopy(opened.db, key, [{ id: 'v1', name: 'One!' } as Item, { id: 'v3' }], at(60));
    expect(second).toMatchObject({ added: ['v3'], changed: ['v1'], removed: ['v2'] });
    expect(await readStoredCopy(opened.db, key)).toEqual({
      items: [{ id: 'v1', name: 'One!' }, { id: 'v3' }],
      syncedAt: at(60),
    });
  });

  it('drops an answer read before the one it holds (two syncs that overlap)', async () => {
    expect(await replaceStoredCopy(opened.db, key, [], at(30))).toBeNull();
    expect((await readStoredCopy(opened.db, key))?.items).toHaveLength(2);
  });

  it('takes a write’s answers for several items at once: each keeps its place, a new one goes last, a new revision only for a change', async () => {
    const revision = async () =>
      (
        await opened.db
          .select({ r: directorySyncs.revision })
          .from(directorySyncs)
          .where(eq(directorySyncs.resource, 'venues'))
      )[0]!.r;
    const before = await revision();
    await patchStoredCopy(
      opened.db,
      key,
      [{ id: 'v4', name: 'Four' } as Item, { id: 'v1', name: 'One again' } as Item, { id: 'v3' }],
      {
        supersedes: at(90),
      },
    );
    expect(await readStoredCopy(opened.db, key)).toEqual({
      items: [{ id: 'v1', name: 'One again' }, { id: 'v3' }, { id: 'v4', name: 'Four' }],
      syncedAt: at(90),
    });
    const after = await revision();
    expect(after).not.toBe(before);
    // answers equal to what the copy holds write nothing
    await patchStoredCopy(opened.db, key, [{ id: 'v3' }]);
    expect(await revision()).toBe(after);
  });
});

describe('the items a process keeps of a copy', () => {
  const kept = { resource: 'markets', context: key.context } as const;
  /** Changes an item's row as no write of the dashboard would: its revision stays. */
  const renameBehindTheRevision = (name: string) =>
    opened.db.execute(
      sql`UPDATE directory_copy SET data = jsonb_set(data, '{name}', to_jsonb(${name}::text)) WHERE resource = 'markets' AND id = 'm1'`,
    );

  it('are read again only when a write gave the copy a new revision, and the reader gets them unchangeable', async () => {
    await replaceStoredCopy(opened.db, kept, [{ id: 'm1', name: 'North' } as Item], at(0));
    expect((await readStoredCopy(opened.db, kept))?.items).toEqual([{ id: 'm1', name: 'North' }]);
    // the row changed under an unchanged revision: the process answers what it kept
    await renameBehindTheRevision('Changed behind');
    expect((await readStoredCopy(opened.db, kept))?.items).toEqual([{ id: 'm1', name: 'North' }]);
    // a sync with nothing new keeps the revision, and the sync time moves on
    await replaceStoredCopy(opened.db, kept, [{ id: 'm1', name: 'North' } as Item], at(60));
    expect(await readStoredCopy(opened.db, kept)).toEqual({ items: [{ id: 'm1', name: 'North' }], syncedAt: at(60) });
    // a sync that changed an item, a write's answer patched in, and a raw bump are all read again
    await replaceStoredCopy(opened.db, kept, [{ id: 'm1', name: 'North 2' } as Item], at(120));
    expect((await readStoredCopy(opened.db, kept))?.items).toEqual([{ id: 'm1', name: 'North 2' }]);
    await patchStoredCopy(opened.db, kept, [{ id: 'm2', name: 'South' } as Item]);
    expect((await readStoredCopy(opened.db, kept))?.items).toEqual([
      { id: 'm1', name: 'North 2' },
      { id: 'm2', name: 'South' },
    ]);
    await renameBehindTheRevision('Another process wrote');
    await opened.db.execute(
      sql`UPDATE directory_syncs SET revision = nextval('directory_copy_revisions') WHERE resource = 'markets'`,
    );
    const read = (await readStoredCopy<Item>(opened.db, kept))!.items;
    expect(read[0]).toEqual({ id: 'm1', name: 'Another process wrote' });
    // the array is the reader's; the items are shared, and frozen
    read.reverse();
    expect(() => {
      (read[0] as Item).name = 'mutated';
    }).toThrow(TypeError);
    expect((await readStoredCopy<Item>(opened.db, kept))?.items.map((i) => i.id)).toEqual(['m1', 'm2']);
  });

  it('are checked against the syncs a page read at once, for every copy it shows', async () => {
    const syncs = await readCopySyncs(opened.db);
    expect([...syncs.keys()].sort()).toEqual([`markets:${key.context}`, `venues:${key.context}`]);
    const synced = syncs.get(`markets:${key.context}`)!;
    expect(synced.syncedAt).toEqual(at(120));
    expect(await readStoredCopy(opened.db, kept, synced)).toEqual(await readStoredCopy(opened.db, kept));
    expect(await readStoredCopy(opened.db, { resource: 'commitments', context: key.context }, null)).toBeNull();
  });
});

describe('a write’s answers for several copies', () => {
  const north = { resource: 'commitments', context: 'north' } as const;
  const south = { resource: 'commitments', context: 'south' } as const;
  const never = { resource: 'commitments', context: 'never-synced' } as const;

  it('are stored in each copy already synced, a copy never synced left to its first read, two such writes at once in any order', async () => {
    await replaceStoredCopy(opened.db, north, [{ id: 'c1', seats: 4 } as Item], at(0));
    await replaceStoredCopy(opened.db, south, [{ id: 'c1', seats: 4 } as Item], at(0));
    await patchStoredCopies(
      opened.db,
      [
        { key: south, items: [{ id: 'c1', seats: 6 } as Item] },
        { key: never, items: [{ id: 'c1', seats: 6 } as Item] },
        { key: north, items: [{ id: 'c1', seats: 6 } as Item, { id: 'c2', seats: 1 } as Item] },
      ],
      { supersedes: at(30) },
    );
    expect(await readStoredCopy(opened.db, north)).toEqual({
      items: [
        { id: 'c1', seats: 6 },
        { id: 'c2', seats: 1 },
      ],
      syncedAt: at(30),
    });
    expect(await readStoredCopy(opened.db, south)).toEqual({ items: [{ id: 'c1', seats: 6 }], syncedAt: at(30) });
    expect(await readStoredCopy(opened.db, never)).toBeNull();
    // two applies' patches of the same copies, named in opposite orders, both land
    await Promise.all([
      patchStoredCopies(opened.db, [
        { key: north, items: [{ id: 'c3', seats: 2 } as Item] },
        { key: south, items: [{ id: 'c3', seats: 2 } as Item] },
      ]),
      patchStoredCopies(opened.db, [
        { key: south, items: [{ id: 'c4', seats: 3 } as Item] },
        { key: north, items: [{ id: 'c4', seats: 3 } as Item] },
      ]),
    ]);
    for (const copy of [north, south])
      expect((await readStoredCopy<Item>(opened.db, copy))!.items.map((i) => i.id).sort()).toEqual(
        copy === north ? ['c1', 'c2', 'c3', 'c4'] : ['c1', 'c3', 'c4'],
      );
  });
});
