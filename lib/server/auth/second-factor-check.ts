/**
 * A member's current second factor, checked for a change to it (replacing it): the code of their
 * authenticator or one of their recovery codes, counted in the same run of wrong codes as those
 * given at sign-in (second-factor-guard.ts), each code accepted once. Framework-free, as the staff store.
 */
import type { DashboardDb } from '../db/open';
import { spendSecondFactor, type SecretKeys } from './second-factor';
import { codeAccepted, countSecondFactorCode } from './second-factor-guard';

export async function checkCurrentSecondFactor(
  db: DashboardDb,
  account: { id: string; email: string },
  code: string,
  keys: SecretKeys,
  now = new Date(),
): Promise<boolean> {
  const turn = await countSecondFactorCode(db, account.id, now);
  if (!turn.counted) return false;
  const used = await spendSecondFactor(db, account.id, code, keys, now);
  if (!used) return false;
  await codeAccepted(db, account.id, { signIn: false });
  return true;
}
