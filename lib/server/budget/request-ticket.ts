/**
 * Each dashboard request's ticket for the request budget: the lane and member its API requests
 * are budgeted to, when it arrived, whether it holds a lock others wait for. Kept in an
 * AsyncLocalStorage of its own, apart from the log's request id (lib/server/log):
 * scripts/server.ts starts both for every request, the budget reads this one, the log reads its
 * own.
 *
 * The storage is process-wide (lib/server/process-wide): scripts/server.ts and the code Next
 * bundles are separate module instances of this file. Free of `server-only`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

import { processWide } from '../process-wide';

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
  /**
   * when the request it serves arrived (ms since the epoch): a page view's requests wait for the
   * budget until `maxViewWaitMs` after it, all of them together, not each that long (gate.ts)
   */
  since?: number;
  /**
   * a write made while holding a lock other requests wait for (an apply's re-read and PUTs):
   * it may use the lock reserve beyond the window (lockReserve), so that it is not held up
   * waiting for room while the applies queued behind its lock wait with it
   */
  underLock?: boolean;
  /** `sync`: a request of the background sync, which says so in its User-Agent (logs, the sandbox's request log) */
  purpose?: 'sync';
  /**
   * aborted once the response to the request has ended (answered, or its browser gone): a page
   * view's API requests not sent by then are not sent (gate.ts)
   */
  ended?: AbortSignal;
}

const context = processWide(
  'the request budget ticket of the request being served',
  () => new AsyncLocalStorage<RequestTicket>(),
);

/**
 * Runs `fn` (and everything it starts) as one dashboard request, its API requests in `lane` (a
 * page view unless said) until the request says who it is for (setRequestTicket).
 */
export function withRequestTicket<T>(
  fn: () => T,
  lane: RequestLane = 'view',
  since = Date.now(),
  ended?: AbortSignal,
): T {
  return context.run({ lane, member: null, since, ended }, fn);
}

/** The ticket of the request being served: a page view of no one outside a request. */
export function currentRequestTicket(): RequestTicket {
  const store = context.getStore();
  // A copy: the store changes as the request says who it is for (setRequestTicket).
  return store ? { ...store } : { lane: 'view', member: null };
}

/**
 * Runs `fn` with API requests made under a lock other requests wait for (RequestTicket.underLock):
 * they may use the budget's small reserve instead of waiting for room while the others wait.
 */
export function underLock<T>(fn: () => T): T {
  const store = context.getStore();
  return store ? context.run({ ...store, underLock: true }, fn) : fn();
}

/** Names the member a request is served for, or moves it to another lane (a write, background work). */
export function setRequestTicket(ticket: Partial<RequestTicket>): void {
  const store = context.getStore();
  if (store) Object.assign(store, ticket);
}
