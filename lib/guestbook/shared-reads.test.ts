import { describe, expect, it } from 'vitest';

import { SharedReads } from './shared-reads';

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

function setup(maxAgeMs = 0, maxEntries?: number) {
  const clock = { now: 1_000, maxAge: maxAgeMs };
  const reads = new SharedReads({ now: () => clock.now, maxAgeMs: () => clock.maxAge, maxEntries });
  let calls = 0;
  const load = (value: string) => () => {
    calls++;
    return Promise.resolve(value);
  };
  return { clock, reads, load, calls: () => calls };
}

describe('SharedReads', () => {
  it('shares one request among callers that ask while it is in flight', async () => {
    const { reads } = setup();
    const answer = deferred<string>();
    let calls = 0;
    const load = () => {
      calls++;
      return answer.promise;
    };
    const both = Promise.all([reads.read('k', load), reads.read('k', load)]);
    answer.resolve('v');
    expect(await both).toEqual(['v', 'v']);
    expect(calls).toBe(1);
    expect(reads.stats).toEqual({ loads: 1, joined: 1, reused: 0, stale: 0 });
  });

  it('makes a request again for the callers that joined it when it was dropped as its caller left', async () => {
    class Left extends Error {}
    class Broken extends Error {}
    const reads = new SharedReads({ now: () => 1_000, maxAgeMs: () => 0, isAbandoned: (e) => e instanceof Left });
    const first = deferred<string>();
    const loads: string[] = [];
    const started = reads.read('k', () => (loads.push('first'), first.promise));
    const joined = reads.read('k', () => (loads.push('joined'), Promise.resolve('v')));
    first.reject(new Left());
    await expect(started).rejects.toBeInstanceOf(Left);
    expect(await joined).toBe('v');
    expect(loads).toEqual(['first', 'joined']);

    // any other failure reaches every caller, and is not made again
    const broken = deferred<string>();
    const a = reads.read('j', () => broken.promise);
    const b = reads.read('j', () => (loads.push('again'), Promise.resolve('w')));
    broken.reject(new Broken());
    await expect(a).rejects.toBeInstanceOf(Broken);
    await expect(b).rejects.toBeInstanceOf(Broken);
    expect(loads).not.toContain('again');
  });

  it('reads anew once settled while the age allowed is 0', async () => {
    const { reads, load, calls } = setup(0);
    expect(await reads.read('k', load('a'))).toBe('a');
    expect(await reads.read('k', load('b'))).toBe('b');
    expect(calls()).toBe(2);
  });

  it('serves a settled answer younger than the age allowed, and reads anew after it', async () => {
    const { clock, reads, load, calls } = setup(10_000);
    await reads.read('k', load('a'));
    clock.now += 9_999;
    expect(await reads.read('k', load('b'))).toBe('a');
    clock.now += 1;
    expect(await reads.read('k', load('c'))).toBe('c');
    expect(calls()).toBe(2);
    expect(reads.stats.reused).toBe(1);
  });

  it('follows the age allowed as it changes (room in the budget: fresh; short: shared)', async () => {
    const { clock, reads, load } = setup(0);
    await reads.read('k', load('a'));
    clock.now += 2_000;
    expect(await reads.read('k', load('b'))).toBe('b');
    clock.maxAge = 15_000;
    clock.now += 2_000;
    expect(await reads.read('k', load('c'))).toBe('b');
    clock.maxAge = 0;
    expect(await reads.read('k', load('d'))).toBe('d');
  });

  it('peeks at a settled answer younger than the age asked, whatever the age allowed for reads, and never reads', async () => {
    const { clock, reads, load, calls } = setup(0);
    expect(reads.peek('k', 60_000)).toBeUndefined();
    const answer = deferred<string>();
    void reads.read('k', () => answer.promise);
    expect(reads.peek('k', 60_000)).toBeUndefined(); // in flight
    answer.resolve('a');
    await answer.promise;
    await reads.read('other', load('b'));
    expect(reads.peek('k', 60_000)).toBe('a');
    clock.now += 60_000;
    expect(reads.peek('k', 60_000)).toBeUndefined();
    expect(calls()).toBe(1);
  });

  it('keeps no failure: the next caller asks again', async () => {
    const { reads } = setup(60_000);
    await expect(reads.read('k', () => Promise.reject(new Error('503')))).rejects.toThrow('503');
    expect(reads.size).toBe(0);
    expect(await reads.read('k', () => Promise.resolve('ok'))).toBe('ok');
  });

  it('forgets answers and requests in flight by prefix; a request that started before is not stored', async () => {
    const { reads, load, calls } = setup(60_000);
    await reads.read('reservations:e1:?a', load('old search'));
    await reads.read('entities', load('entities'));
    const inFlight = deferred<string>();
    const before = reads.read('reservations:e2:?b', () => inFlight.promise);
    reads.forget('reservations:');
    inFlight.resolve('read before the write');
    expect(await before).toBe('read before the write');
    expect(await reads.read('reservations:e2:?b', load('after the write'))).toBe('after the write');
    expect(await reads.read('reservations:e1:?a', load('new search'))).toBe('new search');
    expect(await reads.read('entities', load('unused'))).toBe('entities');
    expect(calls()).toBe(4);
  });

  it('revises answers that arrived before a write began, and drops those that arrived later or are in flight', async () => {
    const { clock, reads, load } = setup(60_000);
    await reads.read('rows:a', load('a'));
    clock.now += 10;
    const writeStartedAt = clock.now;
    await reads.read('rows:b', load('b, read during the write'));
    const inFlight = deferred<string>();
    void reads.read('rows:c', () => inFlight.promise);
    await reads.read('other', load('other'));

    reads.revise<string>('rows:', writeStartedAt, (value, key) => `${value} + write (${key})`);
    inFlight.resolve('c');

    expect(await reads.read('rows:a', load('unused'))).toBe('a + write (rows:a)');
    expect(await reads.read('rows:b', load('b anew'))).toBe('b anew');
    expect(await reads.read('rows:c', load('c anew'))).toBe('c anew');
    expect(await reads.read('other', load('unused'))).toBe('other');
  });

  it('stores an answer a write returned, over a request that started before it', async () => {
    const { clock, reads, load } = setup(60_000);
    const inFlight = deferred<string>();
    const before = reads.read('r:1', () => inFlight.promise);
    clock.now += 5;
    reads.store('r:1', 'answer of the write');
    inFlight.resolve('read before the write');
    expect(await before).toBe('read before the write');
    expect(await reads.read('r:1', load('unused'))).toBe('answer of the write');
    clock.now += 60_000;
    expect(await reads.read('r:1', load('anew'))).toBe('anew');
  });

  it('keeps at most maxEntries answers, dropping the least recently stored', async () => {
    const { reads, load, calls } = setup(60_000, 2);
    await reads.read('a', load('a'));
    await reads.read('b', load('b'));
    await reads.read('c', load('c'));
    expect(reads.size).toBe(2);
    await reads.read('b', load('b2'));
    await reads.read('a', load('a2'));
    expect(calls()).toBe(4);
  });
});

