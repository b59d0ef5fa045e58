/**
 * The dashboard's database (PGlite embedded for one process, PostgreSQL for several): the
 * process-wide handle `getDb`. The schema, the migrations and `openDashboardDb` are in
 * `db/schema` and `db/open`, which are free of `server-only`: plain-Node code (scripts/, the
 * tests, the other folders' plain modules) imports them directly, while this index is
 * server-only.
 */
import 'server-only';

import { getConfig } from '../config';
import { processWide } from '../process-wide';
import { openDashboardDb, type DashboardDb, type OpenedDb } from './open';

/** The process-wide database handle (lib/server/process-wide, so that dev reloads do not reopen it). */
export function getDb(): Promise<DashboardDb> {
  const { dataDir, databaseUrl, environment } = getConfig();
  // In production the schema changes only through `npm run migrate`, run by a role that may.
  const opened = processWide('the dashboard database, opened', (): Promise<OpenedDb> =>
    openDashboardDb({ dataDir, databaseUrl, environment }),
  );
  return opened.then((o) => o.db);
}
