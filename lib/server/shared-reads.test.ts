import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
vi.mock('./guestbook', () => ({ getApiClient: () => ({ budget: { used: 0, perMinute: 900 } }) }));

const { sharedMaxAgeMs } = await import('./shared-reads');

describe('sharedMaxAgeMs', () => {
  const age = (used: number, lastTenSeconds = 0) => sharedMaxAgeMs({ used, lastTenSeconds, perMinute: 900 });

  it('reads fresh while a third of the budget is left, then allows older answers as it fills', () => {
    expect(age(0)).toBe(0);
    expect(age(599)).toBe(0);
    expect(age(600)).toBe(15_000);
    expect(age(809)).toBe(15_000);
    expect(age(810)).toBe(120_000);
    expect(age(900)).toBe(120_000);
  });

  it('stops reading fresh during a burst that spent a third of the budget in 10 s', () => {
    expect(age(299, 299)).toBe(0);
    expect(age(300, 300)).toBe(15_000);
    expect(age(500, 100)).toBe(0);
  });
});
