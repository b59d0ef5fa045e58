import { said, type Said } from '@/lib/i18n/said';

import type { FieldErrors } from '../../actions/result';
import type { GuestbookApiError } from '../../guestbook';

export type { FieldErrors };

/**
 * Turns an API error into a message staff can act on. The API's own detail is kept where it
 * names what is wrong (a 422 naming a commitment), in the API's words; raw bodies never reach
 * the browser. The field errors are the API's words too.
 */
export function describeApiError(e: GuestbookApiError): { said: Said; fieldErrors?: FieldErrors } {
  const detail = e.detail ? ` ${e.detail.replace(/\s+/g, ' ').slice(0, 300)}` : '';
  const fieldErrors: FieldErrors | undefined = e.fieldErrors?.length
    ? Object.fromEntries(e.fieldErrors.map((f) => [f.field, [f.message]]))
    : undefined;
  if (e.path === '/oauth/token' && (e.status === 0 || e.status >= 500))
    return { said: said('errors.api.tokenServiceDown') };
  switch (e.code) {
    case 'network':
      return { said: said('errors.api.unreachable') };
    case 'timeout':
      return { said: said('errors.api.timeout') };
    case 'aborted':
      return { said: said('errors.api.aborted') };
    case 'rate_limited':
      return { said: rateLimitMessage(e) };
    case 'over_share':
      return { said: said('errors.api.overShare', { seconds: secondsUntil(e) }) };
    case 'busy':
      return { said: said('errors.api.budgetBusy', { seconds: secondsUntil(e) }) };
    case 'invalid_response':
      return { said: said('errors.api.invalidResponse') };
  }
  switch (e.status) {
    case 400:
      return { said: said('errors.api.malformed', { detail }), fieldErrors };
    case 401:
      return { said: said('errors.api.credentials') };
    case 403:
      return {
        said: /suspend/i.test(e.detail ?? '') ? said('errors.api.suspended') : said('errors.api.forbidden', { detail }),
      };
    case 404:
      return { said: said('errors.api.notFound', { detail }) };
    case 409:
    case 422:
      return { said: said('errors.api.refused', { detail }), fieldErrors };
    case 429:
      return { said: rateLimitMessage(e) };
    default:
      return { said: said('errors.api.failed', { status: e.status }) };
  }
}

const clock = (d: Date) => d.toISOString().slice(11, 19);

/** "rate limit, retrying at …": when the API's window resets, in UTC. */
function rateLimitMessage(e: GuestbookApiError): Said {
  return e.retryAt ? said('errors.api.rateLimitedUntil', { time: clock(e.retryAt) }) : said('errors.api.rateLimited');
}

/**
 * How long until a refusal of the request budget ends, in seconds from now (rounded up, at least
 * 1): the budget is fully used (`busy`), or the member sent more than their share (`over_share`,
 * a wait that is theirs alone). Nothing was sent.
 */
function secondsUntil(e: GuestbookApiError): number {
  return e.retryAt ? Math.max(1, Math.ceil((e.retryAt.getTime() - Date.now()) / 1000)) : 60;
}
