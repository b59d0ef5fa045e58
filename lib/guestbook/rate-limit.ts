/**
 * What the API says about its rate limit (spec, "Rate limits"): the X-RateLimit-* headers of
 * every answer, and how long a 429 asks to wait. The dashboard's own request budget, which keeps
 * below that limit, is lib/server/budget.
 */

/** The figures of the last X-RateLimit-* headers the API sent. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  resetAt: Date;
}

/** The API's own limit per client and minute (spec, "Rate limits"): the budget is at most this. */
export const API_REQUESTS_PER_MINUTE = 1_000;

export function readRateLimit(headers: Headers): RateLimitState | null {
  const limit = Number(headers.get('x-ratelimit-limit'));
  const remaining = Number(headers.get('x-ratelimit-remaining'));
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (
    !headers.has('x-ratelimit-limit') ||
    !Number.isFinite(limit) ||
    !Number.isFinite(remaining) ||
    !Number.isFinite(reset)
  )
    return null;
  return { limit, remaining, resetAt: new Date(reset * 1000) };
}

/** How long a 429 asks to wait: Retry-After (seconds or an HTTP date), else until X-RateLimit-Reset. */
export function retryDelayMs(headers: Headers, now: number): number {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const at = Date.parse(retryAfter);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.max(0, reset * 1000 - now);
  return 1000;
}
