/**
 * The structured log (pino, JSON lines), each line written while an HTTP request is served
 * carrying its request id, and unexpected failures logged without anything a query carried.
 * Free of `server-only`: scripts/server.ts gives each request its id from here (its budget
 * ticket, lane and member, is lib/server/budget's).
 */

export { logUnexpected } from './log';
export { logger } from './logger';
