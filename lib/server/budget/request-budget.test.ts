import { describe, expect, it } from 'vitest';

import { MEMBER_LIMIT_CASES } from './budget-policy.cases';
import { budgetPolicy, decideTake, laneLimitNow, lockReserve, memberLimit, writeRoom } from './policy';
import { RequestBudget } from './request-budget';
import type { RequestTicket } from './request-ticket';
import type { BudgetStore } from './store';

class WouldWait extends Error {
  constructor(readonly ms: number) {
    super('would wait');
  }
}

/** A budget on a fake clock. `waits`: 'throw' stops a caller that would wait; 'advance' moves the clock instead. */
function budgetAt(perMinute: number, waits: 'throw' | 'advance' | 'hang') {
  const clock = { now: 1_000_000 };
  const sleep = (ms: number): Promise<void> => {
    if (waits === 'throw') return Promise.reject(new WouldWait(ms));
    if (waits === 'hang') return new Promise<void>(() => undefined);
    clock.now += ms;
    return Promise.resolve();
  };
  return { clock, budget: new RequestBudget(perMinute, () => clock.now, sleep) };
}

const view = (member: string | null = null): RequestTicket => ({ lane: 'view', member });
const write = (member: string | null = null): RequestTicket => ({ lane: 'write', member });
const background = (member: string | null = null): RequestTicket => ({ lane: 'background', member });

async function sends(budget: RequestBudget, ticket: RequestTicket, maxWaitMs = Infinity): Promise<'sent' | 'waits'> {
  try {
    const refusal = await budget.take(maxWaitMs, ticket);
    if (refusal) throw new Error(`refused: ${refusal.reason}`);
    return 'sent';
  } catch (e) {
    if (e instanceof WouldWait) return 'waits';
    throw e;
  }
}

async function fill(budget: RequestBudget, ticket: RequestTicket, count: number) {
  for (let i = 0; i < count; i++) expect(await sends(budget, ticket)).toBe('sent');
}

describe('RequestBudget', () => {
  it('counts the requests of the last minute and of a shorter span', async () => {
    let now = 0;
    const budget = new RequestBudget(
      900,
      () => now,
      async () => undefined,
    );
    for (const t of [0, 20_000, 55_000, 58_000]) {
      now = t;
      await budget.take();
    }
    now = 60_000;
    expect(budget.used).toBe(3);
    expect(budget.usedWithin(10_000)).toBe(2);
    expect(budget.usedWithin(120_000)).toBe(3);
    expect(budget.perMinute).toBe(900);
  });
});

