import { describe, expect, it } from 'vitest';

import { createFormatter } from '../format';
import { isoWeekday } from '../format/days';
import { inEnglish, translatorFor } from '../i18n/translator';
import { classifyBookingRefusal } from './failures';
import {
  describeNoAvailability,
  explainNoAvailability,
  listFormat,
  withDateIn,
  type CommitmentSeats,
  type NoAvailability,
} from './no-availability';

const VENUE = '11111111-1111-4111-8111-111111111111';
const OTHER_VENUE = '22222222-2222-4222-8222-222222222222';
const C1 = 'c1c1c1c1-0000-4000-8000-000000000001';
// 2026-12-01 is a Tuesday (ISO day 2).
const tuesdayDinner: CommitmentSeats = {
  id: C1,
  assignment_status: 'assigned',
  total_seats: 40,
  entity_seats: 6,
  venue_id: VENUE,
  program_id: 'p',
  days_of_week: [2, 3],
  start_time: '18:00',
  end_time: '22:00',
};
const names = { [VENUE]: 'The Wharf Kitchen' };
/** What staff read, in English. */
const text = (r: NoAvailability) => describeNoAvailability(r, inEnglish, listFormat('en'));

describe('explainNoAvailability', () => {
  it('knows the weekday of a date', () => {
    expect(isoWeekday('2026-12-01')).toBe(2);
    expect(isoWeekday('2026-12-06')).toBe(7);
  });

  it('names other times of the day when the time filter is what excludes them', () => {
    const r = explainNoAvailability(
      { venueId: VENUE, date: '2026-12-01', partySize: 2, time: '18:00' },
      [
        { venue_id: VENUE, time: '19:30', seats_available: 4, commitment_id: C1 },
        { venue_id: VENUE, time: '20:00', seats_available: 1, commitment_id: C1 },
      ],
      [tuesdayDinner],
      [VENUE],
      names,
    );
    expect(r.kind).toBe('time');
    expect(text(r)).toContain('at 19:30');
    expect(text(r)).not.toContain('20:00');
    expect(text(r)).toMatch(/Clear the time/);
  });

  it('says the party is too large when seats are left but not enough', () => {
    const r = explainNoAvailability(
      { venueId: VENUE, date: '2026-12-01', partySize: 6 },
      [{ venue_id: VENUE, time: '19:30', seats_available: 3, commitment_id: C1 }],
      [tuesdayDinner],
      [VENUE],
      names,
    );
    expect(r).toMatchObject({ kind: 'party-size', largestParty: 3 });
    expect(text(r)).toMatch(
      /At most 3 seats are left .* The Wharf Kitchen, so a party of 6 does not fit\. Reduce the party size/,
    );
  });

  it('names the allocation that is used up when the entity has a commitment that day with no seat left', () => {
    const r = explainNoAvailability(
      { venueId: VENUE, date: '2026-12-01', partySize: 1 },
      [],
      [tuesdayDinner, { ...tuesdayDinner, id: 'x', venue_id: OTHER_VENUE }],
      [VENUE],
      names,
    );
    expect(r.kind).toBe('allocation-used-up');
    if (r.kind !== 'allocation-used-up') return;
    expect(r.allocations).toEqual([
      {
        commitmentId: C1,
        venueId: VENUE,
        venueName: 'The Wharf Kitchen',
        programId: 'p',
        entitySeats: 6,
        window: '18:00–22:00',
      },
    ]);
    expect(text(r)).toContain('The allocation of this brand or channel is used up for 2026-12-01');
    expect(text(r)).toContain('commitment c1c1c1c1 at The Wharf Kitchen (18:00–22:00), 6 seats');
  });

  it('says to try another date when the entity has no commitment on that weekday', () => {
    const r = explainNoAvailability(
      { venueId: VENUE, date: '2026-12-03', partySize: 1 },
      [],
      [tuesdayDinner],
      [VENUE],
      names,
    );
    expect(r.kind).toBe('date');
    expect(text(r)).toBe(
      'This brand or channel has no seats at The Wharf Kitchen on Thursday, 2026-12-03. Try another date, or search the whole market.',
    );
  });

  it('does not blame the allocation for a time outside the commitment window', () => {
    const r = explainNoAvailability(
      { venueId: VENUE, date: '2026-12-01', partySize: 1, time: '12:00' },
      [],
      [tuesdayDinner],
      [VENUE],
      names,
    );
    expect(r.kind).toBe('time');
  });

  it('ignores unassigned and zero allocations, and works without commitment rows', () => {
    const r = explainNoAvailability(
      { marketId: 'm', date: '2026-12-01', partySize: 1 },
      [],
      [
        { ...tuesdayDinner, entity_seats: 0 },
        { ...tuesdayDinner, assignment_status: 'unassigned', entity_seats: null },
      ],
      null,
    );
    expect(r.kind).toBe('date');
    expect(explainNoAvailability({ marketId: 'm', date: '2026-12-01', partySize: 1 }, [], null, null).kind).toBe(
      'date',
    );
  });
});

