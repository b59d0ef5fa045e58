/**
 * The structured log (pino, JSON lines) with each HTTP request's context (request id, lane,
 * member, budget ticket), and unexpected failures logged without anything a query carried.
 * Free of `server-only`: scripts/server.ts creates the request context from here.
 */

export { logUnexpected } from './log';
export {
  currentRequestTicket,
  logger,
  newRequestId,
  setRequestTicket,
  underLock,
  withoutWaiting,
  withRequestId,
} from './logger';
