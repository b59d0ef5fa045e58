/**
 * For a test file that must hold on PostgreSQL: a server of its own started before its tests, the
 * dashboard's database opened on it (migrated), both closed after them.
 */
import { afterAll, beforeAll } from 'vitest';

import { openDashboardDb, type OpenedDb } from './open';
import { startTestPostgres, type TestPostgres } from './test-postgres';

export function postgresDashboardDb() {
  let postgres: TestPostgres | undefined;
  let opened: OpenedDb | undefined;
  beforeAll(async () => {
    postgres = await startTestPostgres();
    opened = await openDashboardDb({ dataDir: '', databaseUrl: postgres.url });
  });
  afterAll(async () => {
    await opened?.close();
    await postgres?.stop();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the database opens before the tests');
    return value;
  };
  return {
    get db() {
      return ready(opened).db;
    },
    get url() {
      return ready(postgres).url;
    },
  };
}
