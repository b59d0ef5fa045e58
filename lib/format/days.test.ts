import { describe, expect, it } from 'vitest';

import { addDays, startOfDay, wallClockAt } from './days';

describe('calendar days', () => {
  it('add across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('begin at local midnight in a zone', () => {
    expect(startOfDay('2026-11-26', 'UTC').toISOString()).toBe('2026-11-26T00:00:00.000Z');
    expect(startOfDay('2026-11-26', 'Pacific/Kiritimati').toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(startOfDay('2026-11-26', 'America/Los_Angeles').toISOString()).toBe('2026-11-26T08:00:00.000Z');
    // The day summer time starts (Europe/Berlin, 29 March 2026) and the day after.
    expect(startOfDay('2026-03-29', 'Europe/Berlin').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfDay('2026-03-30', 'Europe/Berlin').toISOString()).toBe('2026-03-29T22:00:00.000Z');
  });

  it('begin at the first instant after midnight where midnight does not exist', () => {
    // Santiago moves its clocks from 00:00 to 01:00 on 6 September 2026.
    expect(startOfDay('2026-09-06', 'America/Santiago').toISOString()).toBe('2026-09-06T04:00:00.000Z');
  });
});

describe('wallClockAt', () => {
  it('reads a zone’s date and wall clock, midnight as hour 0', () => {
    expect(wallClockAt(Date.parse('2026-11-24T03:30:15Z'), 'America/New_York')).toEqual({
      year: 2026,
      month: 11,
      day: 23,
      hour: 22,
      minute: 30,
      second: 15,
    });
    expect(wallClockAt(new Date('2026-11-24T23:00:00Z'), 'Europe/Berlin')).toMatchObject({ day: 25, hour: 0 });
    expect(wallClockAt(new Date('2026-11-24T23:00:00Z'), 'UTC')).toMatchObject({ day: 24, hour: 23 });
    expect(() => wallClockAt(0, 'Not/AZone')).toThrow(RangeError);
  });
});
