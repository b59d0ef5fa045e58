import type { FieldErrors } from '../../actions/result';
import type { GuestbookApiError } from '../../guestbook';

export type { FieldErrors };

/**
 * Turns an API error into a message staff can act on. The API's own detail is kept where it
 * names what is wrong (a 422 naming a commitment); raw bodies never reach the browser.
 */
export function describeApiError(e: GuestbookApiError): { message: string; fieldErrors?: FieldErrors } {
  const detail = e.detail ? ` ${e.detail.replace(/\s+/g, ' ').slice(0, 300)}` : '';
  const fieldErrors: FieldErrors | undefined = e.fieldErrors?.length
    ? Object.fromEntries(e.fieldErrors.map((f) => [f.field, [f.message]]))
    : undefined;
  if (e.path === '/oauth/token' && (e.status === 0 || e.status >= 500)) {
    return {
      message:
        'The Guest Book token service is not answering, so the dashboard cannot call the API. Try again in a moment.',
    };
  }
  switch (e.code) {
    case 'network':
      return { message: 'The Guest Book API cannot be reached right now. Try again in a moment.' };
    case 'timeout':
      return {
        message: 'The Guest Book API did not answer in time. Try again; if a change was sent, reload to check it.',
      };
    case 'aborted':
      return { message: 'The request was cancelled.' };
    case 'rate_limited':
      return { message: rateLimitMessage(e) };
    case 'over_share':
      return { message: overShareMessage(e) };
    case 'busy':
      return { message: busyMessage(e) };
    case 'invalid_response':
      return { message: 'The Guest Book API answered with data the dashboard does not understand.' };
  }
  switch (e.status) {
    case 400:
      return { message: `The API rejected the request as malformed.${detail}`, fieldErrors };
    case 401:
      return {
        message: 'The API did not accept the dashboard credentials. An admin must check the client id and secret.',
      };
    case 403:
      return {
        message: /suspend/i.test(e.detail ?? '')
          ? 'The partner identity is suspended; the API refuses changes until it is resumed.'
          : `The API refused: this entity is not assigned to these credentials or the scope is missing.${detail}`,
      };
    case 404:
      return { message: `Not found: it may have been removed, or it does not belong to this partner.${detail}` };
    case 409:
    case 422:
      return { message: `The API refused the change.${detail}`, fieldErrors };
    case 429:
      return { message: rateLimitMessage(e) };
    default:
      return { message: `The Guest Book API failed (HTTP ${e.status}). Try again in a moment.` };
  }
}

const clock = (d: Date) => d.toISOString().slice(11, 19);

/** "rate limit, retrying at …": when the API's window resets, in UTC. */
function rateLimitMessage(e: GuestbookApiError): string {
  return e.retryAt
    ? `The API's rate limit is reached; requests resume at ${clock(e.retryAt)} UTC. Try again then.`
    : "The API's rate limit is reached. Try again in a minute.";
}

/** The request would have waited longer than its caller waits for room in the partner's request budget: nothing was sent. */
function busyMessage(e: GuestbookApiError): string {
  const seconds = e.retryAt ? Math.max(1, Math.ceil((e.retryAt.getTime() - Date.now()) / 1000)) : 60;
  return `The partner's API request budget is fully used for the moment; nothing was sent. Try again in ${seconds} s.`;
}

/**
 * The member sent more than their share of the budget (RequestBudget's fair shares): nothing was
 * sent, and the wait is theirs alone, in seconds from now (rounded up, at least 1).
 */
function overShareMessage(e: GuestbookApiError): string {
  const seconds = e.retryAt ? Math.max(1, Math.ceil((e.retryAt.getTime() - Date.now()) / 1000)) : 60;
  return `You are sending requests faster than your share of the partner's API budget; try again in ${seconds} s.`;
}
