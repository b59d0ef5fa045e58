import { spawn } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startTestPostgres, type TestPostgres } from '../db/test-postgres';
import { AdvisoryLock, type KeyLock } from './advisory-lock';
import { KeyedLock } from './keyed-lock';

let postgres: TestPostgres;
const locks: AdvisoryLock[] = [];
beforeAll(async () => {
  postgres = await startTestPostgres();
});
afterAll(async () => {
  await Promise.all(locks.map((l) => l.close()));
  await postgres?.stop();
});

/** Two lock holders standing for two server processes: each its own pool of connections. */
function twoProcesses(): [AdvisoryLock, AdvisoryLock] {
  const pair: [AdvisoryLock, AdvisoryLock] = [new AdvisoryLock(postgres.url), new AdvisoryLock(postgres.url)];
  locks.push(...pair);
  return pair;
}

/** Runs 60 holders on overlapping keys through the given locks; returns the keys seen held twice at once. */
async function overlaps(pair: readonly KeyLock[]): Promise<string[]> {
  const holders = new Map<string, number>();
  const seen: string[] = [];
  const keySets = [
    ['entity:a', 'commitment:1'],
    ['entity:b', 'commitment:1'],
    ['entity:a', 'entity:b'],
    ['commitment:2', 'entity:b'],
    ['entity:c'],
  ];
  await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      pair[i % pair.length]!.run(keySets[i % keySets.length]!, async () => {
        const keys = keySets[i % keySets.length]!;
        for (const k of keys) {
          if (holders.get(k)) seen.push(k);
          holders.set(k, (holders.get(k) ?? 0) + 1);
        }
        // Hold across a few event-loop turns and a database round trip, as an apply holds across its requests.
        await new Promise((r) => setTimeout(r, 2));
        for (const k of keys) holders.set(k, holders.get(k)! - 1);
      }),
    ),
  );
  return seen;
}

describe('advisory locks on PostgreSQL', () => {
  it('holders in two processes with overlapping keys never hold a key at the same time', async () => {
    expect(await overlaps(twoProcesses())).toEqual([]);
  });

  it('the in-memory lock alone lets two processes overlap (what the advisory lock prevents)', async () => {
    expect((await overlaps([new KeyedLock(), new KeyedLock()])).length).toBeGreaterThan(0);
  });

  it('keys given in opposite orders by two processes do not deadlock', async () => {
    const [a, b] = twoProcesses();
    const order: string[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? a : b).run(i % 2 ? ['entity:x', 'entity:y'] : ['entity:y', 'entity:x'], async () => {
          order.push(`start ${i}`);
          await new Promise((r) => setTimeout(r, 1));
          order.push(`end ${i}`);
        }),
      ),
    );
    // Strictly alternating start/end: one holder at a time, every one of them done.
    expect(order.filter((_, j) => j % 2 === 0).every((s) => s.startsWith('start'))).toBe(true);
    expect(order).toHaveLength(40);
  });

  it('a process killed (SIGKILL) while holding a key leaves no lock: another takes the key', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'hold-lock.fixture.ts'), postgres.url, 'entity:killed'],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('held') && resolve());
      child.once('exit', (code) => reject(new Error(`the holder exited (${code}) before holding`)));
    });
    const probe = new pg.Client({ connectionString: postgres.url });
    await probe.connect();
    const { lockIdOf } = await import('./advisory-lock');
    const tryLock = async () =>
      (
        await probe.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS ok', [
          lockIdOf('entity:killed').toString(),
        ])
      ).rows[0]!.ok;
    expect(await tryLock()).toBe(false);

    const [other] = twoProcesses();
    let ran = false;
    const waiting = other.run(['entity:killed'], async () => {
      ran = true;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(ran).toBe(false);
    child.kill('SIGKILL');
    await waiting;
    expect(ran).toBe(true);
    await probe.end();
  });
});
