import { describe, expect, it } from 'vitest';

import { relativeTime } from './relative';

const NOW = new Date('2026-12-04T18:00:00Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);

describe('how long ago', () => {
  it('says it in the largest unit that fits, in the locale’s words', () => {
    expect(relativeTime('en-GB', ago(20_000), NOW)).toBe('this minute');
    expect(relativeTime('en-GB', ago(5 * 60_000), NOW)).toBe('5 minutes ago');
    expect(relativeTime('en-GB', ago(3 * 3_600_000), NOW)).toBe('3 hours ago');
    expect(relativeTime('en-GB', ago(86_400_000), NOW)).toBe('yesterday');
    expect(relativeTime('de-DE', ago(2 * 86_400_000), NOW)).toBe('vorgestern');
  });
});
