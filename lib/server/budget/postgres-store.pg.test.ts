import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { openDashboardDb, type OpenedDb } from '../db/open';
import { startTestPostgres, type TestPostgres } from '../db/test-postgres';
import { MEMBER_LIMIT_CASES } from './budget-policy.cases';
import { answerTake, countWindow, decideTake, granted, type TakeAnswer } from './policy';
import { PostgresBudgetStore } from './postgres-store';
import { RequestBudget } from './request-budget';
import type { RequestTicket } from './request-ticket';
import { MemoryBudgetStore, type BudgetStore } from './store';

/*
 * The one policy (policy.ts) over a window shared by several processes: every case below runs on
 * both stores, the one in memory (the budgets of one process sharing it) and PostgreSQL (each
 * budget with a pool of its own, as a process of its own).
 */

let postgres: TestPostgres;
let opened: OpenedDb;
let pool: pg.Pool;
const stores: PostgresBudgetStore[] = [];
beforeAll(async () => {
  postgres = await startTestPostgres();
  opened = await openDashboardDb({ dataDir: '', databaseUrl: postgres.url });
  pool = new pg.Pool({ connectionString: postgres.url, max: 2 });
  pool.on('error', () => undefined);
});
// Each store is a pool of its own (up to 4 connections, as in a process): closed after its test.
afterEach(() => Promise.all(stores.splice(0).map((store) => store.close())));
afterAll(async () => {
  await pool?.end();
  await opened?.close();
  await postgres?.stop();
});

class WouldWait extends Error {
  constructor(readonly ms: number) {
    super('would wait');
  }
}

type Kind = 'memory' | 'postgres';
const KINDS: Kind[] = ['memory', 'postgres'];
const memoryStores = new Map<string, MemoryBudgetStore>();

/** The store a process of `kind` shares for `clientId`: one per client in memory, a pool of its own on PostgreSQL. */
function storeFor(kind: Kind, clientId: string): BudgetStore {
  if (kind === 'postgres') {
    const store = new PostgresBudgetStore(postgres.url, clientId);
    stores.push(store);
    return store;
  }
  const key = clientId;
  if (!memoryStores.has(key)) memoryStores.set(key, new MemoryBudgetStore());
  return memoryStores.get(key)!;
}

/**
 * Until the block a process wrote to the shared window of `clientId` is there: a process writes
 * its block without waiting for it (a 429 waits on no database), so a busy machine may take a
 * while. The store in memory holds it at once.
 */
async function blockLanded(kind: Kind, clientId: string): Promise<void> {
  if (kind !== 'postgres') return;
  await vi.waitFor(
    async () => {
      const { rowCount } = await pool.query(
        'SELECT 1 FROM api_budget_blocks WHERE client_id = $1 AND blocked_until > clock_timestamp()',
        [clientId],
      );
      expect(rowCount).toBe(1);
    },
    { timeout: 5_000, interval: 50 },
  );
}

/** Requests the store holds for `clientId`, seeded without asking the policy (`members` − 1 members, or the server's own). */
async function seed(kind: Kind, clientId: string, used: number, members: number): Promise<void> {
  if (kind === 'postgres') {
    await pool.query(
      `INSERT INTO api_budget_requests (client_id, sent_at, lane, member)
       SELECT $1, clock_timestamp() - interval '1 second', 'view', CASE WHEN $3 = 0 THEN NULL ELSE 'm' || (1 + g % $3) END
       FROM generate_series(0, $2 - 1) g`,
      [clientId, used, members - 1],
    );
    return;
  }
  const store = storeFor(kind, clientId);
  const always: TakeAnswer = {
    blockedMs: 0,
    waitMs: 0,
    shareWaitMs: 0,
    used: 0,
    lastTenSeconds: 0,
    writeRoom: 0,
    memberUsed: 0,
    members: 0,
  };
  for (let i = 0; i < used; i++)
    await store.take({ lane: 'view', member: members > 1 ? `m${1 + (i % (members - 1))}` : null }, () => always);
}

/** A budget standing for one server process; its sleep stops the caller instead of waiting. */
function processBudget(kind: Kind, clientId: string, perMinute: number, shared: boolean): RequestBudget {
  const sleep = (ms: number) => Promise.reject(new WouldWait(ms));
  return new RequestBudget(perMinute, Date.now, sleep, shared ? storeFor(kind, clientId) : undefined);
}

