/**
 * The directory's background sync: the one process elected per deployment keeps the dashboard's
 * copy of the directory (lib/server/directory/copy-store.ts) up to date, in the request budget's
 * lowest lane and within its share of it (pace.ts). Server-only; `pace.ts` is free of it.
 */

export { syncTurn, type TurnReport } from './directory-sync';
export { ACTIVE_INTERVAL_MS, IDLE_INTERVAL_MS, SyncShare } from './pace';
export { DirectorySyncRunner, startDirectorySync } from './runner';
