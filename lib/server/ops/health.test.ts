import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { GuestbookClient } from '../../guestbook';
import { startSandbox, type RunningSandbox } from '../../sandbox/server';
import { partnerClient } from '../../sandbox/testing';
import { openMemoryDb } from '../db/memory-db.fixture';
import type { OpenedDb } from '../db/open';

vi.mock('server-only', () => ({}));
const world: { sandbox?: RunningSandbox; db?: OpenedDb; url?: string } = {};
vi.mock('../config/config', () => ({ getConfig: () => ({ api: { authUrl: world.url } }) }));
vi.mock('../db', () => ({ getDb: async () => world.db!.db }));
let client: GuestbookClient;
vi.mock('../api/guestbook', () => ({ getApiClient: () => client }));

const { readiness } = await import('./health');
const { startDraining } = await import('./lifecycle');

beforeAll(async () => {
  world.sandbox = await startSandbox({ port: 0, memory: true, quiet: true });
  world.url = world.sandbox.url;
  world.db = await openMemoryDb();
  client = partnerClient(world.url, { maxRetries: 0 });
});
afterAll(async () => {
  await world.sandbox?.close();
  await world.db?.close();
});

// Each call is 10 s apart on readiness's clock, past the span in which probes share one answer.
let clock = Date.now();
const probe = () => readiness((clock += 10_000));

describe('readiness', () => {
  it('is ready while the database, the token service and the API answer; names the API and the token service when the sandbox stops, and is ready again once it is back', async () => {
    expect(await probe()).toEqual({
      ready: true,
      failing: [],
      checks: { database: 'ok', token_service: 'ok', api: 'ok' },
    });

    const port = new URL(world.url!).port;
    await world.sandbox!.close();
    const down = await probe();
    expect(down.ready).toBe(false);
    expect(down.failing).toEqual(['token_service', 'api']);
    expect(down.checks.database).toBe('ok');
    expect(JSON.stringify(down)).not.toContain(port);

    world.sandbox = await startSandbox({ port: Number(port), memory: true, quiet: true });
    expect((await probe()).ready).toBe(true);
  });

  it('a draining process is not ready, naming the shutdown', async () => {
    startDraining();
    expect(await probe()).toMatchObject({ ready: false, failing: ['shutdown'], checks: { shutdown: 'draining' } });
  });
});