/** Sends `count` requests of `ticket` at once, spread over `budgets`: how many were sent, would wait, were refused over their share. */
async function sendAtOnce(
  budgets: RequestBudget[],
  count: number,
  ticket: RequestTicket = { lane: 'write', member: null },
) {
  const outcomes = await Promise.allSettled(
    Array.from({ length: count }, (_, i) => budgets[i % budgets.length]!.take(10_000, ticket)),
  );
  return {
    sent: outcomes.filter((o) => o.status === 'fulfilled' && o.value === null).length,
    // would wait: within the caller's longest wait (the sleep stops it), or beyond it ('busy')
    waited: outcomes.filter(
      (o) =>
        (o.status === 'rejected' && o.reason instanceof WouldWait) ||
        (o.status === 'fulfilled' && o.value?.reason === 'busy'),
    ).length,
    refused: outcomes.filter((o) => o.status === 'fulfilled' && o.value?.reason === 'share').length,
  };
}

describe.each(KINDS)('one request budget for every process, the window %s', (kind) => {
  it('two processes with 30 a minute between them send 30 of 50 writes at once; the rest wait', async () => {
    const a = processBudget(kind, 'client-1', 30, true);
    const b = processBudget(kind, 'client-1', 30, true);
    expect(await sendAtOnce([a, b], 50)).toEqual({ sent: 30, waited: 20, refused: 0 });
    // Each process sees the shared count, which the stale-copy decisions read.
    expect(Math.max(a.used, b.used)).toBe(30);
    // Another client id has a window of its own.
    expect(await sendAtOnce([processBudget(kind, 'client-2', 30, true)], 5)).toEqual({
      sent: 5,
      waited: 0,
      refused: 0,
    });
  });

  it('writes under a lock may go W/18 beyond the window, every process together: 5 more of 90, then they wait', async () => {
    const a = processBudget(kind, 'client-14', 90, true);
    const b = processBudget(kind, 'client-14', 90, true);
    expect(await sendAtOnce([a, b], 100)).toEqual({ sent: 90, waited: 10, refused: 0 });
    const locked: RequestTicket = { lane: 'write', member: null, underLock: true };
    expect(await sendAtOnce([a, b], 10, locked)).toEqual({ sent: 5, waited: 5, refused: 0 });
    expect(Math.max(a.used, b.used)).toBe(95);
  });

  it('without the shared window the same two processes send 50 (each counts only its own)', async () => {
    expect(
      await sendAtOnce([processBudget(kind, 'client-3', 30, false), processBudget(kind, 'client-3', 30, false)], 50),
    ).toEqual({
      sent: 50,
      waited: 0,
      refused: 0,
    });
  });

  it("a 429's wait learned by one process holds the other, which reports when requests resume instead of sending", async () => {
    const a = processBudget(kind, 'client-4', 30, true);
    const b = processBudget(kind, 'client-4', 30, true);
    a.blockFor(30_000);
    await blockLanded(kind, 'client-4');
    const refusal = await b.take(10_000);
    expect(refusal?.reason).toBe('blocked');
    expect(refusal!.retryAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
  });

  it('a window the API reports spent (X-RateLimit-Remaining: 0) holds every process until its reset', async () => {
    const a = processBudget(kind, 'client-5', 30, true);
    const b = processBudget(kind, 'client-5', 30, true);
    a.observe({ limit: 1000, remaining: 0, resetAt: new Date(Date.now() + 40_000) });
    await blockLanded(kind, 'client-5');
    expect((await b.take(10_000))?.reason).toBe('blocked');
  });
});

describe.each(KINDS)('lanes and fair shares for every process, the window %s', (kind) => {
  it('computes a member’s share as memberLimit does, on the same table of cases', async () => {
    for (const [i, c] of MEMBER_LIMIT_CASES.entries()) {
      const clientId = `share-${i}`;
      await seed(kind, clientId, c.used, c.members);
      const ticket: RequestTicket = { lane: c.lane, member: 'm0' };
      let share: number | null | undefined;
      await storeFor(kind, clientId).take(ticket, (state) => {
        const counts = countWindow(c.perMinute, ticket, state.requests, state.now);
        share = decideTake(c.perMinute, ticket, counts).memberLimit;
        return answerTake(c.perMinute, ticket, state.requests, state.now, state.blockedUntil);
      });
      expect({ ...c, share }).toEqual({ ...c, share: c.expected });
    }
  });

  it('mixed lanes sent at once from two processes never exceed the window; views stop at 27, background at 15', async () => {
    const a = processBudget(kind, 'client-6', 30, true);
    const b = processBudget(kind, 'client-6', 30, true);
    const lanes: RequestTicket[] = ['background', 'view', 'write'].map((lane) => ({
      lane: lane as RequestTicket['lane'],
      member: null,
    }));
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, i) => sendAtOnce([i % 2 ? a : b], 1, lanes[i % 3])),
    );
    const sent = outcomes.reduce((n, o) => n + o.sent, 0);
    expect(sent).toBeLessThanOrEqual(30);
    const byLane: Record<string, number> = {};
    outcomes.forEach((o, i) => (byLane[lanes[i % 3]!.lane] = (byLane[lanes[i % 3]!.lane] ?? 0) + o.sent));
    if (kind === 'postgres') {
      // what the database recorded is what was sent
      const { rows } = await pool.query<{ lane: string; n: number }>(
        "SELECT lane, count(*)::integer AS n FROM api_budget_requests WHERE client_id = 'client-6' GROUP BY lane",
      );
      const recorded = Object.fromEntries(rows.map((r) => [r.lane, r.n]));
      expect(recorded).toEqual(Object.fromEntries(Object.entries(byLane).filter(([, n]) => n > 0)));
    }
    // Views and background stopped at their limits whatever the order of arrival; writes used what
    // was left: all 20 were sent, or the window is full. (Not "27 sent": writes sent early keep
    // room for writes at their pace, which can stop the views sooner: `writeRoom`.)
    expect(byLane.write === 20 || sent === 30, `writes ${byLane.write ?? 0} of 20 with ${sent} of 30 sent`).toBe(true);
    expect((byLane.view ?? 0) + (byLane.background ?? 0)).toBeLessThanOrEqual(27);
    expect(byLane.background ?? 0).toBeLessThanOrEqual(15);
  });

  it('a member bursting on process A cannot take the share of a member on process B', async () => {
    const a = processBudget(kind, 'client-7', 30, true);
    const b = processBudget(kind, 'client-7', 30, true);
    // 40 searches at once on A: sent until the window is contended (22), then refused, not dropped.
    const burst = await sendAtOnce([a], 40, { lane: 'view', member: 'burst' });
    expect(burst).toEqual({ sent: 22, waited: 0, refused: 18 });
    // Member B's page view on B, at once.
    expect(await sendAtOnce([b], 5, { lane: 'view', member: 'other' })).toEqual({ sent: 5, waited: 0, refused: 0 });
    // And the burst stays refused on either process, saying when to try again.
    const refusal = await b.take(10_000, { lane: 'view', member: 'burst' });
    expect(refusal?.reason).toBe('share');
    expect(refusal!.retryAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
  });

  it('background work yields to writes: with half the window used, writes from B go and background from A waits', async () => {
    const a = processBudget(kind, 'client-8', 30, true);
    const b = processBudget(kind, 'client-8', 30, true);
    // background work's floor (30 / 18: one request a window) spent, and half the window used
    expect(await sendAtOnce([a], 1, { lane: 'background', member: null })).toMatchObject({ sent: 1 });
    expect(await sendAtOnce([a, b], 14, { lane: 'view', member: null })).toMatchObject({ sent: 14 });
    const [background, writes] = await Promise.all([
      sendAtOnce([a], 10, { lane: 'background', member: null }),
      sendAtOnce([b], 10, { lane: 'write', member: null }),
    ]);
    expect(background).toEqual({ sent: 0, waited: 10, refused: 0 });
    expect(writes).toEqual({ sent: 10, waited: 0, refused: 0 });
  });

  it('keeps room for twice the writes the last 10 s bring at their pace: after 4 writes on A, B sends 6 views, then says busy', async () => {
    const a = processBudget(kind, 'client-9', 30, true);
    const b = processBudget(kind, 'client-9', 30, true);
    expect(await sendAtOnce([a], 4, { lane: 'write', member: null })).toEqual({ sent: 4, waited: 0, refused: 0 });
    // 4 writes in the last 10 s count as 24 a minute: views go while fewer than 30 − min(20, 2 × 24) are used, 6 of 20.
    expect(await sendAtOnce([b], 20, { lane: 'view', member: null })).toEqual({ sent: 6, waited: 14, refused: 0 });
    // A view that may not wait is refused at once, and a write still goes.
    expect((await b.take(10_000, { lane: 'view', member: 'v' }, 0))?.reason).toBe('busy');
    expect(await sendAtOnce([b], 1, { lane: 'write', member: 'w' })).toEqual({ sent: 1, waited: 0, refused: 0 });
  });

  it('counts each member’s writes up to a tenth: one member’s burst of 10 writes leaves views 24 of 30, a team’s leaves 10', async () => {
    const a = processBudget(kind, 'client-12', 30, true);
    const b = processBudget(kind, 'client-12', 30, true);
    expect(await sendAtOnce([a], 10, { lane: 'write', member: 'burst' })).toEqual({ sent: 10, waited: 0, refused: 0 });
    // The burst counts as 3 writes (a tenth of 30): 6 places are kept, views go while fewer than 24 are used.
    expect(await sendAtOnce([b], 15, { lane: 'view', member: null })).toEqual({ sent: 14, waited: 1, refused: 0 });
    // and writes still use the rest of the window
    expect(await sendAtOnce([a], 6, { lane: 'write', member: null })).toEqual({ sent: 6, waited: 0, refused: 0 });

    const c = processBudget(kind, 'client-13', 30, true);
    const d = processBudget(kind, 'client-13', 30, true);
    for (const member of ['m1', 'm2', 'm3', 'm4', 'm5'])
      expect(await sendAtOnce([c], 2, { lane: 'write', member })).toEqual({ sent: 2, waited: 0, refused: 0 });
    // Five members' 10 writes count whole: 20 places (two thirds, the most) are kept, so views wait at 10.
    expect(await sendAtOnce([d], 5, { lane: 'view', member: null })).toEqual({ sent: 0, waited: 5, refused: 0 });
    expect(await sendAtOnce([d], 20, { lane: 'write', member: null })).toEqual({ sent: 20, waited: 0, refused: 0 });
  });

  it('a member whose page views on A used their share still saves at once on B; a burst of their writes meets the share', async () => {
    const a = processBudget(kind, 'client-10', 30, true);
    const b = processBudget(kind, 'client-10', 30, true);
    expect(await sendAtOnce([a], 22, { lane: 'view', member: 'busy' })).toEqual({ sent: 22, waited: 0, refused: 0 });
    expect(await sendAtOnce([a], 1, { lane: 'view', member: 'busy' })).toEqual({ sent: 0, waited: 0, refused: 1 });
    // A write's share, alone in the window, is 15: counted in the member's writes only.
    expect(await sendAtOnce([b], 8, { lane: 'write', member: 'busy' })).toEqual({ sent: 8, waited: 0, refused: 0 });

    const c = processBudget(kind, 'client-11', 60, true);
    const d = processBudget(kind, 'client-11', 60, true);
    await sendAtOnce([c], 40, { lane: 'view', member: 'other' });
    expect(await sendAtOnce([d], 20, { lane: 'write', member: 'burst' })).toEqual({ sent: 20, waited: 0, refused: 0 });
    // 60 used by 2 members: the burst's share of writes is 60 / 3 = 20, and they hold 20.
    expect(await sendAtOnce([c], 1, { lane: 'write', member: 'burst' })).toEqual({ sent: 0, waited: 0, refused: 1 });
  });
});

