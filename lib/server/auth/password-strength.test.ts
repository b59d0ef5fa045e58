import { describe, expect, it } from 'vitest';

import { passwordWeakness } from './password-strength';

describe('passwordWeakness', () => {
  it('refuses common passwords and their variants, whatever their length', () => {
    for (const password of ['password1234', 'Password1234!', 'qwertyuiop12', 'iloveyou2026', 'P@ssw0rd1234'])
      expect([password, passwordWeakness(password)]).toEqual([password, 'common']);
  });

  it('names repeats and sequences', () => {
    expect(passwordWeakness('aaaaaaaaaaaa')).toBe('repeats');
    expect(passwordWeakness('abcdefghijklmn')).toBe('sequence');
  });

  it("refuses the member's own e-mail and name, or their parts", () => {
    expect(passwordWeakness('Ana.Ops-2026', ['ana.ops@example.com', 'Ana Ops'])).toBe('ownName');
    expect(passwordWeakness('my name is Ana Ops', ['ops@example.com', 'Ana Ops'])).toBe('ownName');
    expect(passwordWeakness('harbourvine2026', ['ops@harbourvine.example', 'Ops'])).toBe('ownName');
    // The same passwords are fine for someone else.
    expect(passwordWeakness('harbourvine2026', ['ana@example.com', 'Ana'])).toBeNull();
  });

  it('accepts passphrases and random passwords', () => {
    for (const password of [
      'a tram to the far lighthouse',
      'guestbook-demo-2026',
      'Xq7vK2mR9tLw',
      'kettle orbit 88 plum',
    ])
      expect([password, passwordWeakness(password)]).toEqual([password, null]);
  });
});
