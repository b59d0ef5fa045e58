import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer()
      .once('error', () => resolve(true))
      .listen(port, '127.0.0.1', () => s.close(() => resolve(false)));
  });

describe('scripts/run.ts', () => {
  it('never starts a sandbox with GUESTBOOK_ENV=production: it stops, saying what to set', async () => {
    const [port, sandboxPort] = [await freePort(), await freePort()];
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/run.ts', 'serve', '--port', String(port), '--sandbox-port', String(sandboxPort)],
      {
        env: {
          ...process.env,
          GUESTBOOK_ENV: 'production',
          GUESTBOOK_API_URL: '',
          DASHBOARD_DATA_DIR: '.data/test-run-production',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).not.toBe(0);
    expect(output).toContain(
      'GUESTBOOK_ENV=production: set GUESTBOOK_API_URL to the real API. The sandbox is never started in production.',
    );
    expect(output).not.toContain('Guest Book sandbox listening');
    expect(await listening(sandboxPort)).toBe(false);
  });
});
