import { describe, expect, it } from 'vitest';

import type { SlotOption } from '@/lib/booking/slot-option';

import {
  bookingReducer,
  guestFormOpen,
  holdToRelease,
  initialBookingState,
  shownHold,
  type BookingAction,
  type BookingState,
} from './booking-reducer';

const option = (time: string): SlotOption => ({
  venueId: 'v1',
  date: '2026-12-01',
  time,
  partySize: 2,
  seatsAvailable: 4,
  commitmentId: 'c1',
  programId: null,
  seatingArea: null,
});
const at1900 = option('19:00');
const at2000 = option('20:00');
const T0 = Date.parse('2026-12-01T12:00:00Z');
/** the server's clock runs 5 s ahead of the browser's */
const OFFSET = 5_000;
const EXPIRES = new Date(T0 + OFFSET + 10 * 60_000).toISOString();

const run = (...actions: BookingAction[]) => actions.reduce(bookingReducer, initialBookingState);
const found: BookingAction = { type: 'found', answer: { options: [at1900, at2000], empty: null } };
const heldAction = (id = 'h1'): BookingAction => ({ type: 'held', id, expiresAt: EXPIRES, offset: OFFSET, now: T0 });
const holding19 = () => run({ type: 'search' }, found, { type: 'pick', option: at1900 }, heldAction());
const step = <S extends BookingState['step']>(state: BookingState, s: S) => {
  expect(state.step).toBe(s);
  return state as Extract<BookingState, { step: S }>;
};

