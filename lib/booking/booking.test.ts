import { describe, expect, it } from 'vitest';

import { classifyBookingRefusal } from './failures';
import { explainNoAvailability, isoWeekday, type CommitmentSeats } from './no-availability';

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
    expect(r.message).toContain('at 19:30');
    expect(r.message).not.toContain('20:00');
    expect(r.message).toMatch(/Clear the time/);
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
    expect(r.message).toMatch(
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
      { commitmentId: C1, venueId: VENUE, programId: 'p', entitySeats: 6, window: '18:00–22:00' },
    ]);
    expect(r.message).toContain("The entity's allocation is used up for 2026-12-01");
    expect(r.message).toContain('commitment c1c1c1c1 at The Wharf Kitchen (18:00–22:00), 6 seats');
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
    expect(r.message).toBe(
      'The entity has no seats at The Wharf Kitchen on Thursday, 2026-12-03. Try another date, or search the whole market.',
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
    expect(r.message).toContain('commitment c1c1c1c1 at The Wharf Kitchen (18:00–22:00), 6 seats');
    expect(r.message).toContain('Other times that day still have room: 12:30.');
  });
});
