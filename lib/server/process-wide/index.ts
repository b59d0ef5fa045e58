/**
 * The process's singletons, in one registry, each under a name that says what it holds. They
 * live on globalThis, not in a module's own variables: scripts/server.ts and the code Next
 * bundles are separate module instances of the same files, and a dev reload runs a module
 * again. `processWide(name, make)` answers the one value of that name in this process, made on
 * first use. A value that is a guess or a stale answer says so in its name; state that must hold
 * across processes is not here but in the dashboard database.
 *
 * Free of `server-only` and of any import: every folder of lib/server, scripts/server.ts and
 * proxy.ts may use it.
 */

/** Every process-wide value, by what it holds (and the module that keeps it). */
export type ProcessWideName =
  /** lib/server/log/logger.ts */
  | 'the JSON logger and the id of the request being served'
  /** lib/server/budget/request-ticket.ts */
  | 'the request budget ticket of the request being served'
  /** lib/server/db/index.ts */
  | 'the dashboard database, opened'
  /** lib/server/auth/client-address.ts */
  | 'whether scripts/server.ts serves this process (the client address header is its own)'
  /** lib/server/api/guestbook.ts */
  | 'the API client with its tokens and request budget'
  /** lib/server/api/read.ts */
  | 'the stored answers a page render was served, with their age'
  /** lib/server/reservations/reservations-export.ts */
  | 'the pace of the page reads of CSV exports'
  /** lib/server/allocations/allocations.ts */
  | 'the lock of the allocation applies, per entity and commitment'
  /** lib/server/ops/lifecycle.ts */
  | 'the lifecycle: draining, applies running'
  /** lib/server/ops/health.ts */
  | 'the last readiness checks, reused for a few seconds'
  /** lib/server/auth/session-token.ts */
  | 'the session tokens decrypted lately, and the key they are decrypted with'
  /** lib/server/changes/index.ts */
  | "this process's reader of the change feed"
  /** lib/server/audit/retention.ts */
  | "this process's timer of the activity log's retention"
  /** lib/server/notifications/index.ts */
  | "this process's raiser of notifications from the change feed"
  /** lib/server/exports/runner.ts */
  | "this process's preparer of exports"
  /** lib/server/notifications/mailer.ts */
  | "this process's sender of notification e-mails"
  /** lib/server/changes/open-streams.ts */
  | 'the event streams open in this process, by member'
  /** lib/server/bulk-jobs/runner.ts */
  | "this process's runner of bulk jobs"
  /** lib/server/held-changes/runner.ts */
  | "this process's sender of held changes"
  /** lib/server/sync/runner.ts */
  | "this process's directory sync runner"
  /** lib/server/directory/copy-sync.ts */
  | 'the re-reads of directory copies asked for after a write, by copy'
  /** lib/server/directory/copy-store.ts */
  | 'the directory copies this process last read, checked against their revision on each read'
  /** lib/server/directory/copy-reads.ts */
  | 'the first reads of directory copies never synced, by copy'
  /** lib/server/reservations/from-copy.ts */
  | 'when this process last noted each watched entity'
  /** lib/server/overview/overview.ts */
  | "the pages each entity's overview days took at their last API read (a guess for the next)";

const REGISTRY = Symbol.for('guestbook-dashboard.process-wide');
const registry = ((globalThis as Record<symbol, unknown>)[REGISTRY] ??= new Map<ProcessWideName, unknown>()) as Map<
  ProcessWideName,
  unknown
>;

/**
 * The one value of `name` in this process, made by `make` on first use. A value a module sets
 * and reads (a guess last read) is an object whose fields it changes.
 */
export function processWide<T>(name: ProcessWideName, make: () => T): T {
  if (!registry.has(name)) registry.set(name, make());
  return registry.get(name) as T;
}
