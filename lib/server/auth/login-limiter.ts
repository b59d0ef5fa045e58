/**
 * Sign-in attempt limits, kept in the dashboard database so that they hold across restarts and
 * across every server process. Each attempt is counted with one atomic upsert *before* any
 * password is checked: concurrent attempts queue on the key's row, so no more than `max` of them
 * can ever reach the password check within a window, however many arrive at once.
 */
import { lt, sql } from 'drizzle-orm';

import type { DashboardDb } from '../db/open';
import { loginThrottle } from '../db/schema';

export interface AttemptLimit {
  /** attempts allowed in one window */
  max: number;
  windowMinutes: number;
}

/** Per client address: failed sign-ins to any account. */
export const ADDRESS_LIMIT: AttemptLimit = { max: 20, windowMinutes: 15 };
/** Per e-mail from one client address: another address (the owner's) is never blocked by it. */
export const ACCOUNT_LIMIT: AttemptLimit = { max: 5, windowMinutes: 15 };

/**
 * Per e-mail from every device that has not signed in to it before (any address, any process):
 * 10 attempts an hour, then each next one only after a delay that doubles from 30 s up to 15 min
 * (progressive, never a lock the owner cannot get past: their own browser, known by its device
 * cookie, is counted apart). At most about 20 attempts an hour reach the password check.
 */
export const UNKNOWN_DEVICES_LIMIT = { free: 10, windowMinutes: 60, firstDelayS: 30, maxDelayS: 900 } as const;
/** Per device cookie (a browser that signed in to the account before): as one address. */
export const DEVICE_LIMIT: AttemptLimit = ACCOUNT_LIMIT;

export const addressKey = (address: string) => `address:${address}`;
export const accountKey = (email: string, address: string) => `account:${email}|${address}`;
export const unknownDevicesKey = (email: string) => `unknown-devices:${email}`;
export const deviceKey = (email: string, deviceId: string) => `device:${email}|${deviceId}`;
/**
 * A signed-in member's current password, from every address (UNKNOWN_DEVICES_LIMIT's progressive
 * delays): a stolen session guessing it from many addresses meets the account's own cap, apart
 * from the sign-ins' (guesses at the sign-in page do not hold the owner's account page back).
 */
export const currentPasswordKey = (email: string) => `current-password:${email}`;
/** Second-factor codes given for an account whose password was right (ACCOUNT_LIMIT). */
export const secondFactorKey = (email: string) => `second-factor:${email}`;
/**
 * Second-factor codes given from one of the account's known devices (KNOWN_DEVICE_CODE_LIMIT),
 * counted apart from the account's run of wrong codes: guesses from elsewhere never hold the
 * owner's own browser back.
 */
export const knownDeviceCodeKey = (staffId: string, deviceId: string) => `second-factor-device:${staffId}|${deviceId}`;
/** Codes from every known device of an account together: a slower count above the device's own. */
export const knownDevicesCodeKey = (staffId: string) => `second-factor-devices:${staffId}`;
export const KNOWN_DEVICE_CODE_LIMIT: AttemptLimit = { max: 5, windowMinutes: 15 };
export const KNOWN_DEVICES_CODE_LIMIT: AttemptLimit = { max: 20, windowMinutes: 60 };

export interface Attempt {
  allowed: boolean;
  /** the attempts counted in the window, this one included (countAttempt) */
  attempts?: number;
  /** when the window that refused this attempt ends */
  retryAt: Date;
}

/**
 * Counts one attempt for `key` and says whether it may go on to the password check. The window
 * starts at the first attempt and lasts `windowMinutes`; an attempt after it starts a new one.
 */
