import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createGuestbookClient, GuestbookApiError, type GuestbookClientOptions } from '../../guestbook';
import type { LoggedRequest } from '../../sandbox/control-client';
import { DEMO_MARKETS, DEMO_PARTNER } from '../../sandbox/seed/demo';
import type { RunningSandbox } from '../../sandbox/server';
import { partnerClient, startTestSandbox } from '../../sandbox/testing';
import { budgetGate, type BudgetGateOptions } from './gate';
import { RequestBudget } from './request-budget';
import type { RequestTicket } from './request-ticket';

/* The API client with the dashboard's request budget as its gate (gate.ts). */

const LONDON_PAGE = {
  data: [{ id: DEMO_MARKETS[0].id, name: 'London' }],
  pagination: { current_page: 1, total_pages: 1, total_items: 1, items_per_page: 25 },
};

const rejectionOf = (pending: Promise<unknown>): Promise<unknown> =>
  pending.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );

/**
 * A client of an API that answers every call with one page of markets, on a clock the test moves
 * (its sleeps move it), budgeted at 30 a minute to the test's `ticket`: the calls it sent, and
 * what it slept. `answer` may answer a call otherwise (by its number), `onSleep` act at a sleep.
 */
function scriptedClient(
  ticket: RequestTicket,
  gate: Omit<BudgetGateOptions, 'ticket'> = {},
  onResponse?: GuestbookClientOptions['onResponse'],
  { answer, onSleep }: { answer?: (call: number) => Response | undefined; onSleep?: () => void } = {},
) {
  const time = { now: Date.parse('2026-11-22T12:00:00Z') };
  const calls: string[] = [];
  const slept: number[] = [];
  const now = () => time.now;
  const sleep = async (ms: number) => {
    slept.push(ms);
    time.now += ms;
    onSleep?.();
  };
  const client = createGuestbookClient({
    baseUrl: 'https://api.guestbook.test',
    authUrl: 'https://auth.guestbook.test',
    audience: 'https://api.guestbook.test/',
    clientId: 'gb_partner_scripted',
    clientSecret: 'scripted-secret',
    fetch: async (input, init) => {
      const path = new URL(String(input)).pathname;
      if (path === '/oauth/token')
        return Response.json({ access_token: 'x.y.z', scope: '', expires_in: 3600, token_type: 'Bearer' });
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      return answer?.(calls.length) ?? Response.json(LONDON_PAGE);
    },
    now,
    sleep,
    onResponse,
    budget: budgetGate(new RequestBudget(30, now, sleep), { ...gate, ticket: () => ticket }),
  });
  return { client, calls, slept, time };
}

