import { said, type Said } from '@/lib/i18n/said';
import { BULK_MAX_ROWS } from '@/lib/reservations/bulk';

import type { AttemptLimit } from '../auth/login-limiter';

/**
 * Per-member limits on actions that reach people outside the partner: a hold takes a table from
 * the venue's guests, and a booking sends a partner-branded e-mail to the address typed in. A
 * stolen or careless session cannot send hundreds; a busy host stays far below (a booking by
 * phone takes a minute or more). Counted in the dashboard database, so they hold across server
 * processes and restarts; the count is taken after the input is checked, before the API is called.
 */
export interface MemberLimit extends AttemptLimit {
  /** the counter's name, shared by the actions that count together */
  bucket: string;
  /** what is counted, as the refusal names it */
  what: 'holds' | 'bookings' | 'cancels' | 'guestChanges';
}

export const HOLD_LIMIT: MemberLimit = { bucket: 'holds', what: 'holds', max: 60, windowMinutes: 15 };
export const BOOKING_LIMIT: MemberLimit = { bucket: 'bookings', what: 'bookings', max: 30, windowMinutes: 15 };

/**
 * A cancel e-mails the guest: at most a bulk action's rows (BULK_MAX_ROWS) an hour per member,
 * one by one or in bulk, so the browser's cap on a selection holds on the server too.
 */
export const CANCEL_LIMIT: MemberLimit = { bucket: 'cancels', what: 'cancels', max: BULK_MAX_ROWS, windowMinutes: 60 };
/**
 * A member's cancels running at once: a bulk cancel sends one at a time, a script sending forty
 * at once gets this many through and the rest refused (counted in the database as they start and
 * given back as they end; a process that died mid-cancel leaves its count for the window's 2 minutes).
 */
export const CANCELS_AT_ONCE = { max: 3, windowMinutes: 2 } as const;
/**
 * A change of a guest's contact details (name, e-mail, phone) sends the reservation's e-mails to
 * what was typed: per member, and per reservation, so that one reservation cannot be made to
 * e-mail a string of addresses.
 */
export const GUEST_CHANGE_LIMIT: MemberLimit = {
  bucket: 'guest-changes',
  what: 'guestChanges',
  max: 30,
  windowMinutes: 15,
};
export const RESERVATION_CONTACT_LIMIT = { max: 3, windowMinutes: 60 } as const;

/** One count an action's input is held to: the counter's key, its limit, and the refusal past it. */
export interface CountedLimit {
  key: string;
  limit: AttemptLimit;
  message: (retryAt: Date) => Said;
}

export const memberLimitKey = (limit: MemberLimit, staffId: string) => `member:${limit.bucket}:${staffId}`;
export const cancelsAtOnceKey = (staffId: string) => `member:cancels-at-once:${staffId}`;
export const reservationContactKey = (reservationId: string) => `reservation:guest-contact:${reservationId}`;

const minutesUntil = (retryAt: Date, now: Date) => Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000));

/** The refusal a member reads, with when to try again. */
export function memberLimitMessage(limit: MemberLimit, retryAt: Date, now = new Date()): Said {
  const minutes = minutesUntil(retryAt, now);
  const counts = { max: limit.max, window: limit.windowMinutes, minutes };
  if (limit.what === 'cancels') return said('errors.cancelLimit', counts);
  if (limit.what === 'guestChanges') return said('errors.guestChangeLimit', counts);
  return said('errors.memberLimit', { ...counts, what: limit.what });
}

/** The refusal of a change to one reservation's guest contact details past RESERVATION_CONTACT_LIMIT. */
export function reservationContactMessage(retryAt: Date, now = new Date()): Said {
  const { max, windowMinutes } = RESERVATION_CONTACT_LIMIT;
  return said('errors.reservationContactLimit', { max, window: windowMinutes, minutes: minutesUntil(retryAt, now) });
}

/** The guest's fields whose change sends the reservation's e-mails elsewhere or under another name. */
const CONTACT_FIELDS = ['first_name', 'last_name', 'email', 'phone'] as const;

/**
 * The limits a change of a reservation counts against: none unless it changes the guest's
 * contact details; then the member's (GUEST_CHANGE_LIMIT) and the reservation's own.
 */
export function guestContactLimits(
  change: { id: string; changes: { guest?: Partial<Record<(typeof CONTACT_FIELDS)[number], unknown>> } },
  staffId: string,
): CountedLimit[] {
  const guest = change.changes.guest;
  if (!guest || !CONTACT_FIELDS.some((f) => guest[f] !== undefined)) return [];
  return [
    {
      key: memberLimitKey(GUEST_CHANGE_LIMIT, staffId),
      limit: GUEST_CHANGE_LIMIT,
      message: (at) => memberLimitMessage(GUEST_CHANGE_LIMIT, at),
    },
    { key: reservationContactKey(change.id), limit: RESERVATION_CONTACT_LIMIT, message: reservationContactMessage },
  ];
}