describe('classifyBookingRefusal', () => {
  it("reads the API's answers to a booking with a hold", () => {
    expect(
      classifyBookingRefusal({
        status: 422,
        detail: 'Hold x expired at 2026-11-24T10:10:00Z.',
        fieldErrors: [{ field: 'hold_id', message: 'expired' }],
      }),
    ).toBe('hold-expired');
    expect(classifyBookingRefusal({ status: 422, fieldErrors: [{ field: 'hold_id', message: 'already used' }] })).toBe(
      'hold-used',
    );
    expect(classifyBookingRefusal({ status: 422, fieldErrors: [{ field: 'hold_id', message: 'unknown hold' }] })).toBe(
      'hold-gone',
    );
    expect(
      classifyBookingRefusal({
        status: 422,
        detail: 'No seats for 2 at 19:00 on 2026-12-01 are available to this entity.',
        fieldErrors: [{ field: 'time', message: 'no availability' }],
      }),
    ).toBe('no-seats');
    expect(classifyBookingRefusal({ status: 403, detail: 'expired' })).toBe('other');
    expect(classifyBookingRefusal({ status: 422, fieldErrors: [{ field: 'guest.email', message: 'bad' }] })).toBe(
      'other',
    );
  });
});

describe('explainNoAvailability when a time was asked for', () => {
  it('names the used-up allocation of that time even when other commitments have room that day', () => {
    const lunch: CommitmentSeats = { ...tuesdayDinner, id: 'lunch', start_time: '12:00', end_time: '15:00' };
    const r = explainNoAvailability(
      { venueId: VENUE, date: '2026-12-01', partySize: 2, time: '19:00' },
      [{ venue_id: VENUE, time: '12:30', seats_available: 4, commitment_id: 'lunch' }],
      [tuesdayDinner, lunch],
      [VENUE],
      names,
    );
    expect(r.kind).toBe('allocation-used-up');
    expect(text(r)).toContain('commitment c1c1c1c1 at The Wharf Kitchen (18:00–22:00), 6 seats');
    expect(text(r)).toContain('Other times that day still have room: 12:30.');
  });
});

