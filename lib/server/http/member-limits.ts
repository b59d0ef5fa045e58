import { said, type Said } from '@/lib/i18n/said';

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
  what: 'holds' | 'bookings';
}

export const HOLD_LIMIT: MemberLimit = { bucket: 'holds', what: 'holds', max: 60, windowMinutes: 15 };
export const BOOKING_LIMIT: MemberLimit = { bucket: 'bookings', what: 'bookings', max: 30, windowMinutes: 15 };

export const memberLimitKey = (limit: MemberLimit, staffId: string) => `member:${limit.bucket}:${staffId}`;

/** The refusal a member reads, with when to try again. */
export function memberLimitMessage(limit: MemberLimit, retryAt: Date, now = new Date()): Said {
  const minutes = Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000));
  return said('errors.memberLimit', { max: limit.max, what: limit.what, window: limit.windowMinutes, minutes });
}
