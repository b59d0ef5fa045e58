/**
 * Wrong second-factor codes given with a right password, counted per account in the dashboard
 * database (NIST SP 800-63B 5.2.2: at most 100 consecutive failed attempts on one account). Each
 * code is counted before it is checked, by one atomic update of the account's row, so concurrent
 * guesses queue on it and none passes the count: the first SECOND_FACTOR_FREE in a row are
 * checked at once, then each next one only after a delay that doubles from 30 s to at most 15
 * minutes (a guess that comes too early is refused uncounted, with the same answer as a wrong
 * code), and at SECOND_FACTOR_MAX in a row the account's codes are refused until an admin resets
 * its two-step sign-in. A right code ends the run. Framework-free, as the staff store.
 */
import { and, eq, sql } from 'drizzle-orm';

import type { DashboardDb } from '../db/open';
import { staffUsers } from '../db/schema';

export const SECOND_FACTOR_FREE = 5;
export const SECOND_FACTOR_MAX = 100;
const FIRST_DELAY_S = 30;
const MAX_DELAY_S = 15 * 60;
/** What "until an admin resets it" is stored as. */
const FOREVER = new Date('9999-12-31T00:00:00Z');

/** The wait after the `failures`-th wrong code in a row, in seconds (0: the next is checked at once). */
export function secondFactorDelayS(failures: number): number {
  if (failures < SECOND_FACTOR_FREE) return 0;
  return Math.min(MAX_DELAY_S, FIRST_DELAY_S * 2 ** (failures - SECOND_FACTOR_FREE));
}

export type CodeTurn = { counted: true; failures: number } | { counted: false; until: Date };

/**
 * Counts one code for the account, when it may be checked now: the run of wrong codes grows by
 * one and the account is held for the delay that run earns (undone by a right code: codeAccepted).
 */
export async function countSecondFactorCode(db: DashboardDb, staffId: string, now = new Date()): Promise<CodeTurn> {
  const at = now.toISOString();
  const next = sql`${staffUsers.secondFactorFailures} + 1`;
  const delay = sql`least(${MAX_DELAY_S}, ${FIRST_DELAY_S} * power(2, ${next} - ${SECOND_FACTOR_FREE})) * interval '1 second'`;
  const [row] = await db
    .update(staffUsers)
    .set({
      secondFactorFailures: next,
      secondFactorLastFailureAt: now,
      secondFactorLockedUntil: sql`CASE
        WHEN ${next} >= ${SECOND_FACTOR_MAX} THEN ${FOREVER.toISOString()}::timestamptz
        WHEN ${next} >= ${SECOND_FACTOR_FREE} THEN ${at}::timestamptz + ${delay}
        ELSE NULL END`,
    })
    .where(
      and(
        eq(staffUsers.id, staffId),
        sql`(${staffUsers.secondFactorLockedUntil} IS NULL OR ${staffUsers.secondFactorLockedUntil} <= ${at}::timestamptz)`,
      ),
    )
    .returning({ failures: staffUsers.secondFactorFailures });
  if (row) return { counted: true, failures: row.failures };
  const [held] = await db
    .select({ until: staffUsers.secondFactorLockedUntil })
    .from(staffUsers)
    .where(eq(staffUsers.id, staffId));
  return { counted: false, until: held?.until ?? now };
}

/**
 * A right code: the run of wrong ones ends. The wrong codes given since the member's last
 * sign-in (the run's length) are kept for the notice they see next (secondFactorNotice).
 */
export async function codeAccepted(db: DashboardDb, staffId: string, { signIn = true } = {}): Promise<number> {
  const [before] = await db
    .select({ failures: staffUsers.secondFactorFailures })
    .from(staffUsers)
    .where(eq(staffUsers.id, staffId));
  // This attempt was counted: the wrong ones are those before it.
  const wrong = Math.max(0, (before?.failures ?? 1) - 1);
  await db
    .update(staffUsers)
    .set({ secondFactorFailures: 0, secondFactorLockedUntil: null, ...(signIn && { secondFactorNotice: wrong }) })
    .where(eq(staffUsers.id, staffId));
  return wrong;
}

export const SECOND_FACTOR_FOREVER = FOREVER;
