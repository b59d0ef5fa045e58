/**
 * Wrong second-factor codes given with a right password, counted per account in the dashboard
 * database (NIST SP 800-63B 5.2.2: at most 100 consecutive failed attempts on one account). Each
 * code is counted before it is checked, by one atomic update of the account's row, so concurrent
 * guesses queue on it and none passes the count: the first SECOND_FACTOR_FREE in a row are
 * checked at once, then each next one only after a delay that doubles from 30 s to at most 15
 * minutes (a guess that comes too early is refused uncounted, with the same answer as a wrong
 * code), and at SECOND_FACTOR_MAX in a row the account's codes are refused until an admin resets
 * its two-step sign-in. A right code ends the run.
 *
 * A code given from one of the account's known devices (its device cookie: a browser that signed
 * in to the account before) is counted apart, on that device (5 in 15 minutes) and on the
 * account's known devices together (20 an hour), never in the account's run: someone guessing
 * with the password from elsewhere cannot keep the owner out of their own browser. Only the
 * account's hold for good (SECOND_FACTOR_MAX in a row) holds every device. Framework-free, as the
 * staff store.
 */
import { and, eq, sql } from 'drizzle-orm';

import type { DashboardDb } from '../db/open';
import { staffUsers } from '../db/schema';
import {
  clearAttempts,
  countAttempt,
  KNOWN_DEVICE_CODE_LIMIT,
  KNOWN_DEVICES_CODE_LIMIT,
  knownDeviceCodeKey,
  knownDevicesCodeKey,
} from './login-limiter';

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

/**
 * Counts one code given from the account's known device `deviceId`: on the device, then on the
 * account's known devices together; refused uncounted by the account's hold for good only.
 */
export async function countKnownDeviceCode(
  db: DashboardDb,
  staffId: string,
  deviceId: string,
  now = new Date(),
): Promise<CodeTurn> {
  const [account] = await db
    .select({ until: staffUsers.secondFactorLockedUntil })
    .from(staffUsers)
    .where(eq(staffUsers.id, staffId));
  if (account?.until && account.until.getTime() >= FOREVER.getTime()) return { counted: false, until: FOREVER };
  const device = await countAttempt(db, knownDeviceCodeKey(staffId, deviceId), KNOWN_DEVICE_CODE_LIMIT, now);
  if (!device.allowed) return { counted: false, until: device.retryAt };
  const devices = await countAttempt(db, knownDevicesCodeKey(staffId), KNOWN_DEVICES_CODE_LIMIT, now);
  if (!devices.allowed) return { counted: false, until: devices.retryAt };
  return { counted: true, failures: device.attempts ?? 1 };
}

/**
 * A right code from a known device: the device's count starts again. The account's run of wrong
 * codes from elsewhere goes on (a known device does not end someone else's run), and its length
 * is told to the member on their account page.
 */
export async function knownDeviceCodeAccepted(db: DashboardDb, staffId: string, deviceId: string): Promise<void> {
  await clearAttempts(db, knownDeviceCodeKey(staffId, deviceId));
  await db
    .update(staffUsers)
    .set({ secondFactorNotice: staffUsers.secondFactorFailures })
    .where(eq(staffUsers.id, staffId));
}
