import { decode, encode } from 'next-auth/jwt';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { decodeSessionToken } from './session-token';

const SECRET = 'a-session-secret-of-thirty-two-chars!!';
const AT = new Date('2026-12-06T18:00:00Z');

describe('decodeSessionToken', () => {
  afterEach(() => void vi.useRealTimers());

  it("reads a session cookie's token as next-auth's own decode does, again from what it kept", async () => {
    vi.useFakeTimers({ now: AT, toFake: ['Date'] });
    const token = await encode({ token: { staffId: 'staff-1', sid: 'session-1' }, secret: SECRET, maxAge: 3600 });
    const theirs = await decode({ token, secret: SECRET });
    expect(await decodeSessionToken({ token, secret: SECRET })).toEqual(theirs);
    expect(await decodeSessionToken({ token, secret: SECRET })).toMatchObject({ staffId: 'staff-1', sid: 'session-1' });
    expect(await decodeSessionToken({ token: undefined, secret: SECRET })).toBeNull();
  });

  it('refuses a token once it has expired, also one it decrypted while it was current', async () => {
    vi.useFakeTimers({ now: AT, toFake: ['Date'] });
    const token = await encode({ token: { sid: 'session-2' }, secret: SECRET, maxAge: 60 });
    expect(await decodeSessionToken({ token, secret: SECRET })).toMatchObject({ sid: 'session-2' });
    // next-auth's tolerance is 15 s past the expiry
    vi.setSystemTime(new Date(AT.getTime() + 70_000));
    expect(await decodeSessionToken({ token, secret: SECRET })).toMatchObject({ sid: 'session-2' });
    vi.setSystemTime(new Date(AT.getTime() + 76_000));
    await expect(decodeSessionToken({ token, secret: SECRET })).rejects.toThrow();
    await expect(decode({ token, secret: SECRET })).rejects.toThrow();
  });

  it('refuses a token of another secret, and one altered', async () => {
    const token = await encode({ token: { sid: 'session-3' }, secret: SECRET });
    await expect(decodeSessionToken({ token, secret: `${SECRET}-other` })).rejects.toThrow();
    const parts = token.split('.');
    const body = parts[3]!;
    parts[3] = `${body.slice(0, -2)}${body.endsWith('AA') ? 'BB' : 'AA'}`;
    await expect(decodeSessionToken({ token: parts.join('.'), secret: SECRET })).rejects.toThrow();
    // the untouched token still reads, whatever was tried before it
    expect(await decodeSessionToken({ token, secret: SECRET })).toMatchObject({ sid: 'session-3' });
  });
});
