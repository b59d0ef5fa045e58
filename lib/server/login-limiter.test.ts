import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter';

describe('LoginLimiter', () => {
  it('blocks an address after the maximum failures within the window, and forgets them after it', () => {
    const limiter = new LoginLimiter(3, 60_000);
    const t = 1_000_000;
    for (let i = 0; i < 3; i++) {
      expect(limiter.isBlocked('1.2.3.4', t + i)).toBe(false);
      limiter.recordFailure('1.2.3.4', t + i);
    }
    expect(limiter.isBlocked('1.2.3.4', t + 10)).toBe(true);
    expect(limiter.isBlocked('5.6.7.8', t + 10)).toBe(false);
    expect(limiter.isBlocked('1.2.3.4', t + 60_003)).toBe(false);
  });
});
