/** The figures of the last X-RateLimit-* headers the API sent. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  resetAt: Date;
}

export function readRateLimit(headers: Headers): RateLimitState | null {
  const limit = Number(headers.get('x-ratelimit-limit'));
  const remaining = Number(headers.get('x-ratelimit-remaining'));
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (!headers.has('x-ratelimit-limit') || !Number.isFinite(limit) || !Number.isFinite(remaining) || !Number.isFinite(reset)) return null;
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

/**
 * The process's request budget: at most `perMinute` requests in any 60-second span, shared by
 * every caller of one client, so that ordinary use stays below the API's own limit instead of
 * discovering it through 429s. When the API reports its window as spent, callers wait for the
 * reset it announced.
 */
export class RequestBudget {
  readonly #perMinute: number;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #sent: number[] = [];
  #blockedUntil = 0;

  constructor(perMinute: number, now: () => number, sleep: (ms: number) => Promise<void>) {
    this.#perMinute = perMinute;
    this.#now = now;
    this.#sleep = sleep;
  }

  /**
   * Waits until one more request fits, then counts it. The process's own pacing is always
   * waited out; a block the API announced (a 429, or a spent window) longer than `maxWaitMs`
   * is not: the time it ends is returned instead, for the caller to report.
   */
  async take(maxWaitMs = Infinity): Promise<Date | null> {
    for (;;) {
      const now = this.#now();
      while (this.#sent.length && this.#sent[0]! <= now - 60_000) this.#sent.shift();
      const waitForApi = this.#blockedUntil - now;
      const waitForBudget = this.#sent.length >= this.#perMinute ? this.#sent[0]! + 60_000 - now : 0;
      const wait = Math.max(waitForApi, waitForBudget);
      if (wait <= 0) {
        this.#sent.push(now);
        return null;
      }
      if (waitForApi > maxWaitMs) return new Date(now + waitForApi);
      await this.#sleep(wait);
    }
  }

  /** Records what the API said about its window. */
  observe(state: RateLimitState | null): void {
    if (state && state.remaining <= 0) this.#blockedUntil = Math.max(this.#blockedUntil, state.resetAt.getTime());
  }

  blockFor(ms: number): void {
    this.#blockedUntil = Math.max(this.#blockedUntil, this.#now() + ms);
  }

  /** Requests this process allows itself in any 60-second span. */
  get perMinute(): number {
    return this.#perMinute;
  }

  /** Requests counted in the current 60-second span. */
  get used(): number {
    return this.usedWithin(60_000);
  }

  /** Requests counted in the last `ms` milliseconds (of the current 60-second span). */
  usedWithin(ms: number): number {
    const now = this.#now();
    return this.#sent.filter((t) => t > now - Math.min(ms, 60_000)).length;
  }
}
