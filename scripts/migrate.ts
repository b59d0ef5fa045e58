/**
 * Applies the dashboard database's pending migrations, then stops: `npm run migrate`.
 *
 * In production with PostgreSQL the dashboard changes no schema itself; it refuses to start on a
 * database that lacks a migration of its version. Run this first, before starting a new version,
 * as a database role that may change the schema; the dashboard's own role then needs only to
 * read and write the dashboard's tables. (The embedded database migrates itself at start.)
 */
import { configFromProcess } from '../lib/server/config/config-core';
import { committedMigrations, openDashboardDb } from '../lib/server/db/open';

async function main(): Promise<number> {
  const config = configFromProcess();
  const { close } = await openDashboardDb({ ...config, migrations: 'apply' });
  await close();
  const where = config.databaseUrl ? new URL(config.databaseUrl).host : config.dataDir;
  console.log(`The dashboard database (${where}) has all ${committedMigrations().length} migrations.`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`npm run migrate: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  },
);
