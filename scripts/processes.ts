/** Starting and stopping the two processes of the product: the sandbox and the Next.js server. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Writable } from 'node:stream';

export type Env = Record<string, string | undefined>;

export interface Started {
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Spawns a process and resolves once a line of its stdout matches `ready` (or rejects when it
 * exits first or `timeoutMs` passes). Its output is forwarded with a prefix.
 */
export function startProcess(opts: {
  name: string;
  command: string;
  args: string[];
  env?: Env;
  ready: RegExp;
  timeoutMs?: number;
  quiet?: boolean;
  /** every line of the process's output is also written here, quiet or not */
  log?: Writable;
}): Promise<Started & { match: RegExpMatchArray }> {
  const child = spawn(opts.command, opts.args, {
    env: { ...process.env, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${opts.name}]`;
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5000).unref();
    });
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      void stop();
      reject(new Error(`${opts.name} did not become ready within ${(opts.timeoutMs ?? 60_000) / 1000} s`));
    }, opts.timeoutMs ?? 60_000);
    const onLine = (stream: 'out' | 'err') => (line: string) => {
      opts.log?.write(`${prefix} ${line}\n`);
      if (!opts.quiet || stream === 'err')
        (stream === 'out' ? process.stdout : process.stderr).write(`${prefix} ${line}\n`);
      const match = stream === 'out' && !settled ? line.match(opts.ready) : null;
      if (match) {
        settled = true;
        clearTimeout(timer);
        resolve({ child, stop, match });
      }
    };
    createInterface({ input: child.stdout! }).on('line', onLine('out'));
    createInterface({ input: child.stderr! }).on('line', onLine('err'));
    child.once('exit', (code, signal) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new Error(`${opts.name} exited before it was ready (${signal ?? `code ${code}`})`));
    });
  });
}

/** Runs a command to completion with inherited output; resolves with its exit code. */
export function run(command: string, args: string[], env?: Env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: 'inherit' });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Adds a staff account with the staff command line's own code (staff-command.ts, loaded when first
 * needed), in this process: with its password, or (no password) for company sign-in only.
 */
export async function addStaffAccount(
  account: { email: string; role: string; password?: string },
  env: Env,
): Promise<number> {
  const { staffCommand } = await import('./staff-command');
  const args = ['add', '--email', account.email, '--role', account.role];
  args.push(account.password === undefined ? '--sso-only' : '--password-stdin');
  return staffCommand(args, {
    env: { ...process.env, ...env },
    readPassword: async () => account.password ?? '',
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
}

export const NEXT_BIN = 'node_modules/next/dist/bin/next';

/** The dashboard alone on the production build, as `npm start` runs it (scripts/server.ts), started quietly. */
export function startDashboard(opts: { name: string; port: number; env: Env }): Promise<Started> {
  return startProcess({
    name: opts.name,
    command: process.execPath,
    args: ['--import', 'tsx', 'scripts/server.ts', '--port', String(opts.port)],
    env: opts.env,
    ready: /Ready on/,
    quiet: true,
    timeoutMs: 90_000,
  });
}

/** The production build and a fresh sandbox on the given ports (scripts/run.ts serve), started quietly. */
export function serveBuild(opts: {
  name: string;
  port: number;
  sandboxPort: number;
  dataDir: string;
  env?: Env;
  /** every line of their output (the dashboard's JSON log included) is also written here */
  log?: Writable;
}): Promise<Started> {
  return startProcess({
    name: opts.name,
    log: opts.log,
    command: process.execPath,
    args: [
      'node_modules/tsx/dist/cli.mjs',
      'scripts/run.ts',
      'serve',
      '--port',
      String(opts.port),
      '--sandbox-port',
      String(opts.sandboxPort),
    ],
    env: { DASHBOARD_DATA_DIR: opts.dataDir, ...opts.env },
    ready: /Guest Book Partner Dashboard: /,
    quiet: true,
    timeoutMs: 180_000,
  });
}

/** The production build: `next build` (telemetry off). Throws when the build fails. */
export async function nextBuild(env: Env = {}): Promise<void> {
  if ((await run(process.execPath, [NEXT_BIN, 'build'], { NEXT_TELEMETRY_DISABLED: '1', ...env })) !== 0)
    throw new Error('next build failed');
}