export async function countAttempt(
  db: DashboardDb,
  key: string,
  limit: AttemptLimit,
  now = new Date(),
): Promise<Attempt> {
  const windowOpenedAfter = new Date(now.getTime() - limit.windowMinutes * 60_000);
  const expired = sql`${loginThrottle.windowStartedAt} <= ${windowOpenedAfter.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ key, attempts: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        attempts: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginThrottle.attempts} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN ${now.toISOString()}::timestamptz ELSE ${loginThrottle.windowStartedAt} END`,
      },
    })
    .returning();
  const retryAt = new Date(row!.windowStartedAt.getTime() + limit.windowMinutes * 60_000);
  return { allowed: row!.attempts <= limit.max, attempts: row!.attempts, retryAt };
}

/** The wait before the attempt after `attempts` counted ones (UNKNOWN_DEVICES_LIMIT), in seconds. */
export function progressiveDelayS(attempts: number): number {
  const { free, firstDelayS, maxDelayS } = UNKNOWN_DEVICES_LIMIT;
  return attempts < free ? 0 : Math.min(maxDelayS, firstDelayS * 2 ** (attempts - free));
}

/**
 * Counts one attempt for `key` under UNKNOWN_DEVICES_LIMIT, when it is allowed: within the
 * hour's free attempts, or once the delay after the last counted one has passed. An attempt that
 * comes too early is not counted (so that a flood does not push the delay further for the
 * owner). One atomic upsert, as countAttempt: concurrent attempts queue on the key's row.
 */
export async function countProgressiveAttempt(db: DashboardDb, key: string, now = new Date()): Promise<Attempt> {
  const { free, windowMinutes, firstDelayS, maxDelayS } = UNKNOWN_DEVICES_LIMIT;
  const at = now.toISOString();
  const expired = sql`${loginThrottle.windowStartedAt} <= ${at}::timestamptz - ${windowMinutes} * interval '1 minute'`;
  const delay = sql`least(${maxDelayS}, ${firstDelayS} * power(2, ${loginThrottle.attempts} - ${free})) * interval '1 second'`;
  const counted = await db
    .insert(loginThrottle)
    .values({ key, attempts: 1, windowStartedAt: now, lastAttemptAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        attempts: sql`CASE WHEN ${expired} THEN 1 ELSE ${loginThrottle.attempts} + 1 END`,
        windowStartedAt: sql`CASE WHEN ${expired} THEN ${at}::timestamptz ELSE ${loginThrottle.windowStartedAt} END`,
        lastAttemptAt: sql`${at}::timestamptz`,
      },
      setWhere: sql`${expired} OR ${loginThrottle.attempts} < ${free} OR ${loginThrottle.lastAttemptAt} IS NULL
        OR ${loginThrottle.lastAttemptAt} + ${delay} <= ${at}::timestamptz`,
    })
    .returning();
  if (counted.length) return { allowed: true, retryAt: now };
  const [row] = await db
    .select()
    .from(loginThrottle)
    .where(sql`${loginThrottle.key} = ${key}`);
  const last = row?.lastAttemptAt ?? now;
  return { allowed: false, retryAt: new Date(last.getTime() + progressiveDelayS(row?.attempts ?? free) * 1000) };
}

/** A successful sign-in does not count against its address: gives the attempt back. */
export async function refundAttempt(db: DashboardDb, key: string): Promise<void> {
  await db
    .update(loginThrottle)
    .set({ attempts: sql`GREATEST(${loginThrottle.attempts} - 1, 0)` })
    .where(sql`${loginThrottle.key} = ${key}`);
}

export async function clearAttempts(db: DashboardDb, key: string): Promise<void> {
  await db.delete(loginThrottle).where(sql`${loginThrottle.key} = ${key}`);
}

/** Rows whose window ended long ago say nothing any more. */
export async function forgetOldAttempts(db: DashboardDb, now = new Date()): Promise<void> {
  const longest = Math.max(
    ADDRESS_LIMIT.windowMinutes,
    ACCOUNT_LIMIT.windowMinutes,
    UNKNOWN_DEVICES_LIMIT.windowMinutes,
  );
  await db
    .delete(loginThrottle)
    .where(lt(loginThrottle.windowStartedAt, new Date(now.getTime() - 2 * longest * 60_000)));
}
