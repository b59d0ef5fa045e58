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

/**
 * Which queue an API request waits in when the budget runs short (DESIGN.md, "The request budget:
 * lanes and shares"): a write and the reads it needs first, then a member's page view, then
 * background work (polls, read-ahead, suggestions, exports), which takes only spare budget.
 */
export type RequestLane = 'write' | 'view' | 'background';

/** Who asks, and in which lane: the budget's fair shares are per member. */
export interface RequestTicket {
  lane: RequestLane;
  /** the staff member the request is made for; null for the server's own requests (health, start) */
  member: string | null;
}

/** What a shared window answers to one request: counted (both waits 0), or how long to wait. */
export interface SharedTake {
  /** a block every process respects (a 429's Retry-After, a window the API reported spent), in ms from now */
  blockedMs: number;
  /** until a request leaves the shared 60-second span, in ms; 0 when this one was counted */
  waitMs: number;
  /** requests counted across every process in the last 60 s and 10 s, this one included */
  used: number;
  lastTenSeconds: number;
}

/**
 * A request window shared by several processes of one client (e.g. through their database):
 * each API request costs one unit, counted once it fits. Implementations never throw: when the
 * store cannot answer they grant the request and the process's own window alone applies.
 */
export interface SharedBudgetWindow {
  take(perMinute: number): Promise<SharedTake>;
  /** Every process waits `ms` from now before its next request. */
  block(ms: number): Promise<void>;
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
  readonly #shared: SharedBudgetWindow | undefined;
  #blockedUntil = 0;
  /** the shared window's figures at this process's last request */
  #sharedFigures: { at: number; used: number; lastTenSeconds: number } | null = null;

  /**
   * With `shared`, the budget is one for every process sharing that window: a request is sent
   * only once both this process's count and the shared count leave room, and a block one process
   * learns from the API holds for all.
   */
  constructor(perMinute: number, now: () => number, sleep: (ms: number) => Promise<void>, shared?: SharedBudgetWindow) {
    this.#perMinute = perMinute;
    this.#now = now;
    this.#sleep = sleep;
    this.#shared = shared;
  }

  /**
   * Waits until one more request fits, then counts it. The process's own pacing is always
   * waited out; a block the API announced (a 429, or a spent window) longer than `maxWaitMs`
   * is not: the time it ends is returned instead, for the caller to report.
   */
  async take(maxWaitMs = Infinity, _ticket: RequestTicket = { lane: 'view', member: null }): Promise<Date | null> {
    for (;;) {
      const now = this.#now();
      while (this.#sent.length && this.#sent[0]! <= now - 60_000) this.#sent.shift();
      const waitForApi = this.#blockedUntil - now;
      const waitForBudget = this.#sent.length >= this.#perMinute ? this.#sent[0]! + 60_000 - now : 0;
      const wait = Math.max(waitForApi, waitForBudget);
      if (wait <= 0) {
        if (this.#shared) {
          const answer = await this.#shared.take(this.#perMinute);
          const at = this.#now();
          this.#sharedFigures = { at, used: answer.used, lastTenSeconds: answer.lastTenSeconds };
          if (answer.blockedMs > 0 || answer.waitMs > 0) {
            if (answer.blockedMs > maxWaitMs) return new Date(at + answer.blockedMs);
            await this.#sleep(Math.max(answer.blockedMs, answer.waitMs));
            continue;
          }
        }
        this.#sent.push(this.#now());
        return null;
      }
      if (waitForApi > maxWaitMs) return new Date(now + waitForApi);
      await this.#sleep(wait);
    }
  }

  /** Records what the API said about its window. */
  observe(state: RateLimitState | null): void {
    if (state && state.remaining <= 0) {
      this.#blockedUntil = Math.max(this.#blockedUntil, state.resetAt.getTime());
      void this.#shared?.block(state.resetAt.getTime() - this.#now());
    }
  }

  blockFor(ms: number): void {
    this.#blockedUntil = Math.max(this.#blockedUntil, this.#now() + ms);
    void this.#shared?.block(ms);
  }

  /** Requests this process allows itself in any 60-second span. */
  get perMinute(): number {
    return this.#perMinute;
  }

  /** Requests counted in the current 60-second span. */
  get used(): number {
    return this.usedWithin(60_000);
  }

  /**
   * Requests counted in the last `ms` milliseconds (of the current 60-second span). With a
   * shared window, for spans of 10 s and 60 s, the larger of this process's count and the shared
   * count seen at its last request (within that span).
   */
  usedWithin(ms: number): number {
    const now = this.#now();
    const span = Math.min(ms, 60_000);
    const own = this.#sent.filter((t) => t > now - span).length;
    const shared = this.#sharedFigures;
    if (!shared || shared.at <= now - span) return own;
    return Math.max(own, span >= 60_000 ? shared.used : span >= 10_000 ? shared.lastTenSeconds : 0);
  }
}
