/**
 * Opens the dashboard database: PGlite under the data directory by default (the directory and
 * its files the owner's alone, secureDataDir), PostgreSQL when a URL is configured. Both run the
 * same drizzle schema and the same committed migrations.
 */
import { readFileSync } from 'node:fs';
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
/** A transaction of the dashboard's database. */
export type DashboardTx = Parameters<Parameters<DashboardDb['transaction']>[0]>[0];

const migrationsFolder = path.join(process.cwd(), 'lib/server/db/migrations');

export interface OpenedDb {
  db: DashboardDb;
  close(): Promise<void>;
}

/** The committed migrations, in order (drizzle-kit's journal). */
export function committedMigrations(): string[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((e) => e.tag);
}

/** Thrown when a PostgreSQL database has not had every committed migration: `npm run migrate` first. */
export class MigrationsPendingError extends Error {
  constructor(applied: number, committed: number) {
    super(
      `The dashboard database has ${applied} of the ${committed} migrations of this version: run \`npm run migrate\` (as a database role that may change the schema), then start again.`,
    );
    this.name = 'MigrationsPendingError';
  }
}

/** How many migrations drizzle has recorded as applied (none when its table does not exist yet). */
async function appliedMigrations(pool: pg.Pool): Promise<number> {
  const table = await pool.query<{ t: string | null }>(`SELECT to_regclass('drizzle.__drizzle_migrations') AS t`);
  if (!table.rows[0]?.t) return 0;
  const { rows } = await pool.query<{ n: string }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
  return Number(rows[0]!.n);
}

export async function openDashboardDb(options: {
  dataDir: string;
  databaseUrl?: string;
  memory?: boolean;
  /** in memory only: start from this dump of an embedded database (`dumpDataDir`); pending migrations still run */
  snapshot?: Blob;
  /** the dashboard's GUESTBOOK_ENV: production changes no PostgreSQL schema (see `migrations`) */
  environment?: 'sandbox' | 'production';
  /**
   * PostgreSQL only: `apply` runs the pending migrations (`npm run migrate`, outside production);
   * `require-applied` changes no schema and refuses a database that lacks one (the default in
   * production, whose runtime role then needs no DDL rights). The embedded database, its owner's
   * alone, always applies them.
   */
  migrations?: 'apply' | 'require-applied';
}): Promise<OpenedDb> {
  const migrations = options.migrations ?? (options.environment === 'production' ? 'require-applied' : 'apply');
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, keepAlive: true });
    // An idle connection the server ends (a restart, a failover) is replaced by the pool; logged, not thrown.
    pool.on('error', (e) => void logUnexpected('database pool', e));
    const db = drizzlePg(pool, { schema });
    if (migrations === 'require-applied') {
      const [applied, committed] = [await appliedMigrations(pool), committedMigrations().length];
      if (applied < committed) {
        await pool.end();
        throw new MigrationsPendingError(applied, committed);
      }
    } else await migratePg(db, { migrationsFolder });
    // The two drivers expose the same query builder; the PGlite type is the one the code names.
    return { db: db as unknown as DashboardDb, close: () => pool.end() };
  }
  if (!options.memory) secureDataDir(options.dataDir);
  const client = !options.memory
    ? await PGlite.create(path.join(options.dataDir, 'db'))
    : await PGlite.create(options.snapshot && { loadDataDir: options.snapshot });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  // PGlite gives the files it creates mode 0666 whatever the umask: the directory, 0700, keeps
  // every other user out, and the files it has created are the owner's alone too.
  if (!options.memory) secureDataDir(options.dataDir);
  return { db, close: () => client.close() };
}