describe('describeNoAvailability', () => {
  const OTHER = '33333333-3333-4333-8333-333333333333';
  const late: CommitmentSeats = { ...tuesdayDinner, id: 'd2d2d2d2-0000-4000-8000-000000000002', entity_seats: 1 };

  it('writes each case as staff read it in English', () => {
    const venue = { venueId: VENUE, date: '2026-12-01' };
    expect(text(explainNoAvailability({ ...venue, partySize: 1 }, [], [tuesdayDinner, late], [VENUE], names))).toBe(
      'The allocation of this brand or channel is used up for 2026-12-01: every seat of commitment c1c1c1c1 at The Wharf Kitchen (18:00–22:00), 6 seats and commitment d2d2d2d2 at The Wharf Kitchen (18:00–22:00), 1 seat is already held or booked. A larger allocation in the grid would make room. Otherwise try another date.',
    );
    const times = ['12:00', '12:30', '13:00', '13:30', '14:00', '14:30', '15:00'].map((time) => ({
      venue_id: VENUE,
      time,
      seats_available: 4,
      commitment_id: 'lunch',
    }));
    expect(text(explainNoAvailability({ ...venue, partySize: 2, time: '19:00' }, times, [], [VENUE], names))).toBe(
      'No table for 2 guests at 19:00 on 2026-12-01 at The Wharf Kitchen, but there is at 12:00, 12:30, 13:00, 13:30, 14:00 and 14:30 and later. Clear the time, or pick one of these.',
    );
    expect(
      text(
        explainNoAvailability(
          { marketId: 'm', date: '2026-12-01', partySize: 6 },
          [{ venue_id: VENUE, time: '19:30', seats_available: 1, commitment_id: C1 }],
          null,
          null,
        ),
      ),
    ).toBe(
      'At most 1 seat is left at one time on 2026-12-01 at this market, so a party of 6 does not fit. Reduce the party size, or try another date.',
    );
    expect(
      text(explainNoAvailability({ venueId: OTHER, date: '2026-12-01', partySize: 1, time: '12:00' }, [], [], [OTHER])),
    ).toBe(
      'This brand or channel has no seats at this venue on Tuesday, 2026-12-01. Try another date, or search the whole market.',
    );
    expect(
      text(explainNoAvailability({ ...venue, partySize: 1, time: '11:00' }, [], [tuesdayDinner], [VENUE], names)),
    ).toBe("No seats at 11:00 on 2026-12-01 at The Wharf Kitchen. Clear the time to see the day's times.");
    expect(text(explainNoAvailability({ marketId: 'm', date: '2026-12-06', partySize: 1 }, [], null, null))).toBe(
      'This brand or channel has no seats at this market on Sunday, 2026-12-06. Try another date, or another market.',
    );
  });

  it('writes them in the reader’s language, lists joined as it joins them', async () => {
    const r = explainNoAvailability(
      { venueId: VENUE, date: '2026-12-01', partySize: 2, time: '18:00' },
      [
        { venue_id: VENUE, time: '19:30', seats_available: 4, commitment_id: C1 },
        { venue_id: VENUE, time: '20:00', seats_available: 4, commitment_id: C1 },
      ],
      [tuesdayDinner],
      [VENUE],
      names,
    );
    const fr = describeNoAvailability(r, await translatorFor('fr'), listFormat('fr'));
    expect(fr).toContain('19:30 et 20:00');
    expect(fr).toContain('The Wharf Kitchen');
    expect(fr).not.toBe(text(r));
    const date = explainNoAvailability({ venueId: VENUE, date: '2026-12-03', partySize: 1 }, [], [], [VENUE], names);
    expect(describeNoAvailability(date, await translatorFor('de'), listFormat('de'))).toContain('Donnerstag');
  });

  it('says the date in the reader’s words once it is given them, never as 2026-12-03', async () => {
    const day = explainNoAvailability({ venueId: VENUE, date: '2026-12-03', partySize: 1 }, [], [], [VENUE], names);
    const de = describeNoAvailability(
      withDateIn(day, createFormatter('de').calendarDate),
      await translatorFor('de'),
      listFormat('de'),
    );
    expect(de).toContain('Donnerstag, 3. Dezember 2026');
    expect(de).not.toContain('2026-12-03');
    const usedUp = explainNoAvailability(
      { venueId: VENUE, date: '2026-12-01', partySize: 1 },
      [],
      [tuesdayDinner],
      [VENUE],
      names,
    );
    expect(text(withDateIn(usedUp, createFormatter('en-GB').calendarDate))).toContain(
      'is used up for 1 December 2026:',
    );
  });
});
