/**
 * What the API client asks before each request it sends. The dashboard's server hands it its
 * request budget (lib/server/budget: lanes, fair shares, one window for every process); without
 * one, the client only honours the waits the API itself announced (ApiWaits: a 429's Retry-After,
 * a window reported spent).
 */
import { API_REQUESTS_PER_MINUTE, type RateLimitState } from './rate-limit';

/**
 * Why a request was not sent, and when to try again: 'blocked', the API announced a wait (a 429,
 * a spent window); 'share', the member is over their share of the budget; 'busy', the budget's
 * lane has no room now and the caller does not wait that long.
 */
export interface GateRefusal {
  reason: 'blocked' | 'share' | 'busy';
  retryAt: Date;
}

/** One call's turn at the gate, for each of its attempts. */
export interface GateTurn {
  /** the longest the call may wait, for the gate or after a 429, within the client's own longest wait */
  maxWaitMs: number;
  /** waits until one more request may be sent and counts it, or says why not and when to try again */
  take(): Promise<GateRefusal | null>;
  /** what the request is for, said in its User-Agent: `sync` for the dashboard's background sync */
  purpose?: string;
  /**
   * aborted when what the call serves is over (a page view answered, or its browser gone): no
   * attempt starts after it, and a request in flight is left to finish
   */
  ended?: AbortSignal;
}

export interface RequestGate {
  /** The turn of one call of the caller (the request being served), whose longest wait is `maxWaitMs`. */
  turn(maxWaitMs: number): GateTurn;
  /** Whether a request of the caller would be sent at once, without waiting. */
  canSendNow(): boolean;
  /** Records what the API said about its window (the X-RateLimit-* headers). */
  observe(state: RateLimitState | null): void;
  /** Every request waits `ms` from now (a 429's Retry-After). */
  blockFor(ms: number): void;
  /** Until when the API asked every request to wait; null when it did not, or that time has passed. */
  blockedUntil(): Date | null;
  /** Requests sent in the last 60 s and in the last 10 s, and how many are allowed per minute. */
  readonly figures: { used: number; lastTenSeconds: number; perMinute: number };
}

/** The gate of a client without a budget: only the waits the API announced, and its own limit. */
export class ApiWaits implements RequestGate {
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  #blockedUntil = 0;

  constructor(now: () => number, sleep: (ms: number) => Promise<void>) {
    this.#now = now;
    this.#sleep = sleep;
  }

  turn(maxWaitMs: number): GateTurn {
    return {
      maxWaitMs,
      take: async () => {
        const waitMs = this.#blockedUntil - this.#now();
        if (waitMs > maxWaitMs) return { reason: 'blocked', retryAt: new Date(this.#now() + waitMs) };
        if (waitMs > 0) await this.#sleep(waitMs);
        return null;
      },
    };
  }

  canSendNow(): boolean {
    return this.#blockedUntil <= this.#now();
  }

  observe(state: RateLimitState | null): void {
    if (state && state.remaining <= 0) this.#blockedUntil = Math.max(this.#blockedUntil, state.resetAt.getTime());
  }

  blockFor(ms: number): void {
    this.#blockedUntil = Math.max(this.#blockedUntil, this.#now() + ms);
  }

  blockedUntil(): Date | null {
    return this.#blockedUntil > this.#now() ? new Date(this.#blockedUntil) : null;
  }

  get figures() {
    return { used: 0, lastTenSeconds: 0, perMinute: API_REQUESTS_PER_MINUTE };
  }
}
