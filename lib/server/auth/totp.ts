/**
 * TOTP (RFC 6238 over RFC 4226's HOTP): HMAC-SHA1, 6 digits, 30-second steps, the form every
 * authenticator app reads from an `otpauth://` URI. Framework-free; `totp.test.ts` checks it
 * against the RFC's own test vectors.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const TOTP_STEP_S = 30;
export const TOTP_DIGITS = 6;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const c of clean) {
    const i = BASE32.indexOf(c);
    if (i < 0) throw new Error('not base32');
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new secret of 160 bits (RFC 4226's recommendation), in base32. */
export const newTotpSecret = (): string => base32Encode(randomBytes(20));

/** The HOTP value of `key` at `counter`, `digits` long. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0xf;
  const code = (mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(code).padStart(digits, '0');
}

export const totpStep = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP_STEP_S);

/** The code of `secret` (base32) at `now`. */
export const totpCode = (secret: string, now = new Date()) => hotp(base32Decode(secret), totpStep(now));

/**
 * The time step `code` belongs to, within one step of `now` either way (clocks drift, a code is
 * typed near a step's end), or null.
 */
export function matchingStep(secret: string, code: string, now = new Date()): number | null {
  if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const key = base32Decode(secret);
  const step = totpStep(now);
  for (const s of [step, step - 1, step + 1]) if (hotp(key, s) === code) return s;
  return null;
}

/** The URI an authenticator app reads (its QR code), naming the dashboard and the member. */
export function totpUri(secret: string, account: string, issuer = 'Guest Book'): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_S),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
