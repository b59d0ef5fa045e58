import { describe, expect, it } from 'vitest';

import { MEMBER_LIMIT_CASES } from './budget-policy.cases';
import { budgetPolicy, decideTake, memberLimit, RequestBudget, type RequestTicket } from './rate-limit';

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
  const budget = new RequestBudget(perMinute, () => clock.now, sleep);
  /** Sends `count` requests of `ticket`, one every `gapMs` (2 s: the steady rate of 30 a minute). */
  const fill = async (ticket: RequestTicket, count: number, gapMs = 2_000) => {
    for (let i = 0; i < count; i++) {
      if (i > 0) clock.now += gapMs;
      expect(await sends(budget, ticket)).toBe('sent');
    }
  };
  return { clock, budget, fill };
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
  it('gives background half the window, views all but a tenth, writes all of it; paces views from half; shares from three quarters', () => {
    expect(budgetPolicy(900, 'background')).toEqual({
      perMinute: 900,
      laneLimit: 450,
      pace: null,
      paceFrom: 450,
      shareFloor: 90,
      contendedAt: 675,
    });
    expect(budgetPolicy(900, 'view')).toMatchObject({ laneLimit: 810, pace: 135 });
    expect(budgetPolicy(900, 'write')).toMatchObject({ laneLimit: 900, pace: null });
  });

  it.each(MEMBER_LIMIT_CASES)(
    'a member’s share of $perMinute, lane $lane, $used used among $members members: $expected',
    ({ perMinute, lane, used, members, expected }) => {
      expect(memberLimit(budgetPolicy(perMinute, lane), used, members)).toBe(expected);
    },
  );

  it('decides by lane first, then by share; the server’s own requests have no share', () => {
    const counts = (used: number, memberUsed = 0, members = 2) => ({ used, lastTenSeconds: 0, memberUsed, members });
    expect(decideTake(900, view('a'), counts(809)).fits).toBe(true);
    expect(decideTake(900, view('a'), counts(810))).toMatchObject({ fits: false, laneFull: true, overShare: false });
    expect(decideTake(900, write('a'), counts(810)).fits).toBe(true);
    expect(decideTake(900, view('a'), counts(700, 270))).toMatchObject({ fits: false, overShare: true });
    // The same member's write still fits: a write's share is the largest.
    expect(decideTake(900, write('a'), counts(700, 270)).fits).toBe(true);
    expect(decideTake(900, view(null), counts(700, 0, 1)).fits).toBe(true);
  });

  it('from half the window on, sends views at their steady rate at most: a sixth of their limit in 10 s, writes counted', () => {
    const counts = (lastTenSeconds: number, used = 500) => ({ used, lastTenSeconds, memberUsed: 0, members: 1 });
    // Below half the window, a burst is not slowed.
    expect(decideTake(900, view(null), counts(300, 449)).fits).toBe(true);
    expect(decideTake(900, view(null), counts(134)).fits).toBe(true);
    expect(decideTake(900, view(null), counts(135))).toMatchObject({ fits: false, overPace: true, laneFull: false });
    // A write has no pace: only the window limits it.
    expect(decideTake(900, write(null), counts(500))).toMatchObject({ fits: true, overPace: false });
  });
});

