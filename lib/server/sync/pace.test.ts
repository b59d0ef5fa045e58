import { describe, expect, it } from 'vitest';

import { ACTIVE_INTERVAL_MS, apiPauseUntil, IDLE_INTERVAL_MS, nextTurnDelay, SyncPaused, SyncShare } from './pace';

const T0 = Date.parse('2026-03-02T10:00:00Z');

describe('the sync’s share of the budget', () => {
  it('counts its requests over the last 60 s and stops at its share until the oldest leaves the window', () => {
    let now = T0;
    const share = SyncShare.of(900, 25, () => now);
    expect(share.limit).toBe(225);
    for (let i = 0; i < 225; i++) share.take();
    expect(() => share.take()).toThrow(SyncPaused);
    try {
      share.take();
    } catch (e) {
      expect((e as SyncPaused).resumeAt).toBe(T0 + 60_000);
    }
    now = T0 + 60_001;
    expect(share.used).toBe(0);
    expect(() => share.take()).not.toThrow();
  });
});

describe('the sync’s cadence', () => {
  const base = { lastTurnRequests: 30, shareLimit: 225, pausedUntil: null, now: T0 };
  it('is a minute while anyone is signed in and ten otherwise', () => {
    expect(nextTurnDelay({ ...base, active: true })).toBe(ACTIVE_INTERVAL_MS);
    expect(nextTurnDelay({ ...base, active: false })).toBe(IDLE_INTERVAL_MS);
  });
  it('follows the configured interval while anyone is signed in, never idling sooner than ten minutes', () => {
    expect(nextTurnDelay({ ...base, active: true, activeIntervalMs: 15_000 })).toBe(15_000);
    expect(nextTurnDelay({ ...base, active: false, activeIntervalMs: 15_000 })).toBe(IDLE_INTERVAL_MS);
    expect(nextTurnDelay({ ...base, active: false, activeIntervalMs: 900_000 })).toBe(900_000);
    // 30 requests every 5 s would be 360 a minute: slowed to the share's 225
    expect(nextTurnDelay({ ...base, active: true, activeIntervalMs: 5_000 })).toBe(8_000);
  });
  it('slows rather than take more than its share a minute', () => {
    // 450 requests a turn within 225 a minute: a turn every two minutes
    expect(nextTurnDelay({ ...base, active: true, lastTurnRequests: 450 })).toBe(120_000);
  });
  it('waits out a pause', () => {
    expect(nextTurnDelay({ ...base, active: true, pausedUntil: T0 + 90_000 })).toBe(90_000);
  });
});

describe('the API’s rate-limit figures', () => {
  const resetAt = new Date(T0 + 30_000);
  it('pause the sync while the window has fewer requests left than its share of it', () => {
    expect(apiPauseUntil({ limit: 1000, remaining: 249, resetAt }, null, 25, T0)).toBe(resetAt.getTime());
    expect(apiPauseUntil({ limit: 1000, remaining: 250, resetAt }, null, 25, T0)).toBeNull();
  });
  it('pause it until a block the API asked for (a 429’s Retry-After) ends', () => {
    expect(apiPauseUntil(null, new Date(T0 + 5_000), 25, T0)).toBe(T0 + 5_000);
    expect(apiPauseUntil(null, new Date(T0 - 1), 25, T0)).toBeNull();
  });
});
