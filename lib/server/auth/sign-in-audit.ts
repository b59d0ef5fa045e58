import 'server-only';

import { recordAudit } from '../audit';
import { getDb } from '../db';
import { logger } from '../log';
import { findStaffByEmail, findStaffById } from './staff-store';

/** What a sign-in's audit row and log line name when the identifier given is no account's e-mail. */
export const UNKNOWN_ACCOUNT = 'unknown account';

/**
 * The account a sign-in attempt names, as the log may keep it: the account's own e-mail, or
 * UNKNOWN_ACCOUNT. Never the identifier as typed: a password typed into the e-mail field, or a
 * guess at someone's address, would otherwise sit in the activity log, its member filter and the
 * JSON log. Looked up on every refusal alike, so the work does not tell one from another.
 */
async function accountNamed(email: string, staffId: string | null): Promise<string> {
  const db = await getDb();
  const account = staffId
    ? await findStaffById(db, staffId)
    : await findStaffByEmail(db, email.trim().toLowerCase().slice(0, 200));
  return account?.email ?? UNKNOWN_ACCOUNT;
}

/**
 * Every sign-in attempt in the activity log, whatever its outcome: the account it names (or
 * "unknown account"), the client address, the method and, for a refusal, the reason (invalid,
 * paused: a limit of the account refused before the password was checked, throttled, disabled,
 * expired, demo_account: a demo account in production, sso_only: a password for an account that
 * signs in through company sign-in only, sso_unknown, sso_bound_elsewhere: an identity other than
 * the one the account is bound to, second_factor_…: the password was right, the code not).
 * The same refusal from one address within FOLD_MINUTES is one row, with the number of attempts.
 */
export async function auditSignIn(attempt: {
  method: 'password' | 'password and authenticator' | 'password and recovery code' | 'company sign-in';
  address: string;
  email: string;
  staffId: string | null;
  refused: string | null;
}): Promise<void> {
  const account = await accountNamed(attempt.email, attempt.staffId);
  // A line for the operators' log tools too (alerts on a run of refusals), beside the audit row.
  const line = { event: 'sign-in', account, address: attempt.address, method: attempt.method };
  if (attempt.refused) logger.warn({ ...line, reason: attempt.refused }, 'sign-in refused');
  else logger.info(line, 'signed in');
  await recordAudit({
    staffId: attempt.staffId,
    staffEmail: account,
    action: 'sign-in',
    resourceType: 'session',
    result: attempt.refused ? 'refused' : 'ok',
    message: `${attempt.refused ? `${attempt.refused}: ` : ''}${attempt.method} from ${attempt.address}`,
    // Refusals are what anyone can send by the thousand: the same refusal from one address is
    // one row a quarter of an hour, counting its attempts (a success is always a row of its own).
    foldOn: attempt.refused ? JSON.stringify([account, attempt.refused, attempt.method, attempt.address]) : undefined,
  });
}
