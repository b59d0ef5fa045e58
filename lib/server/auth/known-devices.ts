/**
 * An account's known devices, kept in the dashboard database: a browser that signed in to the
 * account holds a token (device-cookie.ts) naming a row here by its hash. A sign-in from a known
 * device is counted on that device (login-limiter.ts, second-factor-guard.ts), apart from the
 * account's limit for unknown devices. Ending an account's devices deletes its rows, so a copied
 * cookie stops counting at once; a device unused for DEVICE_COOKIE_DAYS is no longer known.
 * Framework-free, as the staff store.
 */
import { and, eq, gt, inArray, lt } from 'drizzle-orm';

import type { DashboardDb } from '../db/open';
import { knownDevices } from '../db/schema-sign-in';
import { DEVICE_COOKIE_DAYS, deviceCookieValue, deviceTokenHash, newDeviceToken } from './device-cookie';

type Tx = DashboardDb | Parameters<Parameters<DashboardDb['transaction']>[0]>[0];

const usedSince = (now: Date) => new Date(now.getTime() - DEVICE_COOKIE_DAYS * 86_400_000);

/** The id of the account's known device among `tokens` (a browser's cookie), or null. */
export async function knownDeviceOf(
  db: DashboardDb,
  staffId: string,
  tokens: readonly string[],
  now = new Date(),
): Promise<string | null> {
  if (!tokens.length) return null;
  const [row] = await db
    .select({ id: knownDevices.id })
    .from(knownDevices)
    .where(
      and(
        eq(knownDevices.staffId, staffId),
        inArray(knownDevices.tokenHash, tokens.map(deviceTokenHash)),
        gt(knownDevices.lastUsedAt, usedSince(now)),
      ),
    );
  return row?.id ?? null;
}

/**
 * After a successful sign-in: the browser is a known device of the account (its `device`, used
 * now, or a new one), and the cookie's new value: this account's token first, then the tokens of
 * other accounts' devices it held that are still known, up to DEVICES_PER_BROWSER.
 */
export async function rememberDevice(
  db: DashboardDb,
  staffId: string,
  tokens: readonly string[],
  device: string | null,
  now = new Date(),
): Promise<string> {
  if (Math.random() < 0.01) await forgetUnusedDevices(db, now);
  const live = tokens.length
    ? await db
        .select({ id: knownDevices.id, tokenHash: knownDevices.tokenHash })
        .from(knownDevices)
        .where(
          and(
            inArray(knownDevices.tokenHash, tokens.map(deviceTokenHash)),
            gt(knownDevices.lastUsedAt, usedSince(now)),
          ),
        )
    : [];
  const liveHashes = new Map(live.map((d) => [d.tokenHash, d.id]));
  let own = device ? tokens.find((t) => liveHashes.get(deviceTokenHash(t)) === device) : undefined;
  if (own && device) {
    await db.update(knownDevices).set({ lastUsedAt: now }).where(eq(knownDevices.id, device));
  } else {
    own = newDeviceToken();
    await db.insert(knownDevices).values({ staffId, tokenHash: deviceTokenHash(own), createdAt: now, lastUsedAt: now });
  }
  const others = tokens.filter((t) => t !== own && liveHashes.has(deviceTokenHash(t)));
  return deviceCookieValue([own, ...others]);
}

/** Every known device of the account ends: a cookie naming one counts as an unknown device from now on. */
export async function endKnownDevices(db: Tx, staffId: string): Promise<void> {
  await db.delete(knownDevices).where(eq(knownDevices.staffId, staffId));
}

/** Devices unused for DEVICE_COOKIE_DAYS say nothing any more. */
export async function forgetUnusedDevices(db: DashboardDb, now = new Date()): Promise<void> {
  await db.delete(knownDevices).where(lt(knownDevices.lastUsedAt, usedSince(now)));
}
