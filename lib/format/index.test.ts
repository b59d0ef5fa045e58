import { describe, expect, it } from 'vitest';

import { createFormatter, localeFromAcceptLanguage } from './index';

describe('localeFromAcceptLanguage', () => {
  it('takes the highest-ranked well-formed tag', () => {
    expect(localeFromAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8')).toBe('fr-CH');
    expect(localeFromAcceptLanguage('en;q=0.5, de-DE;q=0.9')).toBe('de-DE');
  });
  it('skips malformed tags and wildcards, and falls back', () => {
    expect(localeFromAcceptLanguage('*, not a tag!!, en-US')).toBe('en-US');
    expect(localeFromAcceptLanguage('')).toBe('en-GB');
    expect(localeFromAcceptLanguage(undefined, 'en-US')).toBe('en-US');
    expect(localeFromAcceptLanguage('x;q=abc')).toBe('en-GB');
  });
});

describe('createFormatter', () => {
  it('names the zone of every moment, in the venue zone when given', () => {
    const us = createFormatter('en-US');
    expect(us.dateTime('2026-11-24T18:30:00Z', 'UTC')).toBe('Nov 24, 2026, 6:30 PM UTC');
    expect(us.time('2026-07-01T18:30:00Z', 'Europe/Lisbon')).toMatch(/^7:30\s?PM GMT\+1$/);
  });
  it('follows the locale for dates, wall-clock times and numbers', () => {
    const de = createFormatter('de-DE');
    expect(de.day('2026-11-24')).toBe('Di., 24. Nov. 2026');
    expect(de.wallTime('18:30:00')).toBe('18:30');
    expect(createFormatter('en-US').wallTime('18:30')).toBe('6:30 PM');
    expect(de.number(12345)).toBe('12.345');
    expect(createFormatter('en-GB').count(1, 'seat')).toBe('1 seat');
    expect(createFormatter('en-GB').count(2500, 'seat')).toBe('2,500 seats');
  });
  it('shows a dash for a missing value and the raw text for one it cannot read', () => {
    const f = createFormatter('en-GB');
    expect(f.day(null)).toBe('—');
    expect(f.dateTime('not a date', 'UTC')).toBe('not a date');
    expect(f.wallTime('soon')).toBe('soon');
  });
});
