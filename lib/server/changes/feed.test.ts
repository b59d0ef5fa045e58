import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { ChangeEvent } from '../../changes/events';
import { openMemoryDb } from '../db/memory-db.fixture';
import type { OpenedDb } from '../db/open';
import { changeEvents } from '../db/schema';
import { ChangeFeed, pgliteListener } from './feed';
import { beatAndList, PRESENCE_TTL_MS } from './presence';
import { CHANGE_RETENTION_DAYS, changesAfter, pruneChanges, recordChange } from './record';

let opened: OpenedDb;
beforeAll(async () => {
  opened = await openMemoryDb();
});
afterAll(async () => {
  await opened?.close();
});

const client = () => (opened.db as unknown as { $client: Parameters<typeof pgliteListener>[0] }).$client;

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10));
}

describe('the change feed on the embedded database', () => {
  it('a committed change reaches the subscribers in-process at once, without waiting for the poll', async () => {
    const feed = new ChangeFeed(opened.db, pgliteListener(client()), 3_600_000);
    await feed.start();
    const received: ChangeEvent[] = [];
    feed.subscribe((events) => received.push(...events));
    await opened.db.transaction((tx) =>
      recordChange(tx, {
        kind: 'reservation.created',
        entityId: 'e1',
        ids: { reservation: 'r1' },
        who: null,
        data: { status: 'confirmed' },
      }),
    );
    await until(() => received.length > 0, 5_000);
    await feed.stop();
    expect(received).toEqual([
      expect.objectContaining({
        kind: 'reservation.created',
        entityId: 'e1',
        who: null,
        data: { status: 'confirmed' },
      }),
    ]);
  });

  it('keeps a bounded number of days', async () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const old = new Date(now.getTime() - (CHANGE_RETENTION_DAYS + 1) * 86_400_000);
    await opened.db.insert(changeEvents).values([
      { kind: 'entity.changed', entityId: 'e1', at: old },
      { kind: 'entity.changed', entityId: 'e2', at: now },
    ]);
    expect(await pruneChanges(opened.db, now)).toBeGreaterThanOrEqual(1);
    const left = await changesAfter(opened.db, 0);
    expect(left.some((e) => e.entityId === 'e2')).toBe(true);
    expect(left.every((e) => new Date(e.at) > old)).toBe(true);
  });

  it('presence: each member sees the others at the same place, editing or not, until their last beat is a minute old', async () => {
    const alex = { id: '00000000-0000-4000-8000-0000000000a1', name: 'Alex Admin' };
    const olivia = { id: '00000000-0000-4000-8000-0000000000a2', name: 'Olivia Operator' };
    const t0 = new Date('2026-11-28T12:00:00Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);
    expect(await beatAndList(opened.db, alex, 'allocations', false, t0)).toEqual([]);
    expect(await beatAndList(opened.db, olivia, 'allocations', true, at(1_000))).toEqual([
      { name: 'Alex Admin', editing: false },
    ]);
    expect(await beatAndList(opened.db, alex, 'allocations', false, at(2_000))).toEqual([
      { name: 'Olivia Operator', editing: true },
    ]);
    // Another place is another page.
    expect(
      await beatAndList(opened.db, alex, 'reservation:00000000-0000-4000-8000-000000000001', false, at(3_000)),
    ).toEqual([]);
    // Olivia's page closed: a minute after her last beat she is no longer named.
    expect(await beatAndList(opened.db, alex, 'allocations', false, at(1_000 + PRESENCE_TTL_MS + 1))).toEqual([]);
  });

  it('presence: a beat that brings news is an event on the feed (an arrival, editing started or stopped, a return after the minute); a beat that repeats is not', async () => {
    const maria = { id: '00000000-0000-4000-8000-0000000000b1', name: 'Maria Host' };
    const place = 'reservation:00000000-0000-4000-8000-0000000000b2';
    const t0 = new Date('2026-11-28T13:00:00Z');
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const from = Math.max(0, ...(await changesAfter(opened.db, 0, 10_000)).map((e) => e.id));
    const news = async () =>
      (await changesAfter(opened.db, from, 100))
        .filter((e) => e.kind === 'presence.changed' && e.ids.place === place)
        .map((e) => ({ who: e.who?.name, editing: e.data.editing }));
    await beatAndList(opened.db, maria, place, false, t0);
    await beatAndList(opened.db, maria, place, false, at(20_000));
    await beatAndList(opened.db, maria, place, true, at(25_000));
    await beatAndList(opened.db, maria, place, true, at(45_000));
    await beatAndList(opened.db, maria, place, false, at(50_000));
    // away for longer than a minute, then back
    await beatAndList(opened.db, maria, place, false, at(50_000 + PRESENCE_TTL_MS + 1));
    expect(await news()).toEqual([
      { who: 'Maria Host', editing: false },
      { who: 'Maria Host', editing: true },
      { who: 'Maria Host', editing: false },
      { who: 'Maria Host', editing: false },
    ]);
  });
});
