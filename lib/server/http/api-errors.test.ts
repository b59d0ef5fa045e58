import { describe, expect, it, vi } from 'vitest';

import { translateSaid } from '@/lib/i18n/said';

import { GuestbookApiError } from '../../guestbook/errors';
import { inEnglish } from '../../i18n/translator';
import { describeApiError as describeSaid } from './api-errors';

/** The description as an English reader gets it. */
function describeApiError(e: GuestbookApiError) {
  const { said, fieldErrors } = describeSaid(e);
  return { message: translateSaid(inEnglish, said), fieldErrors };
}

const error = (init: Partial<ConstructorParameters<typeof GuestbookApiError>[0]>) =>
  new GuestbookApiError({ status: 0, method: 'GET', path: '/v2/venues', ...init });

describe('describeApiError', () => {
  it('says when requests resume after a rate limit', () => {
    expect(
      describeApiError(error({ status: 429, code: 'rate_limited', retryAt: new Date('2026-11-22T12:00:02Z') })).message,
    ).toBe('Guest Book’s request limit is reached; requests resume at 12:00:02 UTC. Try again then.');
  });

  it('names an unassigned entity, a suspension and a missing resource in words staff can act on', () => {
    expect(
      describeApiError(error({ status: 403, detail: 'Entity 123 is not assigned to these credentials.' })).message,
    ).toContain('not assigned to these credentials');
    expect(describeApiError(error({ status: 403, detail: 'The calling identity is suspended.' })).message).toBe(
      'The partner’s account is suspended; Guest Book refuses changes until it is resumed.',
    );
    expect(describeApiError(error({ status: 404, detail: 'Venue x does not exist.' })).message).toMatch(/^Not found/);
  });

  it('maps field errors of a 422 onto their fields', () => {
    const described = describeApiError(
      error({
        status: 422,
        detail: 'default_locale: invalid',
        fieldErrors: [{ field: 'default_locale', message: 'must be one of the 22 supported locale codes' }],
      }),
    );
    expect(described.fieldErrors).toEqual({ default_locale: ['must be one of the 22 supported locale codes'] });
  });

  it('names the token service when it is down, and the credentials when it refuses them', () => {
    expect(describeApiError(error({ status: 503, method: 'POST', path: '/oauth/token' })).message).toMatch(
      /^The Guest Book sign-in service is not answering/,
    );
    expect(
      describeApiError(error({ status: 0, code: 'network', method: 'POST', path: '/oauth/token' })).message,
    ).toMatch(/^The Guest Book sign-in service is not answering/);
    expect(describeApiError(error({ status: 401, method: 'POST', path: '/oauth/token' })).message).toMatch(
      /credentials/,
    );
  });
});

describe('describeApiError for a member over their share of the budget', () => {
  it('says so and when to try again, in seconds', () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T14:00:00Z'), toFake: ['Date'] });
    try {
      const e = error({ status: 429, code: 'over_share', retryAt: new Date('2026-11-25T14:00:41.500Z') });
      expect(describeApiError(e).message).toBe(
        'You are sending requests faster than your share of the partner’s Guest Book request budget; try again in 42 s.',
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
