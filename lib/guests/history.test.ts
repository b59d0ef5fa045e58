import { describe, expect, it } from 'vitest';

import { addDays, summarizeHistory, type HistoryReservation } from './history';
import { guestKey, GuestNoteInputSchema, GuestTagInputSchema, ReservationTagInputSchema } from './schemas';

const TODAY = '2026-06-15';
let n = 0;
const r = (status: string, daysFromToday: number, party_size = 2): HistoryReservation => ({
  id: `r${++n}`,
  status,
  date: addDays(TODAY, daysFromToday),
  time: '19:30',
  party_size,
});

describe('a guest history', () => {
  it('counts visits, cancellations, no-shows and upcoming reservations, with the last visit and the usual party', () => {
    const s = summarizeHistory(
      [
        r('completed', -40, 2),
        r('completed', -10, 4),
        r('completed', -5, 4),
        r('canceled', -3, 8),
        r('no_show', -20),
      ].concat([r('confirmed', 0), r('pending', 6), r('canceled', 9)]),
      TODAY,
    );
    expect(s).toMatchObject({ visits: 3, cancellations: 2, noShows: 1, upcoming: 2, usualPartySize: 4 });
    expect(s.lastVisit).toBe(addDays(TODAY, -5));
    expect(s.flags).toEqual([]);
  });

  it('flags two no-shows in the last 90 days, and not two where one is older', () => {
    expect(summarizeHistory([r('no_show', -3), r('no_show', -90), r('completed', -100)], TODAY).flags).toEqual([
      { kind: 'noShows', count: 2, days: 90 },
    ]);
    expect(summarizeHistory([r('no_show', -3), r('no_show', -91), r('completed', -100)], TODAY).flags).toEqual([]);
  });

  it('says "first visit" while no visit was completed before the reservation in view', () => {
    expect(summarizeHistory([], TODAY).flags).toEqual([{ kind: 'firstVisit' }]);
    expect(summarizeHistory([r('canceled', -4), r('confirmed', 3)], TODAY).flags).toEqual([{ kind: 'firstVisit' }]);
    const visited = [r('completed', -30)];
    expect(summarizeHistory(visited, TODAY).flags).toEqual([]);
    // the reservation of 40 days ago was the guest's first
    expect(summarizeHistory(visited, TODAY, addDays(TODAY, -40)).flags).toEqual([{ kind: 'firstVisit' }]);
  });

  it('takes the usual party size from the reservations kept when there was no visit yet', () => {
    expect(summarizeHistory([r('confirmed', 2, 6), r('canceled', 5, 2)], TODAY).usualPartySize).toBe(6);
    expect(summarizeHistory([r('canceled', 5, 2)], TODAY).usualPartySize).toBeNull();
  });
});

describe('staff notes and tags', () => {
  it('keys a guest by their e-mail lower-cased and trimmed', () => {
    expect(guestKey('  Ana.Lima@Example.COM ')).toBe('ana.lima@example.com');
    expect(GuestTagInputSchema.parse({ email: ' Ana@Example.com', tag: '  window   seat ' })).toEqual({
      email: 'ana@example.com',
      tag: 'window seat',
    });
  });

  it('refuses an empty tag, a tag over 32 characters, a note over 1,000 and an address that is not one', () => {
    const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
      result.error?.issues.map((i) => i.message);
    expect(issues(GuestTagInputSchema.safeParse({ email: 'a@example.com', tag: '   ' }))).toEqual(['required']);
    expect(issues(GuestTagInputSchema.safeParse({ email: 'a@example.com', tag: 'x'.repeat(33) }))).toEqual([
      'atMostChars:32',
    ]);
    expect(GuestTagInputSchema.safeParse({ email: 'a@example.com', tag: 'x'.repeat(32) }).success).toBe(true);
    expect(issues(GuestNoteInputSchema.safeParse({ email: 'a@example.com', note: 'x'.repeat(1001) }))).toEqual([
      'atMostChars:1000',
    ]);
    expect(issues(GuestNoteInputSchema.safeParse({ email: 'not an address', note: '' }))).toEqual(['enterEmail']);
    expect(ReservationTagInputSchema.safeParse({ reservationId: 'nope', tag: 'VIP' }).success).toBe(false);
  });
});
