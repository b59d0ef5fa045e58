import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MEMBER_LIMIT_CASES } from '../../guestbook/budget-policy.cases';
import { budgetPolicy, memberLimit, RequestBudget, type RequestTicket } from '../../guestbook/rate-limit';
import { openDashboardDb, type OpenedDb } from '../db/open';
import { startTestPostgres, type TestPostgres } from '../db/test-postgres';
import { PostgresBudgetWindow } from './shared-budget';

let postgres: TestPostgres;
let opened: OpenedDb;
let pool: pg.Pool;
const windows: PostgresBudgetWindow[] = [];
beforeAll(async () => {
  postgres = await startTestPostgres();
  opened = await openDashboardDb({ dataDir: '', databaseUrl: postgres.url });
  pool = new pg.Pool({ connectionString: postgres.url, max: 2 });
});
afterAll(async () => {
  await pool?.end();
  await Promise.all(windows.map((w) => w.close()));
  await opened?.close();
  await postgres?.stop();
});

class WouldWait extends Error {
  constructor(readonly ms: number) {
    super('would wait');
  }
}

/** A budget standing for one server process; its sleep stops the caller instead of waiting. */
function processBudget(clientId: string, perMinute: number, shared: boolean): RequestBudget {
  const window = new PostgresBudgetWindow(postgres.url, clientId);
  windows.push(window);
  const sleep = (ms: number) => Promise.reject(new WouldWait(ms));
  return new RequestBudget(perMinute, Date.now, sleep, shared ? window : undefined);
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

describe('one request budget for every process, on PostgreSQL', () => {
  it('two processes with 30 a minute between them send 30 of 50 writes at once; the rest wait', async () => {
    const a = processBudget('client-1', 30, true);
    const b = processBudget('client-1', 30, true);
    expect(await sendAtOnce([a, b], 50)).toEqual({ sent: 30, waited: 20, refused: 0 });
    // Each process sees the shared count, which the stale-copy decisions read.
    expect(Math.max(a.used, b.used)).toBe(30);
    // Another client id has a window of its own.
    expect(await sendAtOnce([processBudget('client-2', 30, true)], 5)).toEqual({ sent: 5, waited: 0, refused: 0 });
  });

  it('writes under a lock may go W/18 beyond the window, every process together: 5 more of 90, then they wait', async () => {
    const a = processBudget('client-14', 90, true);
    const b = processBudget('client-14', 90, true);
    expect(await sendAtOnce([a, b], 100)).toEqual({ sent: 90, waited: 10, refused: 0 });
    const locked: RequestTicket = { lane: 'write', member: null, underLock: true };
    expect(await sendAtOnce([a, b], 10, locked)).toEqual({ sent: 5, waited: 5, refused: 0 });
    expect(Math.max(a.used, b.used)).toBe(95);
  });

  it('without the shared window the same two processes send 50 (each counts only its own)', async () => {
    expect(await sendAtOnce([processBudget('client-3', 30, false), processBudget('client-3', 30, false)], 50)).toEqual({
      sent: 50,
      waited: 0,
      refused: 0,
    });
  });

  it("a 429's wait learned by one process holds the other, which reports when requests resume instead of sending", async () => {
    const a = processBudget('client-4', 30, true);
    const b = processBudget('client-4', 30, true);
    a.blockFor(30_000);
    await new Promise((r) => setTimeout(r, 100));
    const refusal = await b.take(10_000);
    expect(refusal?.reason).toBe('blocked');
    expect(refusal!.retryAt.getTime()).toBeGreaterThan(Date.now() + 10_000);
  });

  it('a window the API reports spent (X-RateLimit-Remaining: 0) holds every process until its reset', async () => {
    const a = processBudget('client-5', 30, true);
    const b = processBudget('client-5', 30, true);
    a.observe({ limit: 1000, remaining: 0, resetAt: new Date(Date.now() + 40_000) });
    await new Promise((r) => setTimeout(r, 100));
    expect((await b.take(10_000))?.reason).toBe('blocked');
  });
});

describe('lanes and fair shares for every process, on PostgreSQL', () => {
  it('computes a member’s share as memberLimit does, on the same table of cases', async () => {
    for (const c of MEMBER_LIMIT_CASES) {
      const policy = budgetPolicy(c.perMinute, c.lane);
      const { rows } = await pool.query<{ share: number | null }>(
        'SELECT api_budget_member_limit($1, $2, $3, $4, $5) AS share',
        [policy.laneLimit, policy.shareFloor, policy.contendedAt, c.used, c.members],
      );
      expect({ ...c, share: rows[0]!.share }).toEqual({ ...c, share: memberLimit(policy, c.used, c.members) });
      expect(rows[0]!.share).toBe(c.expected);
    }
  });

  it('mixed lanes sent at once from two processes never exceed the window; views stop at 27, background at 15', async () => {
    const a = processBudget('client-6', 30, true);
    const b = processBudget('client-6', 30, true);
    const lanes: RequestTicket[] = ['background', 'view', 'write'].map((lane) => ({
      lane: lane as RequestTicket['lane'],
      member: null,
    }));
    const outcomes = await Promise.all(
      Array.from({ length: 60 }, (_, i) => sendAtOnce([i % 2 ? a : b], 1, lanes[i % 3])),
    );
    const sent = outcomes.reduce((n, o) => n + o.sent, 0);
    expect(sent).toBeLessThanOrEqual(30);
    const { rows } = await pool.query<{ lane: string; n: number }>(
      "SELECT lane, count(*)::integer AS n FROM api_budget_requests WHERE client_id = 'client-6' GROUP BY lane",
    );
    const byLane = Object.fromEntries(rows.map((r) => [r.lane, r.n]));
    expect(Object.values(byLane).reduce((n, v) => n + v, 0)).toBe(sent);
    // Views and background stopped at their limits whatever the order of arrival; writes used what
    // was left: all 20 were sent, or the window is full. (Not "27 sent": writes sent early keep
    // room for writes at their pace, which can stop the views sooner: `writeRoom`.)
    expect(byLane.write === 20 || sent === 30, `writes ${byLane.write ?? 0} of 20 with ${sent} of 30 sent`).toBe(true);
    expect((byLane.view ?? 0) + (byLane.background ?? 0)).toBeLessThanOrEqual(27);
    expect(byLane.background ?? 0).toBeLessThanOrEqual(15);
  });

  it('a member bursting on process A cannot take the share of a member on process B', async () => {
    const a = processBudget('client-7', 30, true);
    const b = processBudget('client-7', 30, true);
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
    const a = processBudget('client-8', 30, true);
    const b = processBudget('client-8', 30, true);
    expect(await sendAtOnce([a, b], 15, { lane: 'view', member: null })).toMatchObject({ sent: 15 });
    const [background, writes] = await Promise.all([
      sendAtOnce([a], 10, { lane: 'background', member: null }),
      sendAtOnce([b], 10, { lane: 'write', member: null }),
    ]);
    expect(background).toEqual({ sent: 0, waited: 10, refused: 0 });
    expect(writes).toEqual({ sent: 10, waited: 0, refused: 0 });
  });

  it('keeps room for twice the writes the last 10 s bring at their pace: after 4 writes on A, B sends 6 views, then says busy', async () => {
    const a = processBudget('client-9', 30, true);
    const b = processBudget('client-9', 30, true);
    expect(await sendAtOnce([a], 4, { lane: 'write', member: null })).toEqual({ sent: 4, waited: 0, refused: 0 });
    // 4 writes in the last 10 s count as 24 a minute: views go while fewer than 30 − min(20, 2 × 24) are used, 6 of 20.
    expect(await sendAtOnce([b], 20, { lane: 'view', member: null })).toEqual({ sent: 6, waited: 14, refused: 0 });
    // A view that does not wait is refused at once, and a write still goes.
    expect((await b.take(10_000, { lane: 'view', member: 'v', waits: false }))?.reason).toBe('busy');
    expect(await sendAtOnce([b], 1, { lane: 'write', member: 'w' })).toEqual({ sent: 1, waited: 0, refused: 0 });
  });

  it('counts each member’s writes up to a tenth: one member’s burst of 10 writes leaves views 24 of 30, a team’s leaves 10', async () => {
    const a = processBudget('client-12', 30, true);
    const b = processBudget('client-12', 30, true);
    expect(await sendAtOnce([a], 10, { lane: 'write', member: 'burst' })).toEqual({ sent: 10, waited: 0, refused: 0 });
    // The burst counts as 3 writes (a tenth of 30): 6 places are kept, views go while fewer than 24 are used.
    expect(await sendAtOnce([b], 15, { lane: 'view', member: null })).toEqual({ sent: 14, waited: 1, refused: 0 });
    // and writes still use the rest of the window
    expect(await sendAtOnce([a], 6, { lane: 'write', member: null })).toEqual({ sent: 6, waited: 0, refused: 0 });

    const c = processBudget('client-13', 30, true);
    const d = processBudget('client-13', 30, true);
    for (const member of ['m1', 'm2', 'm3', 'm4', 'm5'])
      expect(await sendAtOnce([c], 2, { lane: 'write', member })).toEqual({ sent: 2, waited: 0, refused: 0 });
    // Five members' 10 writes count whole: 20 places (two thirds, the most) are kept, so views wait at 10.
    expect(await sendAtOnce([d], 5, { lane: 'view', member: null })).toEqual({ sent: 0, waited: 5, refused: 0 });
    expect(await sendAtOnce([d], 20, { lane: 'write', member: null })).toEqual({ sent: 20, waited: 0, refused: 0 });
  });

  it('a member whose page views on A used their share still saves at once on B; a burst of their writes meets the share', async () => {
    const a = processBudget('client-10', 30, true);
    const b = processBudget('client-10', 30, true);
    expect(await sendAtOnce([a], 22, { lane: 'view', member: 'busy' })).toEqual({ sent: 22, waited: 0, refused: 0 });
    expect(await sendAtOnce([a], 1, { lane: 'view', member: 'busy' })).toEqual({ sent: 0, waited: 0, refused: 1 });
    // A write's share, alone in the window, is 15: counted in the member's writes only.
    expect(await sendAtOnce([b], 8, { lane: 'write', member: 'busy' })).toEqual({ sent: 8, waited: 0, refused: 0 });

    const c = processBudget('client-11', 60, true);
    const d = processBudget('client-11', 60, true);
    await sendAtOnce([c], 40, { lane: 'view', member: 'other' });
    expect(await sendAtOnce([d], 20, { lane: 'write', member: 'burst' })).toEqual({ sent: 20, waited: 0, refused: 0 });
    // 60 used by 2 members: the burst's share of writes is 60 / 3 = 20, and they hold 20.
    expect(await sendAtOnce([c], 1, { lane: 'write', member: 'burst' })).toEqual({ sent: 0, waited: 0, refused: 1 });
  });
});
