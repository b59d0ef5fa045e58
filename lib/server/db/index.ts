/**
 * The dashboard's database (PGlite embedded for one process, PostgreSQL for several): the
 * process-wide handle `getDb`. The schema, the migrations and `openDashboardDb` are in
 * `db/schema` and `db/open`, which are free of `server-only`: plain-Node code (scripts/, the
 * tests, the other folders' plain modules) imports them directly, while this index is
 * server-only.
 */
import 'server-only';

import { getConfig } from '../config';
import { openDashboardDb, type DashboardDb, type OpenedDb } from './open';

const globalForDb = globalThis as unknown as { dashboardDb?: Promise<OpenedDb> };

/** The process-wide database handle (kept on globalThis so dev reloads do not reopen it). */
export function getDb(): Promise<DashboardDb> {
  const { dataDir, databaseUrl, environment } = getConfig();
  // In production the schema changes only through `npm run migrate`, run by a role that may.
  globalForDb.dashboardDb ??= openDashboardDb({ dataDir, databaseUrl, environment });
  return globalForDb.dashboardDb.then((o) => o.db);
}
