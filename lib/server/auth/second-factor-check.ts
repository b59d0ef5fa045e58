/**
 * A member's current second factor, checked for a change to it (replacing it): the code of their
 * authenticator or one of their recovery codes, under the same account-wide limit as the codes
 * given at sign-in, each code accepted once. Framework-free, as the staff store.
 */
import type { DashboardDb } from '../db/open';
import { ACCOUNT_LIMIT, clearAttempts, countAttempt, secondFactorKey } from './login-limiter';
import { spendSecondFactor } from './second-factor';

export async function checkCurrentSecondFactor(
  db: DashboardDb,
  account: { id: string; email: string },
  code: string,
  authSecret: string,
  now = new Date(),
): Promise<boolean> {
  const limit = await countAttempt(db, secondFactorKey(account.email), ACCOUNT_LIMIT, now);
  if (!limit.allowed) return false;
  const used = await spendSecondFactor(db, account.id, code, authSecret, now);
  if (!used) return false;
  await clearAttempts(db, secondFactorKey(account.email));
  return true;
}
