import { describe, expect, it } from 'vitest';

import {
  deviceCookieValue,
  DEVICES_PER_BROWSER,
  deviceTokenHash,
  deviceTokensOf,
  newDeviceToken,
} from './device-cookie';

describe('device cookies', () => {
  it('hold random tokens, at most five, the first ones kept', () => {
    const tokens = Array.from({ length: 7 }, newDeviceToken);
    expect(new Set(tokens).size).toBe(7);
    const value = deviceCookieValue(tokens);
    expect(deviceTokensOf(value)).toEqual(tokens.slice(0, DEVICES_PER_BROWSER));
    expect(deviceTokensOf(deviceCookieValue(tokens.slice(0, 2)))).toEqual(tokens.slice(0, 2));
  });

  it('ignore anything that is not a token, and repeats', () => {
    const token = newDeviceToken();
    expect(deviceTokensOf(`${token}.${token}.x.${'a'.repeat(44)}`)).toEqual([token]);
    for (const junk of [undefined, '', '.', 'a.b.c', 'x'.repeat(700), `${token}.`.repeat(80)])
      expect(deviceTokensOf(junk)).toEqual(junk?.startsWith(token) && junk.length < 300 ? [token] : []);
  });

  it('are stored as a hash that is not the token', () => {
    const token = newDeviceToken();
    expect(deviceTokenHash(token)).toBe(deviceTokenHash(token));
    expect(deviceTokenHash(token)).not.toContain(token);
    expect(deviceTokenHash(token)).not.toBe(deviceTokenHash(newDeviceToken()));
  });
});
