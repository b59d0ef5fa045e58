import 'server-only';

import { getConfig } from '../config';
import { openDashboardDb, type DashboardDb, type OpenedDb } from './open';

const globalForDb = globalThis as unknown as { dashboardDb?: Promise<OpenedDb> };

/** The process-wide database handle (kept on globalThis so dev reloads do not reopen it). */
export function getDb(): Promise<DashboardDb> {
  const { dataDir, databaseUrl } = getConfig();
  globalForDb.dashboardDb ??= openDashboardDb({ dataDir, databaseUrl });
  return globalForDb.dashboardDb.then((o) => o.db);
}