describe('SharedReads when the caller cannot send at once', () => {
  function staleSetup() {
    const clock = { now: 1_000, staleMaxAge: 0 };
    const served: { startedAt: number; key: string }[] = [];
    const reads = new SharedReads({
      now: () => clock.now,
      maxAgeMs: () => 0,
      staleMaxAgeMs: () => clock.staleMaxAge,
      onStale: (startedAt, key) => served.push({ startedAt, key }),
    });
    return { clock, reads, served };
  }

  it('serves a stored answer at once, whatever its age up to the cap, and reports when its request started', async () => {
    const { clock, reads, served } = staleSetup();
    await reads.read('k', () => Promise.resolve('a'));
    clock.now += 5 * 60_000;
    clock.staleMaxAge = 10 * 60_000;
    let loads = 0;
    const load = () => {
      loads++;
      return new Promise<string>(() => undefined); // a request that would wait for the budget
    };
    expect(await reads.read('k', load)).toBe('a');
    expect(loads).toBe(0);
    expect(served).toEqual([{ startedAt: 1_000, key: 'k' }]);
    // Beyond the cap the caller reads (and waits) instead.
    clock.now += 5 * 60_000;
    void reads.read('k', load);
    expect(loads).toBe(1);
    expect(reads.stats.stale).toBe(1);
  });

  it('reads anew when the caller can send, and serves the previous answer at once while that request is in flight', async () => {
    const { clock, reads, served } = staleSetup();
    await reads.read('k', () => Promise.resolve('a'));
    clock.now += 30_000;
    const slow = deferred<string>();
    const fresh = reads.read('k', () => slow.promise);
    clock.staleMaxAge = 10 * 60_000;
    expect(await reads.read('k', () => Promise.resolve('never'))).toBe('a');
    expect(served).toEqual([{ startedAt: 1_000, key: 'k' }]);
    slow.resolve('b');
    expect(await fresh).toBe('b');
    expect(await reads.read('k', () => Promise.resolve('never'))).toBe('b');
  });

  it('keeps the previous answer when a new request fails, and nothing when there was none', async () => {
    const { reads } = staleSetup();
    await reads.read('k', () => Promise.resolve('a'));
    await expect(reads.read('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(reads.peek('k', 60_000)).toBe('a');
    await expect(reads.read('other', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(reads.size).toBe(1);
  });

  it('serves an answer a write made stale only as a stored answer, with the age it had before the write', async () => {
    const { clock, reads, served } = staleSetup();
    await reads.read('k', () => Promise.resolve('a'));
    reads.forget('k');
    clock.now += 1_000;
    // A caller who can send reads anew, even where the age allowed would have served it.
    expect(reads.peek('k', 60_000)).toBeUndefined();
    clock.staleMaxAge = 10 * 60_000;
    expect(await reads.read('k', () => Promise.resolve('b'))).toBe('a');
    expect(served).toEqual([{ startedAt: 1_000, key: 'k' }]);
    clock.staleMaxAge = 0;
    expect(await reads.read('k', () => Promise.resolve('b'))).toBe('b');
  });

  it('never serves a forgotten answer as current', async () => {
    const { clock, reads, load } = setup(60_000);
    await reads.read('k', load('a'));
    reads.forget('k');
    clock.now += 1;
    expect(await reads.read('k', load('b'))).toBe('b');
  });
});

describe('SharedReads: a stored answer instead of a request that would wait', () => {
  class WouldWait extends Error {}

  function withFallback() {
    const clock = { now: 1_000 };
    const stale: number[] = [];
    /** whether the budget has room: a load run without waiting fails when it has none */
    const budget = { room: true, withoutWaiting: 0 };
    let waiting = false;
    const reads = new SharedReads({
      now: () => clock.now,
      maxAgeMs: () => 0,
      fallbackMaxAgeMs: () => 60_000,
      loadWithoutWaiting: async (load) => {
        budget.withoutWaiting++;
        waiting = true;
        try {
          return await load();
        } finally {
          waiting = false;
        }
      },
      isWaitRefusal: (e) => e instanceof WouldWait,
      onStale: (startedAt) => stale.push(startedAt),
    });
    const load = (value: string) => () => {
      if (waiting && !budget.room) return Promise.reject(new WouldWait());
      return Promise.resolve(value);
    };
    return { clock, reads, load, stale, budget };
  }

  it('reads anew while the budget has room; when it has none, serves the answer kept, with its age', async () => {
    const { clock, reads, load, stale, budget } = withFallback();
    expect(await reads.read('k', load('a'))).toBe('a');
    // The first read had nothing to fall back on: it waited (made without loadWithoutWaiting).
    expect(budget.withoutWaiting).toBe(0);
    clock.now += 5_000;
    expect(await reads.read('k', load('b'))).toBe('b');
    budget.room = false;
    clock.now += 5_000;
    expect(await reads.read('k', load('c'))).toBe('b');
    expect(stale).toEqual([6_000]);
    // The refused request left the answer kept as it was.
    budget.room = true;
    expect(await reads.read('k', load('d'))).toBe('d');
  });

  it('serves callers joining a refused request the answer kept, or reads again for them', async () => {
    const { reads, load, budget, stale } = withFallback();
    await reads.read('k', load('a'));
    budget.room = false;
    const [first, joined] = await Promise.all([reads.read('k', load('x')), reads.read('k', load('y'))]);
    expect([first, joined]).toEqual(['a', 'a']);
    expect(stale).toHaveLength(2);
  });

  it('does not fall back on an answer older than allowed, nor on another failure', async () => {
    const { clock, reads, load, budget } = withFallback();
    await reads.read('k', load('a'));
    clock.now += 60_000;
    budget.room = false;
    expect(await reads.read('k', load('b'))).toBe('b');
    await expect(reads.read('k', () => Promise.reject(new Error('500')))).rejects.toThrow('500');
  });
});

describe('SharedReads.seed', () => {
  it('keeps an answer another read brought, unless a newer one is kept or a request is in flight', async () => {
    const { clock, reads, load } = setup(10_000);
    reads.seed('r:1', 'from search', 900);
    expect(await reads.read('r:1', load('read'))).toBe('from search');
    reads.store('r:2', 'after a write');
    reads.seed('r:2', 'older search', 900);
    expect(reads.peek('r:2', 10_000)).toBe('after a write');
    const answer = deferred<string>();
    const inFlight = reads.read('r:3', () => answer.promise);
    reads.seed('r:3', 'search', clock.now);
    answer.resolve('read');
    expect(await inFlight).toBe('read');
    expect(reads.peek('r:3', 10_000)).toBe('read');
  });
});
