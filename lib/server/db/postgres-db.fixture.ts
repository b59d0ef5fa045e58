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

/**
 * For a test file about several dashboard processes on one PostgreSQL: a server of its own, and
 * the dashboard's database opened `count` times on it (each a process's own pool), all closed
 * after the tests.
 */
export function postgresDashboardProcesses(count: number) {
  let postgres: TestPostgres | undefined;
  const opened: OpenedDb[] = [];
  beforeAll(async () => {
    postgres = await startTestPostgres();
    for (let i = 0; i < count; i++) opened.push(await openDashboardDb({ dataDir: '', databaseUrl: postgres.url }));
  });
  afterAll(async () => {
    for (const p of opened) await p.close();
    await postgres?.stop();
  });
  return () => {
    if (opened.length < count) throw new Error('the databases open before the tests');
    return opened.map((p) => p.db);
  };
}
