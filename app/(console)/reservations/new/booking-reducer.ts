/**
 * The booking form's state as one pure reducer with named steps: choosing a time (after a search),
 * searching, holding (a hold is being placed), details (a hold is held while the guest is typed),
 * confirming (the booking is sent), done (the hold became a reservation) and expired (the hold ran
 * out: "hold again" is offered once the time is known to be still free). An event a step does not
 * expect returns the same state.
 */
import { isHoldExpired } from '@/lib/booking/hold-clock';
import type { NoAvailability } from '@/lib/booking/no-availability';
import { slotKey, type AvailabilityAnswer, type SlotOption } from '@/lib/booking/slot-option';

export interface Held {
  id: string;
  expiresAt: string;
  option: SlotOption;
  /** added to the browser's Date.now() it gives the server's now (taken when the hold arrived) */
  offset: number;
  /** the browser's now at the last countdown tick */
  now: number;
}

export type Problem = { message: string; gridFor?: SlotOption | NoAvailability } | null;

interface Shown {
  /** the times of the last search (null before one, or after one failed) */
  options: SlotOption[] | null;
  empty: NoAvailability | null;
  problem: Problem;
}

export type BookingState = Shown &
  (
    | {
        step: 'choosing';
        /** the guest form stays open (with what was typed) after a hold was lost */ formOpen: boolean;
      }
    | { step: 'searching' }
    | { step: 'holding'; option: SlotOption; formOpen: boolean }
    | { step: 'details'; hold: Held }
    | { step: 'confirming'; hold: Held }
    | { step: 'done'; hold: Held; reservationId: string }
    /** `stillFree` is null until the time was looked up again (after the hold was released) */
    | { step: 'expired'; option: SlotOption; holdId: string; stillFree: boolean | null }
  );

export type BookingAction =
  | { type: 'search' }
  | { type: 'found'; answer: AvailabilityAnswer }
  | { type: 'searchFailed'; message: string }
  | { type: 'pick'; option: SlotOption }
  | { type: 'held'; id: string; expiresAt: string; offset: number; now: number }
  | { type: 'holdRefused'; problem: NonNullable<Problem> }
  | { type: 'tick'; now: number }
  /** the hold ran out as the API or the server says */
  | { type: 'expired' }
  /** `now`: the browser's Date.now() as Confirm is pressed */
  | { type: 'confirm'; now: number }
  | { type: 'booked'; reservationId: string }
  /** `holdGone`: the API refused the hold itself (not as expired), so it cannot be used again */
  | { type: 'confirmFailed'; message: string; holdGone: boolean }
  | { type: 'checked'; holdId: string; stillFree: boolean };

export const initialBookingState: BookingState = {
  step: 'choosing',
  formOpen: false,
  options: null,
  empty: null,
  problem: null,
};

const shown = ({ options, empty, problem }: BookingState): Shown => ({ options, empty, problem });

const expire = (state: BookingState, hold: Held): BookingState => ({
  ...shown(state),
  step: 'expired',
  option: hold.option,
  holdId: hold.id,
  stillFree: null,
});

export function bookingReducer(state: BookingState, action: BookingAction): BookingState {
  switch (action.type) {
    case 'search':
      if (
        state.step === 'searching' ||
        state.step === 'holding' ||
        state.step === 'confirming' ||
        state.step === 'done'
      )
        return state;
      return { ...shown(state), step: 'searching', problem: null };
    case 'found':
      if (state.step !== 'searching') return state;
      return {
        step: 'choosing',
        formOpen: false,
        options: action.answer.options,
        empty: action.answer.empty,
        problem: null,
      };
    case 'searchFailed':
      if (state.step !== 'searching') return state;
      return { step: 'choosing', formOpen: false, options: null, empty: null, problem: { message: action.message } };
    case 'pick': {
      const { option } = action;
      switch (state.step) {
        case 'choosing':
          return { ...shown(state), step: 'holding', option, formOpen: state.formOpen, problem: null };
        case 'details':
          if (slotKey(state.hold.option) === slotKey(option)) return state;
          return { ...shown(state), step: 'holding', option, formOpen: true, problem: null };
        case 'expired':
          return { ...shown(state), step: 'holding', option, formOpen: true, problem: null };
        default:
          return state;
      }
    }
    case 'held':
      if (state.step !== 'holding') return state;
      return {
        ...shown(state),
        step: 'details',
        hold: {
          id: action.id,
          expiresAt: action.expiresAt,
          option: state.option,
          offset: action.offset,
          now: action.now,
        },
      };
    case 'holdRefused':
      if (state.step !== 'holding') return state;
      return { ...shown(state), step: 'choosing', formOpen: state.formOpen, problem: action.problem };
    case 'tick': {
      if (state.step !== 'details' && state.step !== 'confirming') return state;
      const hold = { ...state.hold, now: action.now };
      // While the booking is sent, the API's answer says whether the hold was still good.
      if (state.step === 'details' && isHoldExpired(hold.expiresAt, hold.now + hold.offset, 0))
        return expire(state, hold);
      return { ...state, hold };
    }
    case 'expired':
      if (state.step !== 'details' && state.step !== 'confirming') return state;
      return expire(state, state.hold);
    case 'confirm':
      if (state.step !== 'details') return state;
      if (isHoldExpired(state.hold.expiresAt, action.now + state.hold.offset))
        return expire({ ...state, problem: null }, state.hold);
      return { ...state, step: 'confirming', problem: null };
    case 'booked':
      if (state.step !== 'confirming') return state;
      return { ...state, step: 'done', reservationId: action.reservationId };
    case 'confirmFailed':
      if (state.step !== 'confirming') return state;
      if (action.holdGone)
        return { ...shown(state), step: 'choosing', formOpen: true, problem: { message: action.message } };
      return { ...state, step: 'details', problem: { message: action.message } };
    case 'checked':
      if (state.step !== 'expired' || state.stillFree !== null || state.holdId !== action.holdId) return state;
      return { ...state, stillFree: action.stillFree };
  }
}

/** The hold this form holds and must release if it is left: none once it became a reservation or expired. */
export function holdToRelease(state: BookingState): Held | null {
  return state.step === 'details' || state.step === 'confirming' ? state.hold : null;
}

/** The hold the countdown and the slot picker show. */
export function shownHold(state: BookingState): Held | null {
  return state.step === 'details' || state.step === 'confirming' || state.step === 'done' ? state.hold : null;
}

/** Whether the guest form is open: from the first hold until the next search. */
export function guestFormOpen(state: BookingState): boolean {
  switch (state.step) {
    case 'choosing':
    case 'holding':
      return state.formOpen;
    case 'searching':
      return false;
    default:
      return true;
  }
}
