/**
 * Staff sign-in and sessions: the NextAuth options, `verifySession` / `requireStaff`, the staff
 * accounts (argon2id passwords) with their language and time zone, the sessions a member can end, sign-in attempt limits, the
 * client's address as far as it can be trusted, and the demo accounts.
 *
 * This index is server-only (auth.ts, session.ts). Plain-Node code (scripts/, e2e/, the
 * tests) imports the files free of `server-only` directly: `auth/staff-store`,
 * `auth/demo-accounts`, `auth/login-limiter`, `auth/client-address`.
 */

export { getAuthOptions, requestClientAddress, staffOfJob, verifySession, type StaffSession } from './auth';
export { requireStaff } from './session';
export {
  endAllSessions,
  endOtherSessions,
  endOwnSession,
  endSession,
  openSessionsOf,
  staffOfSession,
  type OpenSession,
} from './staff-sessions';
export { checkCurrentSecondFactor } from './second-factor-check';
export { checkEnrolmentCode, enrolmentCodeState, issueEnrolmentCode } from './enrolment-code';
export { noticeTimeZone, saveLanguageAndZone } from './language-and-zone';
export { WeakPasswordError } from './password-strength';
export {
  LastAdminError,
  StaffEmail,
  StaffPassword,
  StaffRoleSchema,
  checkCurrentPassword,
  createStaff,
  findStaffById,
  listStaff,
  setStaffPassword,
  toSummary,
  updateStaffAccess,
} from './staff-store';
export {
  SECOND_FACTOR_POLICIES,
  SecondFactorCode,
  SecondFactorPolicySchema,
  beginEnrolment,
  confirmEnrolment,
  membersWithSecondFactor,
  recoveryCodesLeft,
  removeSecondFactor,
  secondFactorPolicy,
  secondFactorRequired,
  secretKeysOf,
  setSecondFactorPolicy,
  type SecondFactorPolicy,
} from './second-factor';