describe('bookingReducer', () => {
  it('searches, then shows the options found with the form closed', () => {
    const searching = step(run({ type: 'search' }), 'searching');
    expect(guestFormOpen(searching)).toBe(false);
    const s = step(bookingReducer(searching, found), 'choosing');
    expect(s.options).toEqual([at1900, at2000]);
    expect(s.problem).toBeNull();
    expect(guestFormOpen(s)).toBe(false);
  });

  it('a failed search shows the error and no options', () => {
    const s = step(
      run({ type: 'search' }, found, { type: 'search' }, { type: 'searchFailed', message: 'down' }),
      'choosing',
    );
    expect(s.options).toBeNull();
    expect(s.problem).toEqual({ message: 'down' });
  });

  it('choosing a time places a hold, then opens the guest details with the countdown', () => {
    const holding = step(run({ type: 'search' }, found, { type: 'pick', option: at1900 }), 'holding');
    expect(holding.option).toBe(at1900);
    expect(shownHold(holding)).toBeNull();
    const s = step(bookingReducer(holding, heldAction()), 'details');
    expect(s.hold).toEqual({ id: 'h1', expiresAt: EXPIRES, option: at1900, offset: OFFSET, now: T0 });
    expect(guestFormOpen(s)).toBe(true);
    expect(holdToRelease(s)?.id).toBe('h1');
  });

  it('a refused hold shows the error and the times again', () => {
    const s = step(
      run(
        { type: 'search' },
        found,
        { type: 'pick', option: at1900 },
        { type: 'holdRefused', problem: { message: 'used up', gridFor: at1900 } },
      ),
      'choosing',
    );
    expect(s.problem).toEqual({ message: 'used up', gridFor: at1900 });
    expect(guestFormOpen(s)).toBe(false);
  });

  it('choosing another time while holding leaves the hold to release and keeps the form open', () => {
    const details = holding19();
    const s = step(bookingReducer(details, { type: 'pick', option: at2000 }), 'holding');
    expect(s.option).toBe(at2000);
    expect(holdToRelease(s)).toBeNull();
    expect(guestFormOpen(s)).toBe(true);
    const again = step(bookingReducer(s, heldAction('h2')), 'details');
    expect(again.hold.id).toBe('h2');
    // The form stays open even if the new hold is refused (what was typed is kept), without a hold.
    const refused = step(bookingReducer(s, { type: 'holdRefused', problem: { message: 'taken' } }), 'choosing');
    expect(guestFormOpen(refused)).toBe(true);
    expect(shownHold(refused)).toBeNull();
  });

  it('choosing the time already held changes nothing', () => {
    const details = holding19();
    expect(bookingReducer(details, { type: 'pick', option: { ...at1900 } })).toBe(details);
  });

  it('the countdown ticks on the server clock and reaching zero expires the hold, the form kept open', () => {
    const details = holding19();
    const ticked = step(bookingReducer(details, { type: 'tick', now: T0 + 60_000 }), 'details');
    expect(ticked.hold.now).toBe(T0 + 60_000);
    // The hold runs 10 min on the server's clock: on the browser's (5 s behind), 10 min after it arrived.
    const before = bookingReducer(details, { type: 'tick', now: T0 + 10 * 60_000 - 1 });
    expect(before.step).toBe('details');
    const s = step(bookingReducer(details, { type: 'tick', now: T0 + 10 * 60_000 }), 'expired');
    expect(s).toMatchObject({ option: at1900, holdId: 'h1', stillFree: null });
    expect(holdToRelease(s)).toBeNull();
    expect(guestFormOpen(s)).toBe(true);
  });

  it('an expired hold offers "hold again" once its time is still free, and holding again keeps the form', () => {
    const expired = bookingReducer(holding19(), { type: 'expired' });
    const free = step(bookingReducer(expired, { type: 'checked', holdId: 'h1', stillFree: true }), 'expired');
    expect(free.stillFree).toBe(true);
    const taken = step(bookingReducer(expired, { type: 'checked', holdId: 'h1', stillFree: false }), 'expired');
    expect(taken.stillFree).toBe(false);
    const again = step(bookingReducer(free, { type: 'pick', option: at1900 }), 'holding');
    expect(guestFormOpen(again)).toBe(true);
    expect(step(bookingReducer(again, heldAction('h2')), 'details').hold.id).toBe('h2');
  });

  it('Confirm sends the booking, and the reservation made ends the flow with nothing to release', () => {
    const confirming = step(bookingReducer(holding19(), { type: 'confirm', now: T0 + 1_000 }), 'confirming');
    expect(holdToRelease(confirming)?.id).toBe('h1');
    const done = step(bookingReducer(confirming, { type: 'booked', reservationId: 'r1' }), 'done');
    expect(done.reservationId).toBe('r1');
    expect(holdToRelease(done)).toBeNull();
  });

  it('Confirm with a hold about to run out does not send it: the hold is reported expired', () => {
    const s = bookingReducer(holding19(), { type: 'confirm', now: T0 + 10 * 60_000 - 1_000 });
    expect(s).toMatchObject({ step: 'expired', holdId: 'h1', stillFree: null });
  });

  it("the API's expired answer to Confirm reports the hold expired, the form kept open", () => {
    const confirming = bookingReducer(holding19(), { type: 'confirm', now: T0 });
    const s = step(bookingReducer(confirming, { type: 'expired' }), 'expired');
    expect(s.holdId).toBe('h1');
    expect(guestFormOpen(s)).toBe(true);
  });

  it('a refused Confirm goes back to the details with the error, or drops a hold the API refused', () => {
    const confirming = bookingReducer(holding19(), { type: 'confirm', now: T0 });
    const s = step(
      bookingReducer(confirming, { type: 'confirmFailed', message: 'Check the e-mail', holdGone: false }),
      'details',
    );
    expect(s.problem).toEqual({ message: 'Check the e-mail' });
    expect(s.hold.id).toBe('h1');
    const gone = step(
      bookingReducer(confirming, { type: 'confirmFailed', message: 'Hold not found', holdGone: true }),
      'choosing',
    );
    expect(gone.problem).toEqual({ message: 'Hold not found' });
    expect(guestFormOpen(gone)).toBe(true);
    expect(shownHold(gone)).toBeNull();
  });

  it('a new search closes the form and clears an expired hold; a late answer about it is ignored', () => {
    const expired = bookingReducer(holding19(), { type: 'expired' });
    const s = step(bookingReducer(expired, { type: 'search' }), 'searching');
    expect(guestFormOpen(s)).toBe(false);
    expect(s.options).toEqual([at1900, at2000]);
    expect(bookingReducer(s, { type: 'checked', holdId: 'h1', stillFree: true })).toBe(s);
  });

  it('ignores events a step does not expect', () => {
    const choosing = run({ type: 'search' }, found);
    const holding = bookingReducer(choosing, { type: 'pick', option: at1900 });
    const details = bookingReducer(holding, heldAction());
    const confirming = bookingReducer(details, { type: 'confirm', now: T0 });
    const done = bookingReducer(confirming, { type: 'booked', reservationId: 'r1' });
    const expired = bookingReducer(details, { type: 'expired' });
    const ignored: [BookingState, BookingAction][] = [
      [initialBookingState, found],
      [choosing, heldAction()],
      [choosing, { type: 'confirm', now: T0 }],
      [choosing, { type: 'tick', now: T0 }],
      [choosing, { type: 'expired' }],
      [holding, { type: 'search' }],
      [holding, { type: 'pick', option: at2000 }],
      [holding, { type: 'booked', reservationId: 'r1' }],
      [details, heldAction('h2')],
      [details, { type: 'booked', reservationId: 'r1' }],
      [details, { type: 'checked', holdId: 'h1', stillFree: true }],
      [confirming, { type: 'pick', option: at2000 }],
      [confirming, { type: 'search' }],
      [confirming, { type: 'confirm', now: T0 }],
      [done, { type: 'search' }],
      [done, { type: 'pick', option: at2000 }],
      [done, { type: 'expired' }],
      [done, { type: 'tick', now: T0 + 20 * 60_000 }],
      [expired, { type: 'confirm', now: T0 }],
      [expired, { type: 'tick', now: T0 }],
      [expired, { type: 'checked', holdId: 'other', stillFree: true }],
    ];
    for (const [state, action] of ignored)
      expect(bookingReducer(state, action), `${state.step} ${action.type}`).toBe(state);
  });

  it('a countdown running out while the booking is sent leaves the answer to the API', () => {
    const confirming = bookingReducer(holding19(), { type: 'confirm', now: T0 });
    const s = step(bookingReducer(confirming, { type: 'tick', now: T0 + 11 * 60_000 }), 'confirming');
    expect(s.hold.now).toBe(T0 + 11 * 60_000);
  });
});
