import { beforeEach, describe, expect, it, vi } from 'vitest';

import { GuestbookApiError } from '../../guestbook';

const budget = vi.hoisted(() => ({ roomNow: true, inRender: true, reported: [] as number[] }));
vi.mock('server-only', () => ({}));
vi.mock('../api', () => ({
  COPY_FRESH_MS: 60_000,
  canShowAnswerAge: () => budget.inRender,
  getApiClient: () => ({ canSendNow: () => budget.roomNow }),
  reportStaleAnswer: (at: number) => budget.reported.push(at),
}));
vi.mock('../db', () => ({ getDb: vi.fn() }));
vi.mock('../config', () => ({ getConfig: vi.fn() }));
vi.mock('../directory', () => ({ toPage: vi.fn() }));
vi.mock('../reservations-copy', () => ({}));

const { apiOrKept, inBook } = await import('./from-copy');

const READ_AT = new Date('2026-12-04T07:00:00Z');
const kept = { value: 'the answer kept', asOf: READ_AT };
const refused = (code: 'busy' | 'over_share') =>
  new GuestbookApiError({ status: 0, method: 'GET', path: '/v2/reservations', code });

describe('a read the budget has no room for', () => {
  beforeEach(() => {
    budget.roomNow = true;
    budget.inRender = true;
    budget.reported = [];
  });

  it('is answered from what is kept at once, with its age, without asking the budget to wait', async () => {
    budget.roomNow = false;
    const read = vi.fn(async () => 'the API’s answer');
    await expect(apiOrKept(read, [async () => null, async () => kept])).resolves.toBe('the answer kept');
    expect(read).not.toHaveBeenCalled();
    expect(budget.reported).toEqual([READ_AT.getTime()]);
  });

  it('goes to the API while the budget has room, or when nothing is kept', async () => {
    const read = vi.fn(async () => 'the API’s answer');
    await expect(apiOrKept(read, [async () => kept])).resolves.toBe('the API’s answer');
    budget.roomNow = false;
    await expect(apiOrKept(read, [async () => null])).resolves.toBe('the API’s answer');
    expect(read).toHaveBeenCalledTimes(2);
    expect(budget.reported).toEqual([]);
  });

  it('waits its turn in a server action, which cannot say as of when', async () => {
    budget.roomNow = false;
    budget.inRender = false;
    const read = vi.fn(async () => 'the API’s answer');
    await expect(apiOrKept(read, [async () => kept])).resolves.toBe('the API’s answer');
    expect(read).toHaveBeenCalledOnce();
  });

  it('is answered from the book only once the budget refused it, and never for a member over their share', async () => {
    budget.roomNow = false;
    const book = vi.fn(async () => kept);
    const busy = vi.fn(async () => Promise.reject(refused('busy')));
    await expect(apiOrKept(busy, [inBook(book)])).resolves.toBe('the answer kept');
    expect(busy).toHaveBeenCalledOnce();
    expect(book).toHaveBeenCalledOnce();

    const overShare = vi.fn(async () => Promise.reject(refused('over_share')));
    await expect(apiOrKept(overShare, [inBook(book)])).rejects.toThrow(GuestbookApiError);
    expect(book).toHaveBeenCalledOnce();
  });
});
