import { describe, expect, it } from 'vitest';

import { base32Decode, base32Encode, hotp, matchingStep, newTotpSecret, totpCode, totpUri } from './totp';

// RFC 6238, appendix B: the SHA-1 seed "12345678901234567890", 8 digits.
const seed = Buffer.from('12345678901234567890');
const vectors: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP', () => {
  it.each(vectors)('gives the RFC 6238 value at %i s', (seconds, expected) => {
    expect(hotp(seed, Math.floor(seconds / 30), 8)).toBe(expected);
  });

  it('encodes and decodes base32 (RFC 4648 vectors), and makes 160-bit secrets', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI======').toString()).toBe('foobar');
    expect(base32Decode(newTotpSecret())).toHaveLength(20);
  });

  it('accepts a code of the current step or one either side, and nothing else', () => {
    const secret = base32Encode(seed);
    const now = new Date(1_111_111_111_000);
    const step = Math.floor(1_111_111_111 / 30);
    expect(matchingStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(matchingStep(secret, totpCode(secret, new Date(now.getTime() - 30_000)), now)).toBe(step - 1);
    expect(matchingStep(secret, totpCode(secret, new Date(now.getTime() + 30_000)), now)).toBe(step + 1);
    expect(matchingStep(secret, totpCode(secret, new Date(now.getTime() + 90_000)), now)).toBeNull();
    for (const junk of ['', '12345', '1234567', 'abcdef']) expect(matchingStep(secret, junk, now)).toBeNull();
  });

  it('names the dashboard and the member in the otpauth URI', () => {
    expect(totpUri('MZXW6YTBOI', 'ana@example.com')).toBe(
      'otpauth://totp/Guest%20Book%3Aana%40example.com?secret=MZXW6YTBOI&issuer=Guest+Book&algorithm=SHA1&digits=6&period=30',
    );
  });
});
