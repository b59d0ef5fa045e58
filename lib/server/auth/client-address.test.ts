import { describe, expect, it } from 'vitest';

import { clientAddressOf, normalizeAddress } from './client-address';

describe('client address', () => {
  it('is the connection with no proxy trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddressOf('203.0.113.9', '1.2.3.4', 0)).toBe('203.0.113.9');
    expect(clientAddressOf('203.0.113.9', ['1.2.3.4', '5.6.7.8'], 0)).toBe('203.0.113.9');
    expect(clientAddressOf('::ffff:127.0.0.1', undefined, 0)).toBe('127.0.0.1');
  });

  it('behind N trusted proxies, is the entry N places from the right', () => {
    // client 198.51.100.7 spoofs 1.2.3.4; the proxy (10.0.0.2) appends what it saw.
    expect(clientAddressOf('10.0.0.2', '1.2.3.4, 198.51.100.7', 1)).toBe('198.51.100.7');
    expect(clientAddressOf('10.0.0.3', '1.2.3.4, 198.51.100.7, 10.0.0.2', 2)).toBe('198.51.100.7');
    expect(clientAddressOf('10.0.0.2', undefined, 1)).toBe('10.0.0.2');
  });

  it('groups an IPv6 client by its /64', () => {
    expect(normalizeAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(normalizeAddress('2001:db8:1:2::99')).toBe('2001:db8:1:2::/64');
    expect(normalizeAddress('[2001:DB8::1]:443')).toBe('2001:db8:0:0::/64');
    expect(normalizeAddress('::1')).toBe('0:0:0:0::/64');
  });
});
