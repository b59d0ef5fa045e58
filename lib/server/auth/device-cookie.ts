/**
 * Device cookies (the OWASP pattern against lockouts by an attacker): a browser that signed in
 * to an account receives a cookie, signed with the dashboard's AUTH_SECRET, naming that account
 * and a random device id. An attempt that presents it is counted on that device alone
 * (DEVICE_LIMIT), so guesses against the account from elsewhere do not hold the owner back;
 * attempts without it share the account's limit for unknown devices. Framework-free: the
 * sign-in and the tests use the same functions.
 */
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';

/** How long a device stays known after its last successful sign-in. */
export const DEVICE_COOKIE_DAYS = 180;

const mac = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`device-cookie:${payload}`).digest('base64url');

/** A new device cookie's value for `email` (trimmed, lowercased, as the staff store keeps it). */
export function signDeviceCookie(
  email: string,
  secret: string,
  now = new Date(),
  deviceId: string = randomUUID(),
): string {
  const payload = Buffer.from(JSON.stringify({ e: email, d: deviceId, t: now.getTime() })).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

/**
 * The device id of a cookie issued to `email` within DEVICE_COOKIE_DAYS (and not before
 * `validFrom`: the account's devices were ended then), or null for anything else: no cookie, a
 * forged or altered one, another account's, an expired or ended one.
 */
export function knownDevice(
  value: string | undefined,
  email: string,
  secret: string,
  now = new Date(),
  validFrom: Date | null = null,
): string | null {
  if (!value || value.length > 600) return null;
  const [payload, signature, extra] = value.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
      e?: unknown;
      d?: unknown;
      t?: unknown;
    };
    if (claims.e !== email || typeof claims.d !== 'string' || typeof claims.t !== 'number') return null;
    if (validFrom && claims.t < validFrom.getTime()) return null;
    const age = now.getTime() - claims.t;
    return age >= 0 && age <= DEVICE_COOKIE_DAYS * 86_400_000 ? claims.d : null;
  } catch {
    return null;
  }
}
