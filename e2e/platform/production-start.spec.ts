import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { DEMO_PASSWORD } from '../../lib/server/auth/demo-accounts';
import { addStaffAccount, NEXT_BIN, startDashboard } from '../../scripts/processes';
import { spareDashboardPort } from '../env';
import { csrfFor, httpSignIn } from '../http-sign-in';
import { expect, test } from '../test';

/*
 * The production build started with GUESTBOOK_ENV=production and a configuration that is safe
 * in every other respect, by each entry point: a bare `next start` (which cannot tell clients
 * apart) is refused; `npm start` refuses a database holding a demo account, and starts on one
 * without.
 */

const PORT = spareDashboardPort(1);
let dataDir: string;

const production = () => ({
  GUESTBOOK_ENV: 'production',
  NEXTAUTH_URL: 'https://dashboard.example.test',
  GUESTBOOK_API_URL: 'https://api.example.test',
  GUESTBOOK_CLIENT_ID: 'cid_live_e2e',
  GUESTBOOK_CLIENT_SECRET: 'a-real-looking-secret-e2e',
  AUTH_SECRET: randomBytes(32).toString('base64'),
  TRUSTED_PROXY_HOPS: '0',
  DASHBOARD_DATA_DIR: dataDir,
});

/** Runs a command to its end (at most 60 s): its exit code and everything it printed. */
function runToEnd(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

test.beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'gb-production-'));
});
test.afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

test('a bare `next start` in production stops at once, saying to start with `npm start`', async () => {
  test.setTimeout(90_000);
  const { code, output } = await runToEnd([NEXT_BIN, 'start', '--port', String(PORT)], production());
  expect(code).toBe(1);
  expect(output).toContain('GUESTBOOK_ENV=production: start the dashboard with `npm start` (scripts/server.ts)');
});

test('`npm start` in production refuses a database holding a demo account, naming it and how to remove it', async () => {
  test.setTimeout(90_000);
  const env = production();
  expect(await addStaffAccount({ email: 'admin@demo.test', role: 'admin', password: DEMO_PASSWORD }, env)).toBe(0);
  const { code, output } = await runToEnd(['--import', 'tsx', 'scripts/server.ts', '--port', String(PORT)], env);
  expect(code).toBe(1);
  expect(output).toContain('the dashboard database holds the demo staff accounts admin@demo.test');
  expect(output).toContain('npm run staff -- remove --email admin@demo.test');
});

test('`npm start` in production starts on a database without demo accounts and signs a member in', async () => {
  test.setTimeout(120_000);
  const env = production();
  expect(await addStaffAccount({ email: 'someone@example.test', role: 'viewer', password: DEMO_PASSWORD }, env)).toBe(
    0,
  );
  const server = await startDashboard({ name: 'production-dashboard', port: PORT, env });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const csrf = await csrfFor(undefined, base);
    // A demo e-mail is refused at sign-in in production (no such account here: the same answer).
    expect(await httpSignIn('viewer@demo.test', DEMO_PASSWORD, { csrf, base })).toMatchObject({
      error: 'invalid',
      cookies: [],
    });
    const member = await httpSignIn('someone@example.test', DEMO_PASSWORD, { csrf, base });
    expect(member.error).toBeNull();
    expect(member.cookies.some((c) => c.startsWith('__Secure-next-auth.session-token='))).toBe(true);
  } finally {
    await server.stop();
  }
});