describe('RequestBudget lanes (one process)', () => {
  it('sends background work only while less than half the window is used, and defers it until then', async () => {
    const { budget, clock, fill } = budgetAt(30, 'throw');
    await fill(view(), 14, 4_000);
    clock.now += 4_000;
    expect(await sends(budget, background())).toBe('sent');
    expect(await sends(budget, background())).toBe('waits');
    expect(await sends(budget, view())).toBe('sent');

    const advancing = budgetAt(30, 'advance');
    const start = advancing.clock.now;
    await advancing.fill(view(), 15, 4_000);
    expect(await advancing.budget.take(Infinity, background())).toBeNull();
    // It went once the oldest request left the window.
    expect(advancing.clock.now).toBe(start + 60_000);
  });

  it('keeps the last tenth for writes: views wait at 27 of 30, writes go until 30', async () => {
    const { budget, fill } = budgetAt(30, 'throw');
    await fill(view(), 27);
    expect(await sends(budget, view())).toBe('waits');
    await fill(write(), 3, 0);
    expect(await sends(budget, write())).toBe('waits');
  });

  it('from half the window on, paces a burst of views: 5 in 10 s, the next once the first is 10 s old; a write goes meanwhile', async () => {
    const { budget, fill } = budgetAt(30, 'throw');
    // Below half (15 of 30), 12 at once go.
    await fill(view(), 12, 0);
    await fill(view(), 3, 20_000);
    // Now 15 are used, 1 of them in the last 10 s: 4 more go at once, then the pace holds them.
    await fill(view(), 4, 0);
    expect(await sends(budget, view())).toBe('waits');
    expect(await sends(budget, background())).toBe('waits');
    expect(await sends(budget, write())).toBe('sent');

    const advancing = budgetAt(30, 'advance');
    const start = advancing.clock.now;
    await advancing.fill(view(), 15, 0);
    expect(await advancing.budget.take(Infinity, view())).toBeNull();
    expect(advancing.clock.now).toBe(start + 10_000);
  });

  it('refuses at once, instead of waiting, a ticket that does not wait for its lane', async () => {
    const { budget, clock, fill } = budgetAt(30, 'throw');
    const start = clock.now;
    await fill(view(), 27);
    expect(await budget.take(Infinity, { ...view('a'), waits: false })).toEqual({
      reason: 'busy',
      retryAt: new Date(start + 60_000),
    });
    expect(budget.used).toBe(27);
    expect(await budget.take(Infinity, { ...write('a'), waits: false })).toBeNull();
  });

  it('serves the views waiting for the window in their order of arrival, and a new one behind them', async () => {
    const { budget, clock, fill } = budgetAt(30, 'advance');
    const start = clock.now;
    await fill(view(), 27);
    const order: string[] = [];
    const waiting = ['a', 'b', 'c'].map((m) => budget.take(Infinity, view(m)).then(() => order.push(m)));
    await Promise.all(waiting);
    expect(order).toEqual(['a', 'b', 'c']);
    expect(clock.now).toBeGreaterThanOrEqual(start + 60_000);
  });

  it('refuses a view whose lane has room only after the longest wait, saying when to try again', async () => {
    const { budget, clock, fill } = budgetAt(30, 'throw');
    const start = clock.now;
    await fill(view(), 27);
    // At 52 s, the oldest request leaves in 8 s.
    expect(await budget.take(5_000, view('a'))).toEqual({ reason: 'busy', retryAt: new Date(start + 60_000) });
    expect(await sends(budget, view('a'), 10_000)).toBe('waits');
  });

  it('sends a write while views wait for the window', async () => {
    const { budget, fill } = budgetAt(30, 'hang');
    await fill(view(), 27);
    let viewSent = false;
    void budget.take(Infinity, view()).then(() => (viewSent = true));
    expect(await budget.take(Infinity, write('a'))).toBeNull();
    expect(viewSent).toBe(false);
    expect(budget.used).toBe(28);
  });
});

describe('RequestBudget fair shares (one process)', () => {
  it('refuses a bursting member at once, saying when to try again, while another member’s view passes', async () => {
    const { budget, clock, fill } = budgetAt(30, 'throw');
    const start = clock.now;
    await fill(view('burst'), 22, 2_500);
    // Contended (22 of 30), alone: the member's share of views is 13, and they hold 22: they are
    // within it once 10 have left, the 10th sent at 22.5 s.
    const refusal = await budget.take(10_000, view('burst'));
    expect(refusal).toEqual({ reason: 'share', retryAt: new Date(start + 82_500) });
    expect(clock.now).toBe(start + 52_500);
    expect(await sends(budget, view('other'), 10_000)).toBe('sent');
    expect(await sends(budget, write('other'), 10_000)).toBe('sent');
    expect(budget.used).toBe(24);
  });

  it('slows a member over their share when it frees within the longest wait', async () => {
    const { budget, clock, fill } = budgetAt(30, 'advance');
    const start = clock.now;
    // Bookings, say: writes have no pace, and their share is the largest (15 of 30).
    await fill(write('burst'), 22, 0);
    clock.now = start + 55_000;
    expect(await budget.take(10_000, write('burst'))).toBeNull();
    expect(clock.now).toBe(start + 60_000);
  });

  it('knows without waiting whether a ticket would be sent at once', async () => {
    const { budget, fill } = budgetAt(30, 'throw');
    await fill(view('burst'), 22, 2_500);
    expect(budget.canSendNow(background('other'))).toBe(false);
    expect(budget.canSendNow(view('burst'))).toBe(false);
    expect(budget.canSendNow(view('other'))).toBe(true);
    budget.blockFor(5_000);
    expect(budget.canSendNow(write('other'))).toBe(false);
  });
});
