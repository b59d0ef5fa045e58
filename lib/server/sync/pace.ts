/**
 * How fast the directory's background sync goes: its share of the request budget (counted
 * request by request over the last 60 s), a pause when the API's rate-limit headers say its
 * window is nearly spent, and the cadence of its turns, slowed rather than over the share.
 * Framework-free: plain rules, tested on their own.
 */
import type { RateLimitState } from '../../guestbook/rate-limit';

/** A turn every minute while anyone is signed in (DIRECTORY_SYNC_SECONDS); every 10 minutes otherwise. */
export const ACTIVE_INTERVAL_MS = 60_000;
export const IDLE_INTERVAL_MS = 10 * 60_000;

const WINDOW_MS = 60_000;

/** The sync stops its turn here: its share of the minute is spent, or the API asked for a pause, until `resumeAt` (ms). */
export class SyncPaused extends Error {
  constructor(
    readonly resumeAt: number,
    readonly why: 'share' | 'rate-limit',
  ) {
    super(`directory sync paused (${why})`);
    this.name = 'SyncPaused';
  }
}

/**
 * When the API's own figures ask the sync to wait: a block the client learnt (a 429's
 * Retry-After, a window reported spent), or a window whose remaining requests are fewer than the
 * sync's share of it, which it leaves to the members until the window resets. null: go on.
 */
export function apiPauseUntil(
  rateLimit: RateLimitState | null,
  blockedUntil: Date | null,
  sharePercent: number,
  now: number,
): number | null {
  if (blockedUntil && blockedUntil.getTime() > now) return blockedUntil.getTime();
  if (rateLimit && rateLimit.resetAt.getTime() > now && rateLimit.remaining < (rateLimit.limit * sharePercent) / 100)
    return rateLimit.resetAt.getTime();
  return null;
}

/** The sync's requests of the last 60 s, within its share of the per-minute budget. */
export class SyncShare {
  readonly #sent: number[] = [];

  constructor(
    readonly limit: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The share of a budget of `perMinute` requests a minute at `percent` %: at least one request. */
  static of(perMinute: number, percent: number, now?: () => number): SyncShare {
    return new SyncShare(Math.max(1, Math.floor((perMinute * percent) / 100)), now);
  }

  /** Requests counted in the last 60 s. */
  get used(): number {
    const since = this.now() - WINDOW_MS;
    while (this.#sent.length && this.#sent[0]! <= since) this.#sent.shift();
    return this.#sent.length;
  }

  /** Counts one request about to be sent, or throws SyncPaused (until the oldest leaves the window) when the share is spent. */
  take(): void {
    if (this.used >= this.limit) throw new SyncPaused(this.#sent[0]! + WINDOW_MS, 'share');
    this.#sent.push(this.now());
  }
}

/**
 * The wait before the next turn: the cadence (`activeIntervalMs` while anyone is signed in, a
 * minute by default; else ten minutes, or the active one when longer), longer when the last
 * turn's requests at that cadence would take more than the share a minute (a turn of R requests
 * every I ms costs R × 60 s / I a minute), and never before a pause ends.
 */
export function nextTurnDelay({
  active,
  activeIntervalMs = ACTIVE_INTERVAL_MS,
  lastTurnRequests,
  shareLimit,
  pausedUntil,
  now,
}: {
  active: boolean;
  activeIntervalMs?: number;
  lastTurnRequests: number;
  shareLimit: number;
  pausedUntil: number | null;
  now: number;
}): number {
  const cadence = active ? activeIntervalMs : Math.max(IDLE_INTERVAL_MS, activeIntervalMs);
  const paced = Math.ceil((lastTurnRequests * WINDOW_MS) / Math.max(1, shareLimit));
  return Math.max(cadence, paced, pausedUntil === null ? 0 : pausedUntil - now);
}
