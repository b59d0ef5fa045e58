import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
vi.mock('./guestbook', () => ({ getApiClient: () => ({ budget: { used: 0, perMinute: 900 } }) }));

const { sharedMaxAgeMs } = await import('./shared-reads');

describe('sharedMaxAgeMs', () => {
  it('reads fresh while a third of the budget is left, then allows older answers as it fills', () => {
    expect(sharedMaxAgeMs(0, 900)).toBe(0);
    expect(sharedMaxAgeMs(599, 900)).toBe(0);
    expect(sharedMaxAgeMs(600, 900)).toBe(15_000);
    expect(sharedMaxAgeMs(809, 900)).toBe(15_000);
    expect(sharedMaxAgeMs(810, 900)).toBe(120_000);
    expect(sharedMaxAgeMs(900, 900)).toBe(120_000);
  });
});
