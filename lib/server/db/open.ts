/**
 * Opens the dashboard database: PGlite under the data directory by default (the directory and
 * its files the owner's alone, secureDataDir), PostgreSQL when a URL is configured. Both run the
 * same drizzle schema and the same committed migrations.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

import { logUnexpected } from '../log/log';
import { secureDataDir } from './data-dir';
import * as schema from './schema';

export type DashboardDb = ReturnType<typeof drizzlePglite<typeof schema>>;

const migrationsFolder = path.join(process.cwd(), 'lib/server/db/migrations');

export interface OpenedDb {
  db: DashboardDb;
  close(): Promise<void>;
}

export async function openDashboardDb(options: {
  dataDir: string;
  databaseUrl?: string;
  memory?: boolean;
}): Promise<OpenedDb> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, keepAlive: true });
    // An idle connection the server ends (a restart, a failover) is replaced by the pool; logged, not thrown.
    pool.on('error', (e) => void logUnexpected('database pool', e));
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    // The two drivers expose the same query builder; the PGlite type is the one the code names.
    return { db: db as unknown as DashboardDb, close: () => pool.end() };
  }
  if (!options.memory) secureDataDir(options.dataDir);
  const client = await PGlite.create(options.memory ? undefined : path.join(options.dataDir, 'db'));
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  // PGlite gives the files it creates mode 0666 whatever the umask: the directory, 0700, keeps
  // every other user out, and the files it has created are the owner's alone too.
  if (!options.memory) secureDataDir(options.dataDir);
  return { db, close: () => client.close() };
}
