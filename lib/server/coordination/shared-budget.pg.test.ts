import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { RequestBudget } from '../../guestbook/rate-limit';
import { openDashboardDb, type OpenedDb } from '../db/open';
import { startTestPostgres, type TestPostgres } from '../db/test-postgres';
import { PostgresBudgetWindow } from './shared-budget';

let postgres: TestPostgres;
let opened: OpenedDb;
const windows: PostgresBudgetWindow[] = [];
beforeAll(async () => {
  postgres = await startTestPostgres();
  opened = await openDashboardDb({ dataDir: '', databaseUrl: postgres.url });
});
afterAll(async () => {
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

async function sendAtOnce(budgets: RequestBudget[], count: number) {
  const outcomes = await Promise.allSettled(
    Array.from({ length: count }, (_, i) => budgets[i % budgets.length]!.take()),
  );
  return {
    sent: outcomes.filter((o) => o.status === 'fulfilled').length,
    waited: outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof WouldWait).length,
  };
}

describe('one request budget for every process, on PostgreSQL', () => {
  it('two processes with 30 a minute between them send 30 of 50 requests at once; the rest wait', async () => {
    const a = processBudget('client-1', 30, true);
    const b = processBudget('client-1', 30, true);
    expect(await sendAtOnce([a, b], 50)).toEqual({ sent: 30, waited: 20 });
    // Each process sees the shared count, which the stale-copy decisions read.
    expect(Math.max(a.used, b.used)).toBe(30);
    // Another client id has a window of its own.
    expect(await sendAtOnce([processBudget('client-2', 30, true)], 5)).toEqual({ sent: 5, waited: 0 });
  });

  it('without the shared window the same two processes send 50 (each counts only its own)', async () => {
    expect(await sendAtOnce([processBudget('client-3', 30, false), processBudget('client-3', 30, false)], 50)).toEqual({
      sent: 50,
      waited: 0,
    });
  });

  it("a 429's wait learned by one process holds the other, which reports when requests resume instead of sending", async () => {
    const a = processBudget('client-4', 30, true);
    const b = processBudget('client-4', 30, true);
    a.blockFor(30_000);
    await new Promise((r) => setTimeout(r, 100));
    const resumeAt = await b.take(10_000);
    expect(resumeAt).toBeInstanceOf(Date);
    expect(resumeAt!.getTime()).toBeGreaterThan(Date.now() + 10_000);
  });

  it('a window the API reports spent (X-RateLimit-Remaining: 0) holds every process until its reset', async () => {
    const a = processBudget('client-5', 30, true);
    const b = processBudget('client-5', 30, true);
    a.observe({ limit: 1000, remaining: 0, resetAt: new Date(Date.now() + 40_000) });
    await new Promise((r) => setTimeout(r, 100));
    expect(await b.take(10_000)).toBeInstanceOf(Date);
  });
});
