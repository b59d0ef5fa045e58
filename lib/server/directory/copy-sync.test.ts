import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { openMemoryDb } from '../db/memory-db.fixture';
import type { OpenedDb } from '../db/open';
import { readStoredCopy, replaceStoredCopy } from './copy-store';

vi.mock('server-only', () => ({}));
const world: { db?: OpenedDb } = {};
vi.mock('../db', () => ({ getDb: async () => world.db!.db }));

const { reviseStoredCopies } = await import('./copy-sync');

/** A commitment as the copy holds it: its id and the seats left to the entity. */
type Row = { id: string; seats: number };
const north = { id: '4a1f6c2e-8b3d-4e5f-9a60-7b8c9d0e1f23', org_id: 'org-north' };
const south = { id: '5b2a7d3f-9c4e-4f60-8b71-8c9d0e1f2a34', org_id: 'org-south' };
const copyOf = async (entity: typeof north) =>
  (await readStoredCopy<Row>(world.db!.db, { resource: 'commitments', context: entity.id }))!.items;

beforeAll(async () => {
  world.db = await openMemoryDb();
}, 60_000);
afterAll(() => world.db?.close());

describe('a copy revised after the console’s writes', () => {
  it('takes two writes’ revisions of the same commitment at once: each revises what the other stored', async () => {
    const rows: Row[] = [
      { id: 'c1', seats: 10 },
      { id: 'c2', seats: 4 },
    ];
    for (const entity of [north, south])
      await replaceStoredCopy(
        world.db!.db,
        { resource: 'commitments', context: entity.id },
        rows,
        new Date('2026-03-02T10:00:00Z'),
      );
    // Two applies on other entities, each moving seats of c1: 3 and 2 of them.
    const moving = (seats: number) =>
      reviseStoredCopies<Row, typeof north>('commitments', [north, south], ['c1'], (row) =>
        row.id === 'c1' ? { ...row, seats: row.seats - seats } : null,
      );
    await Promise.all([moving(3), moving(2)]);
    for (const entity of [north, south])
      expect(await copyOf(entity)).toEqual([
        { id: 'c1', seats: 5 },
        { id: 'c2', seats: 4 },
      ]);
  });
});