describe.each(KINDS)('the window %s decides under its lock', (kind) => {
  const write: RequestTicket = { lane: 'write', member: null };
  const atFifty = (ticket: RequestTicket) => (state: Parameters<Parameters<BudgetStore['take']>[1]>[0]) =>
    answerTake(50, ticket, state.requests, state.now, state.blockedUntil);

  it('2 × 60 takes at once from two processes against a limit of 50 grant exactly 50', async () => {
    const [a, b] = [storeFor(kind, 'race'), storeFor(kind, 'race')];
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) => (i % 2 ? a : b)!.take(write, atFifty(write))),
    );
    expect(answers.filter(granted)).toHaveLength(50);
    expect(Math.max(...answers.map((x) => x.used))).toBe(50);
    if (kind === 'postgres') {
      const { rows } = await pool.query<{ n: number }>(
        "SELECT count(*)::integer AS n FROM api_budget_requests WHERE client_id = 'race'",
      );
      expect(rows[0]!.n).toBe(50);
    }
  });

  it('prints what a take costs, with an empty window and with 800 requests in it', async () => {
    const store = storeFor(kind, 'cost');
    const view: RequestTicket = { lane: 'view', member: 'm0' };
    const judge = (state: Parameters<Parameters<BudgetStore['take']>[1]>[0]) =>
      answerTake(100_000, view, state.requests, state.now, state.blockedUntil);
    const msPerTake = async (n: number) => {
      const started = performance.now();
      for (let i = 0; i < n; i++) await store.take(view, judge);
      return (performance.now() - started) / n;
    };
    const empty = await msPerTake(100);
    await seed(kind, 'cost', 700, 50);
    const full = await msPerTake(100);
    console.log(
      `request budget, window ${kind}: ${empty.toFixed(3)} ms a take (≈100 requests in the window), ${full.toFixed(3)} ms (≈900)`,
    );
    expect(empty).toBeGreaterThan(0);
  });
});
