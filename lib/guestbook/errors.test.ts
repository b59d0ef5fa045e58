import { describe, expect, it, vi } from 'vitest';

describe('GuestbookApiError', () => {
  it('is recognised across copies of its module (a route handler catching what the shared client threw)', async () => {
    const first = await import('./errors');
    vi.resetModules();
    const second = await import('./errors');
    expect(second.GuestbookApiError).not.toBe(first.GuestbookApiError);
    const thrown = new first.GuestbookApiError({
      status: 429,
      method: 'GET',
      path: '/v2/entities',
      code: 'over_share',
    });
    expect(thrown instanceof second.GuestbookApiError).toBe(true);
    expect(thrown).toMatchObject({ status: 429, code: 'over_share' });
  });

  it('is not any other error', async () => {
    const { GuestbookApiError } = await import('./errors');
    expect(new Error('GET /v2/entities failed') instanceof GuestbookApiError).toBe(false);
    expect(Object.assign(new Error('x'), { name: 'GuestbookApiError', status: 500 }) instanceof GuestbookApiError).toBe(
      false,
    );
    expect((null as unknown as object) instanceof GuestbookApiError).toBe(false);
  });
});
