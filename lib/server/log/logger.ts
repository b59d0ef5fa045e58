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
 * The request's lane and member for the API request budget are not kept here: they are the
 * budget's own request context (lib/server/budget/request-ticket.ts), which scripts/server.ts
 * starts beside this one.
 *
 * The logger and the request id's context are process-wide (lib/server/process-wide): scripts/server.ts
 * and the code Next bundles are separate module instances of this file. Kept free of `server-only`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino from 'pino';

import { processWide } from '../process-wide';

/** What the log knows of the request being served: its id, on every line written while it is served. */
interface RequestContext {
  requestId: string;
}

interface Shared {
  logger: pino.Logger;
  context: AsyncLocalStorage<RequestContext>;
}

const SENSITIVE = ['authorization', 'cookie', 'token', 'secret', 'password', 'body', 'headers'];

const shared: Shared = processWide('the JSON logger and the id of the request being served', () => ({
  logger: pino(
    {
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: [...SENSITIVE, ...SENSITIVE.map((k) => `*.${k}`)], remove: true },
      mixin: () => {
        const requestId = shared.context.getStore()?.requestId;
        return requestId ? { requestId } : {};
      },
    },
    // Written through process.stdout as it is, line by line (and visible to a test's spy).
    { write: (line: string) => void process.stdout.write(line) },
  ),
  context: new AsyncLocalStorage(),
}));

export const logger: pino.Logger = shared.logger;

export function newRequestId(): string {
  return randomUUID();
}

/** Runs `fn` (and everything it starts) as part of the request `requestId`: its log lines carry the id. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return shared.context.run({ requestId }, fn);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return shared.context.getStore()?.requestId;
}

/** The path of a request target without its query (a search can hold a guest's e-mail). */
export function pathOnly(target: string | undefined): string {
  return (target ?? '').split('?')[0]!.slice(0, 300);
}
