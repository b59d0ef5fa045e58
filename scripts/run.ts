/**
 * One command that starts the sandbox and the dashboard together, and stops both.
 *
 *   tsx scripts/run.ts demo   build, then start sandbox + production server (npm run demo)
 *   tsx scripts/run.ts dev    sandbox + next dev (npm run dev)
 *   tsx scripts/run.ts serve  sandbox (in memory) + production server on a fresh dashboard
 *                             database, without building: what the e2e tests start
 *
 * Options: --port N (dashboard, default 3000), --sandbox-port N (default 4010), --mail-port N (the
 * mail catcher's page, default 4025; its SMTP server listens on the next port), --log FILE (also
 * write the processes' output there, e.g. for e2e to scan it for secrets).
 * With GUESTBOOK_API_URL set, no sandbox is started and the dashboard talks to that API. With
 * GUESTBOOK_ENV=production it never starts one. The demo staff accounts are created only when it
 * started the sandbox itself. With the sandbox it also starts the mail catcher (lib/mail-catcher),
 * the dashboard's SMTP server, unless SMTP_URL names another.
 * The sandbox inherits SANDBOX_CONTROL_TOKEN (its /_sandbox controls' X-Sandbox-Token): the e2e
 * config, the benchmark and the load test set it; unset, the sandbox prints a random one.
 */
import { createWriteStream, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureDemoAccounts } from '../lib/server/auth/demo-accounts';
import { loadConfig } from '../lib/server/config/config-core';
import { openDashboardDb } from '../lib/server/db/open';
import { nextBuild, startProcess, type Env, type Started } from './processes';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: 'string', default: '3000' },
    'sandbox-port': { type: 'string', default: '4010' },
    'mail-port': { type: 'string', default: '4025' },
    log: { type: 'string' },
  },
});
const mode = positionals[0] ?? 'demo';
if (!['demo', 'dev', 'serve'].includes(mode)) {
  console.error(`Unknown mode "${mode}": use demo, dev or serve.`);
  process.exit(2);
}
const port = Number(values.port);
const sandboxPort = Number(values['sandbox-port']);
const mailPort = Number(values['mail-port']);
const host = '127.0.0.1';
if (values.log) mkdirSync(path.dirname(values.log), { recursive: true });
const log = values.log ? createWriteStream(values.log) : undefined;

const running: Started[] = [];
let stopping = false;
async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  await Promise.all(running.reverse().map((p) => p.stop()));
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

async function main() {
  const env: Env = { NEXT_TELEMETRY_DISABLED: '1' };
  if (mode === 'serve')
    env.DASHBOARD_DATA_DIR = process.env.DASHBOARD_DATA_DIR ?? path.join('.data', 'e2e', 'dashboard');
  const dataDir = env.DASHBOARD_DATA_DIR ?? process.env.DASHBOARD_DATA_DIR;
  if (mode === 'serve' && dataDir) rmSync(dataDir, { recursive: true, force: true });

  const startsSandbox = !process.env.GUESTBOOK_API_URL;
  if (startsSandbox && process.env.GUESTBOOK_ENV === 'production') {
    throw new Error(
      'GUESTBOOK_ENV=production: set GUESTBOOK_API_URL to the real API. The sandbox is never started in production.',
    );
  }
  if (startsSandbox) {
    const sandboxArgs = ['--import', 'tsx', 'lib/sandbox/main.ts', '--port', String(sandboxPort), '--host', host];
    sandboxArgs.push(...(mode === 'serve' ? ['--memory'] : ['--data', path.join('.data', 'sandbox')]));
    // A larger world for measurements (npm run bench); the demo and the tests use the default.
    if (process.env.SANDBOX_RESERVATIONS) sandboxArgs.push('--reservations', process.env.SANDBOX_RESERVATIONS);
    // The allocation grid at scale, e.g. SANDBOX_GRID=2000x25 (commitments x entities).
    if (process.env.SANDBOX_GRID) sandboxArgs.push('--grid', process.env.SANDBOX_GRID);
    if (process.env.SANDBOX_BUSY_DAY) sandboxArgs.push('--busy-day', process.env.SANDBOX_BUSY_DAY);
    const sandbox = await startProcess({
      name: 'sandbox',
      command: process.execPath,
      args: sandboxArgs,
      ready: /Guest Book sandbox listening on (\S+)/,
      quiet: mode === 'serve' && !process.env.DEBUG_SANDBOX,
      timeoutMs: 120_000,
      log,
    });
    running.push(sandbox);
    env.GUESTBOOK_API_URL = sandbox.match[1];
  }
  // Notification e-mails go to the mail catcher, which shows them on its page.
  let mailPage: string | undefined;
  if (startsSandbox && !process.env.SMTP_URL) {
    const catcher = await startProcess({
      name: 'mail catcher',
      command: process.execPath,
      args: ['--import', 'tsx', 'lib/mail-catcher/main.ts', '--port', String(mailPort), '--host', host],
      ready: /Mail catcher listening on (\S+), its page on (\S+)/,
      quiet: mode === 'serve',
      timeoutMs: 60_000,
      log,
    });
    running.push(catcher);
    env.SMTP_URL = catcher.match[1];
    mailPage = catcher.match[2];
  }

  const config = loadConfig({ ...process.env, ...env });
  const demoAccounts = startsSandbox && config.demoAccounts;
  if (demoAccounts) {
    // Before the server starts: the embedded database accepts one process at a time.
    const { db, close } = await openDashboardDb(config);
    await ensureDemoAccounts(db);
    await close();
  }

  if (mode === 'demo') {
    await nextBuild(env);
  } else if (mode === 'serve' && !existsSync('.next/BUILD_ID')) {
    throw new Error('No production build: run `npm run build` first.');
  }

  const url = `http://${host}:${port}`;
  const next = await startProcess({
    name: 'dashboard',
    command: process.execPath,
    args: [
      '--import',
      'tsx',
      'scripts/server.ts',
      '--port',
      String(port),
      '--host',
      host,
      ...(mode === 'dev' ? ['--dev'] : []),
    ],
    env: { ...env, NEXTAUTH_URL: url, PORT: String(port) },
    ready: /Ready (in|on)|started server on|Local:/i,
    timeoutMs: 120_000,
    log,
  });
  running.push(next);
  for (const p of running) p.child.once('exit', () => void stopAll(1));

  console.log(`\n  Guest Book Partner Dashboard: ${url}`);
  console.log(`  API: ${config.api.baseUrl} (${config.environment})`);
  if (startsSandbox) console.log(`  API reference (the sandbox's OpenAPI document): ${env.GUESTBOOK_API_URL}/docs`);
  if (mailPage) console.log(`  E-mails the dashboard sends (the mail catcher): ${mailPage}`);
  if (demoAccounts) {
    console.log(`  Sign in as ${DEMO_ACCOUNTS.map((a) => `${a.email} (${a.role})`).join(', ')}`);
    console.log(`  Password for each: ${DEMO_PASSWORD} (unless changed since they were created)`);
  }
  console.log('  Ctrl-C stops the dashboard and the sandbox.\n');
}

main().catch(async (e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  await stopAll(1);
});
