import { spawn } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createStaff, listStaff } from '../auth/staff-store';
import { committedMigrations, openDashboardDb } from './open';
import { startTestPostgres, type TestPostgres } from './test-postgres';

let postgres: TestPostgres;
beforeAll(async () => {
  postgres = await startTestPostgres();
});
afterAll(async () => {
  await postgres?.stop();
});

/** `npm run migrate` as a process: its exit code and what it printed. */
function migrate(databaseUrl: string): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/migrate.ts'], {
    env: { ...process.env, DASHBOARD_DATABASE_URL: databaseUrl, GUESTBOOK_ENV: 'sandbox' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe('migrations on PostgreSQL', { timeout: 120_000 }, () => {
  it('production changes no schema: it refuses a database without them until `npm run migrate`, then runs as a role without DDL rights', async () => {
    const committed = committedMigrations().length;
    await expect(
      openDashboardDb({ dataDir: '', databaseUrl: postgres.url, environment: 'production' }),
    ).rejects.toThrow(
      `The dashboard database has 0 of the ${committed} migrations of this version: run \`npm run migrate\``,
    );
    // Refusing changed nothing: no table was created.
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    const tables = async () =>
      Number(
        (await admin.query<{ n: string }>(`select count(*) as n from pg_tables where schemaname = 'public'`)).rows[0]!
          .n,
      );
    expect(await tables()).toBe(0);

    expect(await migrate(postgres.url)).toEqual({
      code: 0,
      output: `The dashboard database (${new URL(postgres.url).host}) has all ${committed} migrations.\n`,
    });
    expect(await tables()).toBeGreaterThanOrEqual(10);

    // The runtime role may read and write the tables, nothing more.
    await admin.query(`CREATE ROLE dash_runtime LOGIN PASSWORD 'runtime-only'`);
    await admin.query(`GRANT USAGE ON SCHEMA public, drizzle TO dash_runtime`);
    await admin.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO dash_runtime`);
    await admin.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO dash_runtime`);
    await admin.query(`GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO dash_runtime`);
    await admin.query(`REVOKE CREATE ON SCHEMA public FROM PUBLIC`);
    await admin.end();
    const runtimeUrl = postgres.url.replace(/\/\/[^@]+@/, '//dash_runtime:runtime-only@');
    const opened = await openDashboardDb({ dataDir: '', databaseUrl: runtimeUrl, environment: 'production' });
    try {
      await createStaff(opened.db, {
        email: 'runtime@example.com',
        name: 'Runtime Role',
        role: 'viewer',
        password: 'a tram to the far lighthouse',
      });
      expect((await listStaff(opened.db)).map((s) => s.email)).toEqual(['runtime@example.com']);
      // 42501: insufficient_privilege.
      await expect(opened.db.execute('create table ddl_probe (id int)')).rejects.toMatchObject({
        cause: { code: '42501' },
      });
    } finally {
      await opened.close();
    }
    // Outside production the dashboard applies them itself, as before.
    const dev = await openDashboardDb({ dataDir: '', databaseUrl: postgres.url });
    await dev.close();
  });
});
