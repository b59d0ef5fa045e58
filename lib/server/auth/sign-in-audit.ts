import 'server-only';

import { UNKNOWN_ACCOUNT } from '../../activity/who';
import { said, type CatalogKey } from '../../i18n/said';
import { recordAudit } from '../audit';
import { getDb } from '../db';
import { logger } from '../log';
import { findStaffByEmail, findStaffById } from './staff-store';

/** What a sign-in's audit row and log line name when the identifier given is no account's e-mail. */
export { UNKNOWN_ACCOUNT };

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

type SignInMethod = 'password' | 'password and authenticator' | 'password and recovery code' | 'company sign-in';

const METHOD_WORD: Record<SignInMethod, string> = {
  password: 'password',
  'password and authenticator': 'authenticator',
  'password and recovery code': 'recoveryCode',
  'company sign-in': 'company',
};

/**
 * What the row says, before it is put in a reader's words: the method, the address and the
 * refusal. A refusal the catalog does not word is shown as recorded (storedSaid drops its key).
 */
function signInSaid(attempt: { method: SignInMethod; address: string; refused: string | null; inARow?: number }) {
  const method = said(`activity.signIn.method.${METHOD_WORD[attempt.method]}` as CatalogKey);
  if (!attempt.refused) return said('activity.signIn.ok', { method, address: attempt.address });
  const reason = said(
    `activity.signIn.reason.${attempt.refused}` as CatalogKey,
    attempt.inARow === undefined ? undefined : { count: attempt.inARow },
  );
  return said('activity.signIn.refused', { reason, method, address: attempt.address });
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
  method: SignInMethod;
  address: string;
  email: string;
  staffId: string | null;
  refused: string | null;
  /** a wrong second-factor code: how many in a row, this one counted */
  inARow?: number;
}): Promise<void> {
  const account = await accountNamed(attempt.email, attempt.staffId);
  // A line for the operators' log tools too (alerts on a run of refusals), beside the audit row.
  const refused =
    attempt.refused &&
    (attempt.inARow === undefined ? attempt.refused : `${attempt.refused} (${attempt.inARow} in a row)`);
  const line = { event: 'sign-in', account, address: attempt.address, method: attempt.method };
  if (refused) logger.warn({ ...line, reason: refused }, 'sign-in refused');
  else logger.info(line, 'signed in');
  await recordAudit({
    staffId: attempt.staffId,
    staffEmail: account,
    action: 'sign-in',
    resourceType: 'session',
    result: refused ? 'refused' : 'ok',
    message: `${refused ? `${refused}: ` : ''}${attempt.method} from ${attempt.address}`,
    said: signInSaid(attempt),
    // Refusals are what anyone can send by the thousand: the same refusal from one address is
    // one row a quarter of an hour, counting its attempts (a success is always a row of its own).
    foldOn: refused ? JSON.stringify([account, refused, attempt.method, attempt.address]) : undefined,
  });
}
