import { describe, expect, it } from 'vitest';

import { lastDigestMoment } from './digest';

describe('lastDigestMoment', () => {
  it('is today’s digest time on the member’s wall clock once it has passed, else yesterday’s', () => {
    // 09:30 in Berlin (UTC+1 in winter): today's 08:00 has passed.
    expect(lastDigestMoment(new Date('2026-12-01T08:30:00Z'), 'Europe/Berlin', '08:00')).toEqual({
      date: '2026-12-01',
      at: new Date('2026-12-01T07:00:00Z'),
    });
    // 07:30 in Berlin: the last one was yesterday's.
    expect(lastDigestMoment(new Date('2026-12-01T06:30:00Z'), 'Europe/Berlin', '08:00')).toEqual({
      date: '2026-11-30',
      at: new Date('2026-11-30T07:00:00Z'),
    });
  });

  it('takes the member’s date, not UTC’s, on either side of the date line', () => {
    // 23:30 UTC on 28 Feb is 13:30 on 1 March in Kiritimati (UTC+14), 12:30 on 28 Feb in Niue (UTC−11).
    const now = new Date('2027-02-28T23:30:00Z');
    expect(lastDigestMoment(now, 'Pacific/Kiritimati', '08:00').date).toBe('2027-03-01');
    expect(lastDigestMoment(now, 'Pacific/Niue', '08:00').date).toBe('2027-02-28');
    expect(lastDigestMoment(now, 'Pacific/Niue', '13:00').date).toBe('2027-02-27');
  });

  it('keeps the digest time across a change of offset, and takes 08:00 and UTC when the member chose neither', () => {
    // The Sunday clocks go forward in Berlin (29 March 2026): 08:00 is 06:00 UTC that day.
    expect(lastDigestMoment(new Date('2026-03-29T12:00:00Z'), 'Europe/Berlin', '08:00').at).toEqual(
      new Date('2026-03-29T06:00:00Z'),
    );
    expect(lastDigestMoment(new Date('2026-12-01T09:00:00Z'), null, null)).toEqual({
      date: '2026-12-01',
      at: new Date('2026-12-01T08:00:00Z'),
    });
    expect(lastDigestMoment(new Date('2026-12-01T09:00:00Z'), 'Not/AZone', '08:30').at).toEqual(
      new Date('2026-12-01T08:30:00Z'),
    );
  });
});
