import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
const budget: { canSend: boolean; blockedUntil: Date | null } = { canSend: true, blockedUntil: null };
vi.mock('./guestbook', () => ({
  getApiClient: () => ({
    budget: { used: 0, lastTenSeconds: 0, perMinute: 900 },
    canSendNow: () => budget.canSend,
    blockedUntil: () => budget.blockedUntil,
  }),
}));

vi.mock('../http/locale', () => ({
  getFormatter: async () => ({ momentTime: (d: Date) => `${d.toISOString().slice(11, 16)} UTC` }),
}));

const { backgroundMaxAgeMs, contextRead, sharedMaxAgeMs, sharedRead } = await import('./shared-reads');
const { withRequestTicket } = await import('../budget/request-ticket');
const { readApi, oldestAsOf } = await import('./read');

describe('sharedMaxAgeMs', () => {
  const age = (used: number, lastTenSeconds = 0) => sharedMaxAgeMs({ used, lastTenSeconds, perMinute: 900 });

  it('reads fresh while a third of the budget is left, then allows answers up to 15 s old', () => {
    expect(age(0)).toBe(0);
    expect(age(599)).toBe(0);
    expect(age(600)).toBe(15_000);
    expect(age(900)).toBe(15_000);
  });

  it('stops reading fresh when the pace of the last 10 s would leave less than a third 10 s from now', () => {
    // A burst from an empty window: fresh up to a third of the budget.
    expect(age(299, 299)).toBe(0);
    expect(age(300, 300)).toBe(15_000);
    expect(age(500, 99)).toBe(0);
    expect(age(500, 100)).toBe(15_000);
  });
});

describe('a page read when its lane of the budget has no room', () => {
  it('is served the stored answer at once, with the time it was read (asOf); with room, it reads anew', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T14:02:31Z'), toFake: ['Date'] });
    try {
      let loads = 0;
      const load = () => Promise.resolve(`answer ${++loads}`);
      expect(await readApi(() => sharedRead('venues:e1', load))).toEqual({ ok: true, data: 'answer 1' });

      vi.setSystemTime(new Date('2026-11-25T14:07:31Z'));
      budget.canSend = false;
      const stale = await readApi(() => sharedRead('venues:e1', () => new Promise<string>(() => undefined)));
      const asOf = { at: new Date('2026-11-25T14:02:31Z'), label: '14:02 UTC' };
      expect(stale).toEqual({ ok: true, data: 'answer 1', asOf });
      const older = { at: new Date('2026-11-25T14:01:00Z'), label: '14:01 UTC' };
      expect(oldestAsOf(stale, { ok: true, data: 1, asOf: older }, { ok: false, error: 'x' })).toEqual(older);
      // Outside a page read (an action, a route) no old answer is served silently: it reads.
      expect(await sharedRead('venues:e1', load)).toBe('answer 2');

      // The API itself asked for no requests (a 429): the age says until when, to the second.
      budget.blockedUntil = new Date('2026-11-25T14:08:02Z');
      expect(await readApi(() => sharedRead('venues:e1', () => new Promise<string>(() => undefined)))).toEqual({
        ok: true,
        data: 'answer 2',
        asOf: { at: new Date('2026-11-25T14:07:31Z'), label: '14:07 UTC', resumesAt: '14:08:02 UTC' },
      });
      budget.blockedUntil = null;

      budget.canSend = true;
      vi.setSystemTime(new Date('2026-11-25T14:08:31Z'));
      expect(await readApi(() => sharedRead('venues:e1', load))).toEqual({ ok: true, data: 'answer 3' });
      expect(oldestAsOf({ ok: true, data: 1 })).toBeUndefined();
    } finally {
      budget.canSend = true;
      budget.blockedUntil = null;
      vi.useRealTimers();
    }
  });
});

describe('background work (a page read ahead, a poll)', () => {
  it('takes the directory the page just read, up to 15 s old; reads anew what it reads for itself', () => {
    expect(backgroundMaxAgeMs('identity')).toBe(15_000);
    expect(backgroundMaxAgeMs('entities:list')).toBe(15_000);
    expect(backgroundMaxAgeMs('venues:e1:1:100')).toBe(15_000);
    expect(backgroundMaxAgeMs('entities:id:e1')).toBe(0);
    expect(backgroundMaxAgeMs('reservations:e1:search:x')).toBe(0);
    expect(backgroundMaxAgeMs('commitments:e1')).toBe(0);
  });

  it('is served the entity list a page read 2 s before, where the page itself reads it anew', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T14:02:31Z'), toFake: ['Date'] });
    try {
      let loads = 0;
      const load = () => Promise.resolve(`list ${++loads}`);
      expect(await withRequestTicket(() => sharedRead('entities:list', load))).toBe('list 1');
      vi.setSystemTime(new Date('2026-11-25T14:02:33Z'));
      expect(await withRequestTicket(() => sharedRead('entities:list', load), 'background')).toBe('list 1');
      expect(await withRequestTicket(() => sharedRead('entities:list', load))).toBe('list 2');
      vi.setSystemTime(new Date('2026-11-25T14:02:50Z'));
      expect(await withRequestTicket(() => sharedRead('entities:list', load), 'background')).toBe('list 3');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a read that only decides the entity a request works in (contextRead)', () => {
  it('takes the list another request read in the last 15 s, and reads anew after that', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T15:00:00Z'), toFake: ['Date'] });
    try {
      let loads = 0;
      const load = () => sharedRead('entities:list', () => Promise.resolve(`list ${++loads}`));
      expect(await withRequestTicket(load)).toBe('list 1');
      vi.setSystemTime(new Date('2026-11-25T15:00:14Z'));
      expect(await withRequestTicket(() => contextRead('entities:list', load))).toBe('list 1');
      expect(await withRequestTicket(() => contextRead('entities:list', load), 'write')).toBe('list 1');
      vi.setSystemTime(new Date('2026-11-25T15:00:16Z'));
      expect(await withRequestTicket(() => contextRead('entities:list', load))).toBe('list 2');
      expect(loads).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
