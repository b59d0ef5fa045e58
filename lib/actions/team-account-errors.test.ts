import { describe, expect, it } from 'vitest';

import { inEnglish } from '@/lib/i18n/translator';
import { ACCOUNT_LIMIT } from '@/lib/server/auth/login-limiter';

/*
 * The refusals of the team and account actions (team.ts, account.ts) are said by catalog key and
 * written in the member's language; in English they read as they always did (the e2e specs, which
 * run in English, read some of them).
 */
describe('team and account refusals, in English', () => {
  it('the account page', () => {
    expect(
      inEnglish('account.errors.wrongPasswordLimited', {
        tries: ACCOUNT_LIMIT.max,
        minutes: ACCOUNT_LIMIT.windowMinutes,
      }),
    ).toBe('The current password is not right. After 5 wrong tries it is refused for 15 minutes.');
    expect(inEnglish('account.errors.wrongPassword')).toBe('The current password is not right.');
    expect(inEnglish('account.errors.codeMismatch')).toBe(
      'That code does not match: type the 6 digits your app shows now.',
    );
    expect(inEnglish('account.errors.noTwoStep')).toBe('You have no two-step sign-in to turn off.');
    expect(inEnglish('account.errors.fields.notRight')).toBe('is not right');
    expect(inEnglish('account.errors.fields.doesNotMatch')).toBe('does not match');
  });

  it('the team page', () => {
    expect(inEnglish('team.errors.alreadyHasAccount', { email: 'ana@example.com' })).toBe(
      'ana@example.com already has an account.',
    );
    expect(inEnglish('team.errors.companySignInOnly', { name: 'Ana Admin' })).toBe(
      'Ana Admin signs in through company sign-in only: there is no password to reset.',
    );
    expect(inEnglish('team.errors.noTwoStep', { name: 'Ana Admin' })).toBe(
      'Ana Admin has no two-step sign-in to reset.',
    );
    expect(inEnglish('team.errors.lastAdmin')).toBe('This is the last active admin: make another member admin first.');
    expect(inEnglish('team.errors.fields.alreadyHasAccount')).toBe('already has an account');
  });
});