describe('the budget policy', () => {
  it('gives background half the window, views all but a tenth, writes all of it; shares from half', () => {
    expect(budgetPolicy(900, 'background')).toEqual({
      perMinute: 900,
      laneLimit: 450,
      writeReserve: 90,
      writeReserveMax: 600,
      shareFloor: 90,
      contendedAt: 675,
    });
    expect(budgetPolicy(900, 'view').laneLimit).toBe(810);
    expect(budgetPolicy(900, 'write').laneLimit).toBe(900);
  });

  it.each(MEMBER_LIMIT_CASES)(
    'a member’s share of $perMinute, lane $lane, $used used among $members members: $expected',
    ({ perMinute, lane, used, members, expected }) => {
      expect(memberLimit(budgetPolicy(perMinute, lane), used, members)).toBe(expected);
    },
  );

  it('decides by lane first, then by share; the server’s own requests have no share', () => {
    expect(
      decideTake(900, view('a'), { used: 809, writeRoom: 0, backgroundUsed: 0, memberUsed: 0, members: 2 }).fits,
    ).toBe(true);
    expect(
      decideTake(900, view('a'), { used: 810, writeRoom: 0, backgroundUsed: 0, memberUsed: 0, members: 2 }),
    ).toMatchObject({
      fits: false,
      laneFull: true,
      overShare: false,
    });
    expect(
      decideTake(900, write('a'), { used: 810, writeRoom: 0, backgroundUsed: 0, memberUsed: 0, members: 2 }).fits,
    ).toBe(true);
    expect(
      decideTake(900, view('a'), { used: 700, writeRoom: 0, backgroundUsed: 0, memberUsed: 270, members: 2 }),
    ).toMatchObject({
      fits: false,
      overShare: true,
    });
    // The same member's write still fits: a write's share is the largest.
    expect(
      decideTake(900, write('a'), { used: 700, writeRoom: 0, backgroundUsed: 0, memberUsed: 270, members: 2 }).fits,
    ).toBe(true);
    expect(
      decideTake(900, view(null), { used: 700, writeRoom: 0, backgroundUsed: 0, memberUsed: 0, members: 1 }).fits,
    ).toBe(true);
  });

  it('lets background work’s first W/18 requests of the window go up to the views’ own limit, the rest only below half', () => {
    const counts = (used: number, backgroundUsed: number) => ({
      used,
      writeRoom: 0,
      backgroundUsed,
      memberUsed: 0,
      members: 1,
    });
    // 700 used (views and writes): above half, below the views' 810
    expect(decideTake(900, background(), counts(700, 0)).fits).toBe(true);
    expect(decideTake(900, background(), counts(700, 49)).fits).toBe(true);
    expect(decideTake(900, background(), counts(700, 50))).toMatchObject({
      fits: false,
      laneFull: true,
      laneLimit: 450,
    });
    // never past the views' own limit; into the room kept for writes, within the floor only
    expect(decideTake(900, background(), counts(810, 0)).fits).toBe(false);
    expect(decideTake(900, background(), { ...counts(600, 0), writeRoom: 400 }).fits).toBe(true);
    expect(decideTake(900, background(), { ...counts(600, 50), writeRoom: 400 }).fits).toBe(false);
    expect(decideTake(900, background(), { ...counts(809, 49), writeRoom: 600 }).fits).toBe(true);
  });

  it('keeps the room writes want free, and at least a tenth', () => {
    const counts = (used: number, writeRoom: number) => ({
      used,
      writeRoom,
      backgroundUsed: 0,
      memberUsed: 0,
      members: 1,
    });
    expect(laneLimitNow(budgetPolicy(900, 'view'), 0)).toBe(810);
    expect(laneLimitNow(budgetPolicy(900, 'view'), 90)).toBe(810);
    expect(laneLimitNow(budgetPolicy(900, 'view'), 300)).toBe(600);
    expect(laneLimitNow(budgetPolicy(900, 'background'), 300)).toBe(450);
    expect(laneLimitNow(budgetPolicy(900, 'background'), 500)).toBe(400);
    expect(laneLimitNow(budgetPolicy(900, 'write'), 900)).toBe(900);
    expect(decideTake(900, view(null), counts(600, 300))).toMatchObject({
      fits: false,
      laneFull: true,
      laneLimit: 600,
    });
    expect(decideTake(900, view(null), counts(599, 300)).fits).toBe(true);
    expect(decideTake(900, write(null), counts(899, 300)).fits).toBe(true);
  });

  it('keeps at most two thirds of the window for writes, whatever room they want', () => {
    expect(laneLimitNow(budgetPolicy(900, 'view'), 600)).toBe(300);
    expect(laneLimitNow(budgetPolicy(900, 'view'), 2_000)).toBe(300);
    expect(laneLimitNow(budgetPolicy(900, 'background'), 2_000)).toBe(300);
  });

  it('wants room for twice the writes of a minute at their pace, each member’s up to the share floor', () => {
    const policy = budgetPolicy(900, 'view');
    const room = (entries: [string | null, number, number][]) =>
      writeRoom(policy, new Map(entries.map(([m, minute, tenSeconds]) => [m, { minute, tenSeconds }])));
    // 40 writes of the server's own in the last 10 s: a minute at that pace is 240.
    expect(room([[null, 40, 40]])).toBe(480);
    // 40 in the minute, none of them recent: the minute's.
    expect(room([[null, 40, 0]])).toBe(80);
    // A member's count is at most 90 (the share floor).
    expect(room([['burst', 216, 216]])).toBe(180);
    expect(
      room([
        ['a', 10, 2],
        ['b', 5, 5],
      ]),
    ).toBe(2 * (12 + 30));
  });
});

