import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { GuestbookClient } from '../../guestbook';
import type { Entity, Identity, Venue } from '../../guestbook/schemas';
import { sandboxControls, type SandboxControls } from '../../sandbox/control-client';
import { DEMO_PARTNER } from '../../sandbox/seed/demo';
import type { RunningSandbox } from '../../sandbox/server';
import { partnerClient, startTestSandbox } from '../../sandbox/testing';
import { openMemoryDb } from '../db/memory-db.fixture';
import type { OpenedDb } from '../db/open';
import { changeEvents, directorySyncs } from '../db/schema';
import { readStoredCopy } from '../directory/copy-store';

vi.mock('server-only', () => ({}));
const world: { client?: GuestbookClient; db?: OpenedDb } = {};
vi.mock('../api/guestbook', () => ({ getApiClient: () => world.client! }));
vi.mock('../db', () => ({ getDb: async () => world.db!.db }));

const { syncTurn } = await import('./directory-sync');
const { SyncShare } = await import('./pace');

let sandbox: RunningSandbox;
let controls: SandboxControls;

beforeAll(async () => {
  sandbox = await startTestSandbox();
  controls = sandboxControls(sandbox.url, { token: null });
  world.client = partnerClient(sandbox.url);
  world.db = await openMemoryDb();
}, 60_000);
afterAll(async () => {
  await world.db?.close();
  await sandbox.close();
});

const copyOf = async <T>(resource: 'identity' | 'entities' | 'venues', context: string) =>
  (await readStoredCopy<T>(world.db!.db, { resource, context }))?.items;
/** The /v2 requests the sandbox logged after `mark`. */
const apiRequestsSince = async (mark: number) =>
  (await controls.requests(mark)).filter((r) => r.path.startsWith('/v2/'));
const wideShare = () => SyncShare.of(10_000, 100);
/** When each copy (other than the partner's) was last synced. */
const syncedAtOf = async () =>
  new Map(
    (await world.db!.db.select().from(directorySyncs))
      .filter((s) => s.context !== 'partner')
      .map((s) => [`${s.resource}:${s.context}`, s.syncedAt.getTime()]),
  );
/** The copies synced since `before`, and the times now. */
const readNow = async (before: Map<string, number>) => {
  const now = await syncedAtOf();
  return { now, read: [...now].filter(([k, t]) => before.get(k) !== t).map(([k]) => k) };
};

describe('the directory sync against the sandbox', () => {
  it('fills the copy in one turn: the identity, the entities and each entity’s venues as the API answers them', async () => {
    const report = await syncTurn(wideShare(), 25);
    expect(report.pausedUntil).toBeNull();
    expect(report.failed).toBe(0);
    const [identity] = (await copyOf<Identity>('identity', 'partner'))!;
    expect(identity).toEqual(await world.client!.getMe());
    const entities = (await copyOf<Entity>('entities', 'partner'))!;
    expect(entities.map((e) => e.id)).toContain(DEMO_PARTNER.defaultEntityId);
    const entity = entities.find((e) => e.id === DEMO_PARTNER.defaultEntityId)!;
    const venues = (await world.client!.asEntity(entity).listVenues({ limit: 100 })).data;
    expect(await copyOf<Venue>('venues', entity.id)).toEqual(venues);
  });

  it('brings an entity made, renamed or gone in the sandbox into the copy after one turn', async () => {
    const made = await world.client!.createEntity({ name: 'Made outside the console', default_locale: 'en-GB' });
    let report = await syncTurn(wideShare(), 25);
    expect((await copyOf<Entity>('entities', 'partner'))!.find((e) => e.id === made.id)?.name).toBe(
      'Made outside the console',
    );
    expect(report.changed).toBeGreaterThan(0);

    await world.client!.asEntity(made).updateEntity(made.id, { name: 'Renamed outside the console' });
    await syncTurn(wideShare(), 25);
    expect((await copyOf<Entity>('entities', 'partner'))!.find((e) => e.id === made.id)?.name).toBe(
      'Renamed outside the console',
    );
    // The change feed has both, made outside the console, in the order they were found.
    const feed = await world.db!.db.select().from(changeEvents).where(isNull(changeEvents.staffId));
    expect(
      feed.filter((e) => e.entityId === made.id).map((e) => [e.kind, (e.ids as { entity: string }).entity]),
    ).toEqual([
      ['entity.created', made.id],
      ['entity.changed', made.id],
    ]);

    await controls.reset(); // back to the seed world: the entity made above is gone
    report = await syncTurn(wideShare(), 25);
    expect((await copyOf<Entity>('entities', 'partner'))!.map((e) => e.id)).not.toContain(made.id);
    expect(report.failed).toBe(0);
  });

  it('reports no change when nothing changed in the sandbox', async () => {
    const report = await syncTurn(wideShare(), 25);
    expect(report.synced).toBeGreaterThan(3);
    expect(report.changed).toBe(0);
  });

  it('sends no more requests than its share, and goes on with the oldest copies at the next turn', async () => {
    const share = new SyncShare(5);
    const before = await syncedAtOf();
    const mark = await controls.requestMark();
    const first = await syncTurn(share, 25);
    expect(first.pausedUntil).not.toBeNull();
    expect(first.requests).toBe(5);
    expect(await apiRequestsSince(mark)).toHaveLength(5);

    // A fresh minute's share: after the partner's own, the copies left old last time are read first.
    const read1 = await readNow(before);
    const second = await syncTurn(new SyncShare(5), 25);
    expect(second.requests).toBe(5);
    const read2 = await readNow(read1.now);
    expect(read2.read.length).toBeGreaterThan(0);
    expect(read2.read.filter((k) => read1.read.includes(k))).toEqual([]);
  });

  it('sends nothing while the API says its window is nearly spent', async () => {
    const mark = await controls.requestMark();
    const client = world.client!;
    world.client = new Proxy(client, {
      get: (c, key) =>
        key === 'rateLimit'
          ? { limit: 1000, remaining: 100, resetAt: new Date(Date.now() + 30_000) }
          : ((v: unknown) => (typeof v === 'function' ? v.bind(c) : v))(Reflect.get(c, key, c)),
    });
    try {
      const report = await syncTurn(wideShare(), 25);
      expect(report.requests).toBe(0);
      expect(report.pausedUntil).toBeGreaterThan(Date.now());
      expect(await apiRequestsSince(mark)).toHaveLength(0);
    } finally {
      world.client = client;
    }
  });
});
