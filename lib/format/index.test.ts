import { describe, expect, it } from 'vitest';

import { createFormatter } from './index';

describe('createFormatter', () => {
  it('shows a moment that belongs to no venue in the member zone, named', () => {
    const kiritimati = createFormatter('en-US', 'Pacific/Kiritimati');
    expect(kiritimati.moment('2026-11-26T16:45:00Z')).toBe('Nov 27, 2026, 6:45 AM GMT+14');
    expect(kiritimati.momentTime('2026-11-26T16:45:00Z')).toBe('6:45 AM GMT+14');
    expect(createFormatter('en-US').moment('2026-11-26T16:45:00Z')).toBe('Nov 26, 2026, 4:45 PM UTC');
  });
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
  });
  it('shows a dash for a missing value and the raw text for one it cannot read', () => {
    const f = createFormatter('en-GB');
    expect(f.day(null)).toBe('—');
    expect(f.dateTime('not a date', 'UTC')).toBe('not a date');
    expect(f.wallTime('soon')).toBe('soon');
  });
});