describe('RequestBudget lanes (one process)', () => {
  it('sends background work beyond its floor only while less than half the window is used, and defers it until then', async () => {
    const { budget } = budgetAt(30, 'throw');
    await fill(budget, view(), 14);
    expect(await sends(budget, background())).toBe('sent');
    expect(await sends(budget, background())).toBe('waits');
    expect(await sends(budget, view())).toBe('sent');

    const advancing = budgetAt(30, 'advance');
    await fill(advancing.budget, view(), 15);
    const before = advancing.clock.now;
    // Its floor (30 / 18: one request a window) goes at once, up to the views' own limit.
    expect(await advancing.budget.take(Infinity, background())).toBeNull();
    expect(advancing.clock.now).toBe(before);
    expect(await advancing.budget.take(Infinity, background())).toBeNull();
    // The next went once the oldest requests left the window.
    expect(advancing.clock.now).toBe(before + 60_000);
  });

  it('sends background work’s floor while writes fill the views’ room: 50 of 900 go, the 51st waits, writes still go', async () => {
    // 300 writes of the server's own in the last 10 s want 600 places: views go while fewer than 300 are used.
    const { budget } = budgetAt(900, 'throw');
    await fill(budget, write(), 300);
    expect(await sends(budget, view())).toBe('waits');
    await fill(budget, background(), 50);
    expect(await sends(budget, background())).toBe('waits');
    expect(await sends(budget, write())).toBe('sent');
  });

  it('keeps the last tenth for writes: views wait at 27 of 30, writes go until 30', async () => {
    const { budget } = budgetAt(30, 'throw');
    await fill(budget, view(), 27);
    expect(await sends(budget, view())).toBe('waits');
    await fill(budget, write(), 3);
    expect(await sends(budget, write())).toBe('waits');
  });

  it('lowers the views’ limit as writes fill the window: 4 writes keep 8 places free, 10 keep two thirds', async () => {
    // (the writes 10 s old, so that their minute counts, not their pace)
    const { budget, clock } = budgetAt(30, 'throw');
    await fill(budget, write(), 4);
    clock.now += 10_001;
    await fill(budget, view(), 18);
    expect(await sends(budget, view())).toBe('waits');
    expect(await sends(budget, write())).toBe('sent');

    const burst = budgetAt(30, 'throw');
    await fill(burst.budget, write(), 10);
    burst.clock.now += 10_001;
    expect(await sends(burst.budget, view())).toBe('waits');
    await fill(burst.budget, write(), 20);
    expect(await sends(burst.budget, write())).toBe('waits');
  });

  it('keeps room for the writes of the last 10 s at their pace over a minute', async () => {
    // 900 a minute: 40 writes of the server's own in the last 10 s count as 240, keeping 480 places.
    const { budget, clock } = budgetAt(900, 'throw');
    await fill(budget, write(), 40);
    await fill(budget, view(), 420 - 40);
    expect(await sends(budget, view())).toBe('waits');
    // 10 s later they count as what they are, 40: the views' limit is 810 again.
    clock.now += 10_001;
    expect(await sends(budget, view())).toBe('sent');
  });

  it('counts each member’s writes up to a tenth: one member’s burst keeps a fifth, a team’s keeps what it uses', async () => {
    // 900 a minute: one member's 216 writes (holds and bookings read before they write) count as 90.
    const one = budgetAt(900, 'throw').budget;
    await fill(one, write('burst'), 216);
    await fill(one, view(), 720 - 216);
    expect(await sends(one, view())).toBe('waits');
    expect(await sends(one, write('calm'))).toBe('sent');

    // The same 216 writes from 12 members (18 each, 10 s ago) count whole: views stop at 900 − 2 × 216.
    const team = budgetAt(900, 'throw');
    for (let m = 0; m < 12; m++) await fill(team.budget, write(`m${m}`), 18);
    team.clock.now += 10_001;
    await fill(team.budget, view(), 468 - 216);
    expect(await sends(team.budget, view())).toBe('waits');
    expect(await sends(team.budget, write('m0'))).toBe('sent');
  });

  it('counts the time spent in line behind others in the longest wait for the lane', async () => {
    const { budget, clock } = budgetAt(30, 'advance');
    const start = clock.now;
    await fill(budget, view(), 1);
    clock.now = start + 5_000;
    await fill(budget, view(), 26); // the views' 27 places are taken; one frees at 60 s, the rest at 65 s
    clock.now = start + 52_000;
    const [first, second] = await Promise.all([
      budget.take(Infinity, view(), 10_000),
      budget.take(Infinity, view(), 10_000),
    ]);
    // The first waits 8 s for the one place; the second would then wait 5 s more, 13 s in all.
    expect(first).toBeNull();
    expect(second).toEqual({ reason: 'busy', retryAt: new Date(start + 65_000) });
    expect(clock.now).toBe(start + 60_000);
  });

  it('serves the views waiting for the window in their order of arrival, and a new one behind them', async () => {
    const { budget, clock } = budgetAt(30, 'advance');
    await fill(budget, view(), 27);
    const order: string[] = [];
    const waiting = ['a', 'b', 'c'].map((m) => budget.take(Infinity, view(m)).then(() => order.push(m)));
    await Promise.all(waiting);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(clock.now).toBeGreaterThan(1_000_000);
  });

  it('refuses a view whose lane has room only after the longest wait, saying when to try again', async () => {
    const { budget, clock } = budgetAt(30, 'throw');
    const start = clock.now;
    await fill(budget, view(), 27);
    clock.now = start + 45_000;
    expect(await budget.take(10_000, view('a'))).toEqual({ reason: 'busy', retryAt: new Date(start + 60_000) });
    clock.now = start + 52_000;
    expect(await sends(budget, view('a'), 10_000)).toBe('waits');
  });

  it('lets a write under a lock go W/18 beyond the window, never past the API’s 1,000; other writes wait', async () => {
    const { budget } = budgetAt(900, 'throw');
    await fill(budget, write(), 900);
    expect(await sends(budget, write())).toBe('waits');
    const locked: RequestTicket = { lane: 'write', member: null, underLock: true };
    await fill(budget, locked, 50);
    expect(await sends(budget, locked)).toBe('waits');
    expect(budget.used).toBe(950);
    expect([lockReserve(900), lockReserve(980), lockReserve(1_000), lockReserve(200)]).toEqual([50, 20, 0, 11]);
    // Only writes: a view or background work under a lock keeps its own limit.
    expect(budgetPolicy(900, 'view', true).laneLimit).toBe(budgetPolicy(900, 'view').laneLimit);
    expect(budgetPolicy(900, 'background', true).laneLimit).toBe(budgetPolicy(900, 'background').laneLimit);
  });

  it('sends a write while views wait for the window', async () => {
    const { budget } = budgetAt(30, 'hang');
    await fill(budget, view(), 27);
    let viewSent = false;
    void budget.take(Infinity, view()).then(() => (viewSent = true));
    expect(await budget.take(Infinity, write('a'))).toBeNull();
    expect(viewSent).toBe(false);
    expect(budget.used).toBe(28);
  });
});

