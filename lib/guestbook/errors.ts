import { ProblemDetails } from './schemas';

/** Why a call failed when the API did not answer with an HTTP error of its own. */
/**
 * ('over_share': the dashboard's own budget refused the request, the member being over their
 * share of it; 'busy': the request would have waited for room in its lane and its caller asked
 * not to wait. In both, no request was sent.)
 */
export type TransportCode =
  'network' | 'timeout' | 'aborted' | 'rate_limited' | 'over_share' | 'busy' | 'invalid_response';

export interface FieldError {
  field: string;
  message: string;
}

/** Marks a GuestbookApiError whichever copy of this module made it (see Symbol.hasInstance below). */
const API_ERROR = Symbol.for('guestbook.GuestbookApiError');

/**
 * A failed API call. `status` is the HTTP status (0 when no response arrived); the API's own
 * problem detail is kept so callers can show what the API named (a commitment, a field).
 */
export class GuestbookApiError extends Error {
  /**
   * The server bundles this module more than once (pages, route handlers), while the one API
   * client of the process is made by whichever code asked first: `instanceof` must hold for an
   * error thrown by another copy of the class, or a route would take the API's answer for an
   * unexpected failure.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && API_ERROR in value;
  }

  readonly [API_ERROR] = true;
  readonly status: number;
  readonly title: string | undefined;
  readonly detail: string | undefined;
  readonly fieldErrors: FieldError[];
  readonly requestId: string | undefined;
  readonly code: TransportCode | undefined;
  readonly method: string;
  readonly path: string;
  /** after a 429: when the API's window resets (X-RateLimit-Reset / Retry-After), or when the member's share has room again */
  readonly retryAt: Date | undefined;

  constructor(init: {
    retryAt?: Date;
    status: number;
    method: string;
    path: string;
    title?: string;
    detail?: string;
    fieldErrors?: FieldError[];
    requestId?: string;
    code?: TransportCode;
    cause?: unknown;
  }) {
    const summary = init.detail ?? init.title ?? init.code ?? `HTTP ${init.status}`;
    super(`${init.method} ${init.path} failed: ${init.status ? `${init.status} ` : ''}${summary}`, {
      cause: init.cause,
    });
    this.name = 'GuestbookApiError';
    this.status = init.status;
    this.title = init.title;
    this.detail = init.detail;
    this.fieldErrors = init.fieldErrors ?? [];
    this.requestId = init.requestId;
    this.code = init.code;
    this.method = init.method;
    this.path = init.path;
    this.retryAt = init.retryAt;
  }
}

/** A refusal for the request budget (the partner's, the member's share, the API's own limit): nothing was sent. */
export const isBudgetRefusal = (e: unknown): e is GuestbookApiError =>
  e instanceof GuestbookApiError && (e.code === 'busy' || e.code === 'over_share' || e.code === 'rate_limited');

/** Builds the error of a non-2xx response from its body, tolerating bodies that are not problem+json. */
export function errorFromResponse(
  method: string,
  path: string,
  status: number,
  bodyText: string,
  requestId?: string,
  retryAt?: Date,
): GuestbookApiError {
  let problem: ProblemDetails = {};
  try {
    const parsed = ProblemDetails.safeParse(JSON.parse(bodyText));
    if (parsed.success) problem = parsed.data;
  } catch {
    // Not JSON: keep only the status; a raw body may carry anything and is never surfaced.
  }
  return new GuestbookApiError({
    status,
    method,
    path,
    title: problem.title,
    detail: problem.detail,
    fieldErrors: problem.errors?.map((e) => ({ field: e.field, message: e.message })),
    requestId: problem.request_id ?? requestId,
    code: status === 429 ? 'rate_limited' : undefined,
    retryAt: status === 429 ? retryAt : undefined,
  });
}
