import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';

import { Secret } from './secret';

describe('Secret', () => {
  const value = 'client-secret-value-123';

  it('prints [redacted] wherever it is logged, serialised or interpolated', () => {
    const secret = new Secret(value);
    const holder = { clientId: 'partner', clientSecret: secret, nested: [secret] };
    for (const printed of [
      String(secret),
      `${secret}`,
      JSON.stringify(holder),
      inspect(holder, { depth: 5 }),
      inspect(secret),
    ]) {
      expect(printed).not.toContain(value);
      expect(printed).toContain('[redacted]');
    }
  });

  it('gives its value only through reveal()', () => {
    expect(new Secret(value).reveal()).toBe(value);
    expect(Object.keys(new Secret(value))).toEqual([]);
  });
});
