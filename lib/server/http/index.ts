/**
 * What every server action and route handler goes through: `staffAction` / `staffRoute` (the
 * one guard that authenticates, checks the role, validates the input and audits), read routes,
 * page params, bounded request bodies, API errors told to staff, the staff member's locale,
 * and the same-origin check and security headers.
 *
 * This index is server-only (action.ts). Plain-Node code imports the files free of
 * `server-only` directly: proxy.ts `http/security-headers`.
 */

export {
  ActionError,
  runForStaff,
  staffAction,
  staffRoute,
  type ActionContext,
  type ActionDefinition,
  type Outcome,
  type SaidFieldErrors,
} from './action';
export { describeApiError } from './api-errors';
export {
  BOOKING_LIMIT,
  CANCEL_LIMIT,
  CANCELS_AT_ONCE,
  cancelsAtOnceKey,
  guestContactLimits,
  HOLD_LIMIT,
  type MemberLimit,
} from './member-limits';
export { getFormatter, getMemberTimeZone, getStaffLocale, getUiLocale } from './locale';
export { pageParams, type SearchParams } from './params';
export { staffReadRoute } from './read-route';
export { readBodyLimited, readFormLimited } from './request-body';
export { inReadersLanguage } from './said';
