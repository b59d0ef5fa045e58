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

export const addressKey = (address: string) => `address:${address}`;
export const accountKey = (email: string, address: string) => `account:${email}|${address}`;

export interface Attempt {
  allowed: boolean;
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
  return { allowed: row!.attempts <= limit.max, retryAt };
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
  const longest = Math.max(ADDRESS_LIMIT.windowMinutes, ACCOUNT_LIMIT.windowMinutes);
  await db
    .delete(loginThrottle)
    .where(lt(loginThrottle.windowStartedAt, new Date(now.getTime() - 2 * longest * 60_000)));
}
