/**
 * The change feed (issue 53): every write the console makes, and every change the directory sync
 * finds, is a row of `change_events`, written in the same transaction as its audit row or the
 * copy's change (`recordChange`, `writeWithChanges`, `changesOfAction`); each process reads the
 * new rows in id order (`getChangeFeed`) and hands them to the browsers' event streams
 * (`openChangeStream`, served by app/api/events); and presence, who else has a reservation's page
 * or the grid open (`beatAndList`, app/api/presence).
 *
 * This index is server-only. Plain-Node code (the sync's tests, scripts) imports
 * `changes/record`, `changes/feed` and `changes/of-action` directly.
 */
import 'server-only';

import { getConfig } from '../config';
import { getDb } from '../db';
import type { DashboardDb } from '../db/open';
import { processWide } from '../process-wide';
import { ChangeFeed, pgliteListener, postgresListener } from './feed';
import type { ChangeInput } from './of-action';
import { recordChange, type DbExecutor } from './record';

export { changesOfAction, type AuditedWrite, type ChangeInput } from './of-action';
export {
  changesAfter,
  lastChangeId,
  recentChanges,
  recordChange,
  CHANGE_RETENTION_DAYS,
  type DbExecutor,
} from './record';

export { openChangeStream, STREAMS_PER_MEMBER } from './stream';
export { beatAndList, PRESENCE_TTL_MS } from './presence';
export type { ChangeFeed } from './feed';

const globalForFeed = processWide("this process's reader of the change feed", () => ({
  changeFeed: undefined as Promise<ChangeFeed> | undefined,
}));

/** This process's reader of the feed, started on first use. */
export function getChangeFeed(): Promise<ChangeFeed> {
  globalForFeed.changeFeed ??= (async () => {
    const db = await getDb();
    const { databaseUrl } = getConfig();
    const client = (db as unknown as { $client: Parameters<typeof pgliteListener>[0] }).$client;
    const feed = new ChangeFeed(db, databaseUrl ? postgresListener(databaseUrl) : pgliteListener(client));
    await feed.start();
    return feed;
  })().catch((e: unknown) => {
    globalForFeed.changeFeed = undefined;
    throw e;
  });
  return globalForFeed.changeFeed;
}

/**
 * Runs `write` (the audit row) and records `changes` in one transaction; with no changes, just
 * `write`. After the commit this process's reader is woken at once (the other processes by the
 * notification).
 */
export async function writeWithChanges(
  changes: readonly ChangeInput[],
  write: (db: DbExecutor) => Promise<void>,
): Promise<void> {
  const db: DashboardDb = await getDb();
  if (!changes.length) return write(db);
  await db.transaction(async (tx) => {
    await write(tx);
    await recordChange(tx, ...changes);
  });
  wakeChangeFeed();
}

/** Has this process's reader read the feed now, after a change this process committed (the others hear the notification). */
export function wakeChangeFeed(): void {
  const feed = globalForFeed.changeFeed;
  if (feed) void feed.then((f) => f.wake()).catch(() => undefined);
}