describe('the API client within the request budget (scripted API)', () => {
  it('refuses at once a member over their share of the budget, sending nothing, while another member is served', async () => {
    const ticket: RequestTicket = { lane: 'view', member: 'burst' };
    const { client, calls } = scriptedClient(ticket);
    for (let i = 0; i < 22; i++) await client.listMarkets();
    const error = (await rejectionOf(client.listMarkets())) as GuestbookApiError;
    expect(error).toBeInstanceOf(GuestbookApiError);
    expect(error).toMatchObject({ status: 429, code: 'over_share' });
    expect(error.retryAt?.toISOString()).toBe('2026-11-22T12:01:00.000Z');
    expect(calls).toHaveLength(22);
    ticket.member = 'other';
    expect(await client.listMarkets()).toEqual(LONDON_PAGE);
    expect(calls).toHaveLength(23);
  });

  it('a page view that ended sends no more of its reads: a retry waiting at its end is dropped, a write goes on', async () => {
    const ended = new AbortController();
    const ticket: RequestTicket = { lane: 'view', member: 'm', ended: ended.signal };
    const { client, calls } = scriptedClient(ticket, {}, undefined, {
      answer: (call) => (call === 1 ? new Response('unavailable', { status: 503 }) : undefined),
      // the page's response ends while its read waits to be repeated
      onSleep: () => ended.abort(),
    });
    const dropped = (await rejectionOf(client.listMarkets())) as GuestbookApiError;
    expect(dropped).toMatchObject({ status: 0, code: 'aborted' });
    expect(calls).toEqual(['GET /v2/markets']);
    // nor is a read begun after it
    expect(await rejectionOf(client.getMe())).toMatchObject({ code: 'aborted' });
    expect(calls).toEqual(['GET /v2/markets']);
    // a change, once under way, is sent whether or not its browser is still there
    ticket.lane = 'write';
    expect(await client.listMarkets()).toEqual(LONDON_PAGE);
    expect(calls).toEqual(['GET /v2/markets', 'GET /v2/markets']);
  });

  /**
   * A client whose views' lane filled at 12:00:00 (room frees at 12:01:00), at 30 a minute, its
   * page views' ticket and clock set by the test; what it slept, and how many it sent.
   */
  async function viewLaneFilled(maxViewWaitMs: number) {
    const ticket: RequestTicket = { lane: 'view', member: null };
    const waits: number[] = [];
    const scripted = scriptedClient(ticket, { maxLaneWaitMs: 10_000, maxViewWaitMs }, (e) =>
      waits.push(e.budgetWaitMs),
    );
    let sent = 0;
    while (!(await rejectionOf(scripted.client.listMarkets()).catch(() => null))) sent++;
    const sleptInAll = () => scripted.slept.reduce((a, b) => a + b, 0);
    return { ...scripted, ticket, sleptInAll, waits, sent };
  }

  it('a page view waits for room in the budget at most maxViewWaitMs, then says when to try again; a change waits longer', async () => {
    const { client, calls, time, slept, sleptInAll, waits, sent } = await viewLaneFilled(2_000);
    expect(sent).toBeGreaterThan(10);
    expect(calls).toHaveLength(sent);
    // 3 s before room frees: refused at once, nothing sent, no wait.
    time.now = Date.parse('2026-11-22T12:00:57Z');
    const refused = (await rejectionOf(client.listMarkets())) as GuestbookApiError;
    expect(refused).toMatchObject({ status: 429, code: 'busy' });
    expect(refused.retryAt?.toISOString()).toBe('2026-11-22T12:01:00.000Z');
    expect(calls).toHaveLength(sent);
    expect(slept).toEqual([]);
    // 1.5 s before: the view waits and is sent.
    time.now = Date.parse('2026-11-22T12:00:58.500Z');
    expect(await client.listMarkets()).toEqual(LONDON_PAGE);
    expect(calls).toHaveLength(sent + 1);
    expect(sleptInAll()).toBeGreaterThanOrEqual(1_500);
    expect(sleptInAll()).toBeLessThanOrEqual(2_000);
    // Each response says how long its request waited for the budget: none until then, this one 1.5–2 s.
    expect(waits.slice(0, sent)).toEqual(Array(sent).fill(0));
    expect(waits.at(-1)).toBe(sleptInAll());
  });

  it("a page view's reads wait for the budget maxViewWaitMs from when the view arrived, all together", async () => {
    const { client, calls, ticket, time, slept, sleptInAll, sent } = await viewLaneFilled(1_500);
    // 1.2 s before room frees, a view that arrived 0.5 s ago has 1 s of waiting left: refused at once.
    time.now = Date.parse('2026-11-22T12:00:58.800Z');
    ticket.since = time.now - 500;
    const refused = (await rejectionOf(client.listMarkets())) as GuestbookApiError;
    expect(refused).toMatchObject({ status: 429, code: 'busy' });
    expect(refused.retryAt?.toISOString()).toBe('2026-11-22T12:01:00.000Z');
    expect(calls).toHaveLength(sent);
    expect(slept).toEqual([]);
    // The same read for a view arriving now waits the 1.2 s and is sent.
    ticket.since = time.now;
    expect(await client.listMarkets()).toEqual(LONDON_PAGE);
    expect(calls).toHaveLength(sent + 1);
    expect(sleptInAll()).toBeGreaterThanOrEqual(1_200);
    expect(sleptInAll()).toBeLessThanOrEqual(1_500);
  });
});

describe('the API client within the request budget (the sandbox)', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
  });
  afterAll(() => sandbox.close());

  async function sandboxControl<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  }

  /**
   * Client time and sandbox time, moved forward together: a sleep advances both clocks to the
   * sleeper's deadline (concurrent sleepers with one deadline move them once) and returns at once.
   */
  class SharedClock {
    #offsetMs = 0;
    #advancing: Promise<void> = Promise.resolve();

    readonly now = () => Date.now() + this.#offsetMs;

    readonly sleep = (ms: number): Promise<void> => {
      const deadline = this.now() + ms;
      this.#advancing = this.#advancing.then(async () => {
        const behind = deadline - this.now();
        if (behind <= 0) return;
        await sandboxControl('POST', '/_sandbox/clock', { advance_seconds: behind / 1000 });
        this.#offsetMs += behind;
      });
      return this.#advancing;
    };
  }

  it('sends 1,500 calls of one client at 900 a minute without meeting the API limit of 1,000 a minute', async () => {
    const clock = new SharedClock();
    const budget = new RequestBudget(900, clock.now, clock.sleep);
    const api = partnerClient(sandbox.url, {
      now: clock.now,
      sleep: clock.sleep,
      budget: budgetGate(budget, { ticket: () => ({ lane: 'view', member: null }) }),
    });
    const logged = await sandboxControl<LoggedRequest[]>('GET', '/_sandbox/requests');
    const lastSeq = logged.at(-1)?.seq ?? 0;
    const startedAt = clock.now();

    const names: string[] = [];
    for (let batch = 0; batch < 30; batch++) {
      names.push(...(await Promise.all(Array.from({ length: 50 }, () => api.getMe().then((me) => me.name)))));
    }

    expect(names).toEqual(Array(1500).fill(DEMO_PARTNER.name));
    expect(clock.now() - startedAt).toBeGreaterThanOrEqual(60_000);
    const calls = (await sandboxControl<LoggedRequest[]>('GET', `/_sandbox/requests?since=${lastSeq}`)).filter(
      (r) => r.path === '/v2/identities/me',
    );
    expect(calls.filter((r) => r.status === 429)).toEqual([]);
    expect(calls).toHaveLength(1500);
    expect(calls.filter((r) => r.status !== 200)).toEqual([]);
  }, 60_000);
});
