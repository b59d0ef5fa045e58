import { describe, expect, it } from 'vitest';

import { passwordWeakness } from './password-strength';

describe('passwordWeakness', () => {
  it('refuses common passwords and their variants, whatever their length', () => {
    for (const password of ['password1234', 'Password1234!', 'qwertyuiop12', 'iloveyou2026', 'P@ssw0rd1234'])
      expect([password, passwordWeakness(password)]).toEqual([
        password,
        'is a common password, or too close to one: choose a few words nobody would guess',
      ]);
  });

  it('names repeats and sequences', () => {
    expect(passwordWeakness('aaaaaaaaaaaa')).toBe('repeats characters: choose a longer mix of words');
    expect(passwordWeakness('abcdefghijklmn')).toBe('follows a sequence or a keyboard pattern');
  });

  it("refuses the member's own e-mail and name, or their parts", () => {
    expect(passwordWeakness('Ana.Ops-2026', ['ana.ops@example.com', 'Ana Ops'])).toBe('contains your name or e-mail');
    expect(passwordWeakness('my name is Ana Ops', ['ops@example.com', 'Ana Ops'])).toBe('contains your name or e-mail');
    expect(passwordWeakness('harbourvine2026', ['ops@harbourvine.example', 'Ops'])).toBe(
      'contains your name or e-mail',
    );
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
