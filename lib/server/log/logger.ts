/**
 * The dashboard's structured log: one JSON object per line on stdout (pino: maintained, fast,
 * and JSON lines are what log collectors read). Each HTTP request gets an id (scripts/server.ts,
 * also sent back as X-Request-Id); every line written while that request is served carries it,
 * the API-call lines included, so one page view can be followed across the calls it made.
 *
 * What goes in is chosen field by field: methods, paths without their query, statuses,
 * durations, counts, ids. Never a header, token, secret, body or an error's message; the
 * redaction below only guards against a mistake.
 *
 * The logger and the request context live on globalThis: scripts/server.ts and the code Next
 * bundles are separate module instances of this file. Kept free of `server-only`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino from 'pino';

import type { RequestLane, RequestTicket } from '../../guestbook/rate-limit';

/** What the server knows of the request being served: its id, and the lane and member its API requests are budgeted to. */
interface RequestContext extends RequestTicket {
  requestId: string;
}

interface Shared {
  logger: pino.Logger;
  context: AsyncLocalStorage<RequestContext>;
}

const SENSITIVE = ['authorization', 'cookie', 'token', 'secret', 'password', 'body', 'headers'];

const globalForLog = globalThis as unknown as { dashboardLog?: Shared };
const shared = (globalForLog.dashboardLog ??= {
  logger: pino(
    {
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: [...SENSITIVE, ...SENSITIVE.map((k) => `*.${k}`)], remove: true },
      mixin: () => {
        const requestId = globalForLog.dashboardLog?.context.getStore()?.requestId;
        return requestId ? { requestId } : {};
      },
    },
    // Written through process.stdout as it is, line by line (and visible to a test's spy).
    { write: (line: string) => void process.stdout.write(line) },
  ),
  context: new AsyncLocalStorage(),
});

export const logger: pino.Logger = shared.logger;

export function newRequestId(): string {
  return randomUUID();
}

/**
 * Runs `fn` (and everything it starts) as part of the request `requestId`, its API requests in
 * `lane` (a page view unless said) until the request says who it is for (setRequestTicket).
 */
export function withRequestId<T>(requestId: string, fn: () => T, lane: RequestLane = 'view', since = Date.now()): T {
  return shared.context.run({ requestId, lane, member: null, since }, fn);
}

/** The lane and member of the request being served: a page view of no one outside a request. */
export function currentRequestTicket(): RequestTicket {
  const store = shared.context.getStore();
  if (!store) return { lane: 'view', member: null };
  // A copy: the store changes as the request says who it is for (setRequestTicket).
  const { requestId: _requestId, ...ticket } = store;
  return ticket;
}

/**
 * Runs `fn` with API requests that are refused at once (a 'busy' GuestbookApiError) instead of
 * waiting for room in their lane: for a caller with a stored answer to serve instead.
 */
export function withoutWaiting<T>(fn: () => T): T {
  const store = shared.context.getStore();
  return store ? shared.context.run({ ...store, waits: false }, fn) : fn();
}

/**
 * Runs `fn` with API requests made under a lock other requests wait for (RequestTicket.underLock):
 * they may use the budget's small reserve instead of waiting for room while the others wait.
 */
export function underLock<T>(fn: () => T): T {
  const store = shared.context.getStore();
  return store ? shared.context.run({ ...store, underLock: true }, fn) : fn();
}

/** Names the member a request is served for, or moves it to another lane (a write, background work). */
export function setRequestTicket(ticket: Partial<RequestTicket>): void {
  const store = shared.context.getStore();
  if (store) Object.assign(store, ticket);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return shared.context.getStore()?.requestId;
}

/** The path of a request target without its query (a search can hold a guest's e-mail). */
export function pathOnly(target: string | undefined): string {
  return (target ?? '').split('?')[0]!.slice(0, 300);
}
