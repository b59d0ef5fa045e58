import { describe, expect, it } from 'vitest';

import { DEVICE_COOKIE_DAYS, knownDevice, signDeviceCookie } from './device-cookie';

const secret = 'a-secret-of-the-dashboard-0123456789';
const now = new Date('2026-11-26T08:00:00Z');

describe('device cookies', () => {
  it('knows a device signed for the account within its lifetime', () => {
    const cookie = signDeviceCookie('ana@example.com', secret, now, 'device-1');
    expect(knownDevice(cookie, 'ana@example.com', secret, now)).toBe('device-1');
    const lastDay = new Date(now.getTime() + DEVICE_COOKIE_DAYS * 86_400_000);
    expect(knownDevice(cookie, 'ana@example.com', secret, lastDay)).toBe('device-1');
    expect(knownDevice(cookie, 'ana@example.com', secret, new Date(lastDay.getTime() + 1))).toBeNull();
  });

  it('refuses another account’s cookie, an altered or forged one, one signed with another secret, and garbage', () => {
    const cookie = signDeviceCookie('ana@example.com', secret, now, 'device-1');
    expect(knownDevice(cookie, 'bo@example.com', secret, now)).toBeNull();
    const [payload, signature] = cookie.split('.');
    const altered = Buffer.from(JSON.stringify({ e: 'bo@example.com', d: 'device-1', t: now.getTime() })).toString(
      'base64url',
    );
    expect(knownDevice(`${altered}.${signature}`, 'bo@example.com', secret, now)).toBeNull();
    expect(knownDevice(`${payload}.${signature}x`, 'ana@example.com', secret, now)).toBeNull();
    expect(
      knownDevice(
        signDeviceCookie('ana@example.com', 'another-secret-0123456789', now),
        'ana@example.com',
        secret,
        now,
      ),
    ).toBeNull();
    for (const junk of [undefined, '', '.', 'a.b.c', 'x'.repeat(700)])
      expect(knownDevice(junk, 'ana@example.com', secret, now)).toBeNull();
  });

  it('refuses a cookie issued before the account’s devices were ended (a replaced second factor)', () => {
    const issued = new Date('2026-11-20T10:00:00Z');
    const cookie = signDeviceCookie('ana@example.com', secret, issued, 'device-1');
    const later = new Date('2026-11-21T10:00:00Z');
    expect(knownDevice(cookie, 'ana@example.com', secret, later, null)).toBe('device-1');
    expect(knownDevice(cookie, 'ana@example.com', secret, later, new Date('2026-11-20T12:00:00Z'))).toBeNull();
    expect(knownDevice(cookie, 'ana@example.com', secret, later, new Date('2026-11-19T12:00:00Z'))).toBe('device-1');
  });
});