describe('RequestBudget waits bounded by the longest wait for the lane', () => {
  /** A shared window that answers: the member's share frees in 0.5 s, the lane in 9 s. */
  const shareSoonLaneLater: BudgetStore = {
    take: async () => ({
      blockedMs: 0,
      waitMs: 9_000,
      shareWaitMs: 500,
      used: 900,
      lastTenSeconds: 150,
      writeRoom: 300,
      memberUsed: 40,
      members: 20,
    }),
    block: async () => undefined,
  };

  it('refuses at once a view whose share frees soon but whose lane frees after the longest wait', async () => {
    const clock = { now: 1_000_000 };
    const slept: number[] = [];
    const budget = new RequestBudget(
      900,
      () => clock.now,
      async (ms) => {
        slept.push(ms);
        clock.now += ms;
      },
      shareSoonLaneLater,
    );
    expect(await budget.take(2_000, view('a'), 2_000)).toEqual({
      reason: 'busy',
      retryAt: new Date(1_000_000 + 9_000),
    });
    expect(slept).toEqual([]);
  });
});

describe('RequestBudget fair shares (one process)', () => {
  it('refuses a bursting member at once, saying when to try again, while another member’s view passes', async () => {
    const { budget, clock } = budgetAt(30, 'throw');
    const start = clock.now;
    await fill(budget, view('burst'), 22);
    // Contended (22 of 30), alone: the member's share of views is 13, and they hold 22.
    const refusal = await budget.take(10_000, view('burst'));
    expect(refusal).toEqual({ reason: 'share', retryAt: new Date(start + 60_000) });
    expect(await sends(budget, view('other'), 10_000)).toBe('sent');
    expect(await sends(budget, write('other'), 10_000)).toBe('sent');
    expect(budget.used).toBe(24);
  });

  it('a member whose page views used their share still saves at once; a burst of their writes meets the share', async () => {
    const { budget } = budgetAt(30, 'throw');
    await fill(budget, view('busy'), 22);
    expect(await budget.take(10_000, view('busy'))).toMatchObject({ reason: 'share' });
    // Contended, alone: a write's share is 15 (30 / 2), counted in the member's writes only.
    await fill(budget, write('busy'), 8);
    expect(budget.used).toBe(30);

    const second = budgetAt(60, 'throw');
    await fill(second.budget, view('other'), 40);
    await fill(second.budget, write('burst'), 20);
    // 60 used, 2 members: the burst's share of writes is 60 / 3 = 20, and they hold 20.
    expect(await second.budget.take(10_000, write('burst'))).toMatchObject({ reason: 'share' });
  });

  it('slows a member over their share when it frees within the longest wait', async () => {
    const { budget, clock } = budgetAt(30, 'advance');
    const start = clock.now;
    await fill(budget, view('burst'), 22);
    clock.now = start + 55_000;
    expect(await budget.take(10_000, view('burst'))).toBeNull();
    expect(clock.now).toBe(start + 60_000);
  });

  it('says until when the API asked for no requests, and nothing once that time has passed', () => {
    const { budget, clock } = budgetAt(30, 'throw');
    expect(budget.blockedUntil()).toBeNull();
    budget.blockFor(5_000);
    expect(budget.blockedUntil()).toEqual(new Date(clock.now + 5_000));
    budget.observe({ limit: 1000, remaining: 0, resetAt: new Date(clock.now + 20_000) });
    expect(budget.blockedUntil()).toEqual(new Date(clock.now + 20_000));
    clock.now += 20_000;
    expect(budget.blockedUntil()).toBeNull();
  });

  it('knows without waiting whether a ticket would be sent at once', async () => {
    const { budget } = budgetAt(30, 'throw');
    await fill(budget, background(), 1);
    await fill(budget, view('burst'), 21);
    expect(budget.canSendNow(background('other'))).toBe(false);
    expect(budget.canSendNow(view('burst'))).toBe(false);
    expect(budget.canSendNow(view('other'))).toBe(true);
    budget.blockFor(5_000);
    expect(budget.canSendNow(write('other'))).toBe(false);
  });
});
