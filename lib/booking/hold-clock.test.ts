import { describe, expect, it } from 'vitest';

import { clockOffset, formatRemaining, holdRemainingMs, isHoldExpired } from './hold-clock';

const at = (iso: string) => Date.parse(iso);

describe('hold clock', () => {
  it('counts down to expires_at and stops at zero', () => {
    expect(holdRemainingMs('2026-11-24T10:10:00Z', at('2026-11-24T10:00:00Z'))).toBe(600_000);
    expect(holdRemainingMs('2026-11-24T10:10:00Z', at('2026-11-24T10:10:01Z'))).toBe(0);
    expect(holdRemainingMs('not a date', at('2026-11-24T10:00:00Z'))).toBe(0);
  });

  it('treats a hold as expired at its expiry and within the margin a request needs', () => {
    expect(isHoldExpired('2026-11-24T10:10:00Z', at('2026-11-24T10:09:50Z'))).toBe(false);
    expect(isHoldExpired('2026-11-24T10:10:00Z', at('2026-11-24T10:09:59Z'))).toBe(true);
    expect(isHoldExpired('2026-11-24T10:10:00Z', at('2026-11-24T10:10:00Z'))).toBe(true);
    expect(isHoldExpired('2026-11-24T10:10:00Z', at('2026-11-24T10:20:00Z'), 0)).toBe(true);
  });

  it('formats minutes and seconds, rounding up', () => {
    expect(formatRemaining(600_000)).toBe('10:00');
    expect(formatRemaining(545_001)).toBe('9:06');
    expect(formatRemaining(999)).toBe('0:01');
    expect(formatRemaining(0)).toBe('0:00');
    expect(formatRemaining(-5)).toBe('0:00');
  });

  it('runs the countdown on the server clock whatever the browser clock says', () => {
    // The browser is 7 minutes behind: without the offset it would show 17 minutes left.
    const server = at('2026-11-24T10:00:00Z');
    const browser = server - 7 * 60_000;
    const offset = clockOffset(server, browser);
    expect(holdRemainingMs('2026-11-24T10:10:00Z', browser + offset)).toBe(600_000);
  });
});
