/**
 * Device cookies (the OWASP pattern against lockouts by an attacker): a browser that signed in to
 * an account holds a random token naming one of the account's known devices, kept on the server
 * (known-devices.ts), so that the account's devices can be ended. One cookie holds the tokens of
 * up to DEVICES_PER_BROWSER accounts, the last signed in first: signing in to another account
 * does not drop this one's. Framework-free: the sign-in and the tests use the same functions.
 */
import { createHash, randomBytes } from 'node:crypto';

/** How long a device stays known after its last successful sign-in. */
export const DEVICE_COOKIE_DAYS = 180;
/** The accounts' devices one browser's cookie holds at most (a shared host stand, a manager's own). */
export const DEVICES_PER_BROWSER = 5;

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A new device's token: 256 random bits, base64url. */
export const newDeviceToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256 (a copy of the table names no cookie). */
export const deviceTokenHash = (token: string): string => createHash('sha256').update(token).digest('base64url');

/** The well-formed tokens of a cookie's value, at most DEVICES_PER_BROWSER, without repeats; anything else is ignored. */
export function deviceTokensOf(value: string | undefined): string[] {
  if (!value || value.length > 60 * DEVICES_PER_BROWSER) return [];
  return [...new Set(value.split('.').filter((t) => TOKEN.test(t)))].slice(0, DEVICES_PER_BROWSER);
}

/** The cookie's value for `tokens`, the first DEVICES_PER_BROWSER of them. */
export const deviceCookieValue = (tokens: readonly string[]): string => tokens.slice(0, DEVICES_PER_BROWSER).join('.');
