import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SandboxControlError, sandboxControls } from './control-client';
import { DEMO_PARTNER } from './seed/demo';
import { startSandbox, type RunningSandbox } from './server';

const TOKEN = 'test-control-token-0123456789';
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    memory: true,
    quiet: true,
    controlToken: TOKEN,
    allowedHosts: ['sandbox.internal'],
  });
});
afterAll(() => sandbox.close());

/** A digest of everything the sandbox holds, its clock included. */
function worldDigest(): string {
  const h = createHash('sha256');
  for (const [name, map] of Object.entries(sandbox.state.world.data)) {
    h.update(name);
    for (const [id, record] of map as Map<string, unknown>) h.update(id).update(JSON.stringify(record));
  }
  return h.digest('hex');
}

/** A raw HTTP request, as a page or a rebinding attacker's script would send it (any Host, any type). */
function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; type: string; json: Record<string, unknown> }> {
  const url = new URL(sandbox.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            type: String(res.headers['content-type'] ?? ''),
            json:
              text && String(res.headers['content-type']).includes('json')
                ? (JSON.parse(text) as Record<string, unknown>)
                : {},
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const own = () => `127.0.0.1:${new URL(sandbox.url).port}`;

describe('the /_sandbox controls', () => {
  it('refuse a reset sent as text/plain, with a foreign Host, or without the token, changing nothing', async () => {
    const controls = sandboxControls(sandbox.url, { token: TOKEN });
    await controls.suspend(DEMO_PARTNER.identityId);
    await controls.setClock({ advance_s: 3600 });
    const before = worldDigest();

    const plain = await send(
      'POST',
      '/_sandbox/reset',
      { host: own(), 'x-sandbox-token': TOKEN, 'content-type': 'text/plain' },
      '{}',
    );
    expect(plain.status).toBe(415);
    expect(plain.type).toBe('application/problem+json');
    expect(plain.json.detail).toMatch(/Content-Type: application\/json/);
    expect(worldDigest()).toBe(before);

    const rebound = await send(
      'POST',
      '/_sandbox/reset',
      { host: 'evil.example:80', 'x-sandbox-token': TOKEN, 'content-type': 'application/json' },
      '{}',
    );
    expect(rebound.status).toBe(403);
    expect(rebound.json.detail).toMatch(/Host "evil\.example" is not allowed/);
    expect(worldDigest()).toBe(before);

    const anonymous = await send('POST', '/_sandbox/reset', { host: own(), 'content-type': 'application/json' }, '{}');
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.detail).toMatch(/X-Sandbox-Token/);
    expect(worldDigest()).toBe(before);

    const wrong = await send('POST', '/_sandbox/reset', { host: own(), 'x-sandbox-token': `${TOKEN}x` }, undefined);
    expect(wrong.status).toBe(401);
    expect(worldDigest()).toBe(before);

    // The same reset, sent properly, does change the world: the refusals above were not vacuous.
    await controls.reset();
    expect(worldDigest()).not.toBe(before);
  });

  it('give a rebinding page or a caller without the token nothing to read', async () => {
    for (const path of [
      '/_sandbox',
      '/_sandbox/requests',
      '/_sandbox/outbox',
      '/_sandbox/audit-events',
      '/_sandbox/faults',
    ]) {
      const rebound = await send('GET', path, { host: 'attacker.example', 'x-sandbox-token': TOKEN });
      expect(rebound.status, path).toBe(403);
      expect(rebound.json).not.toHaveProperty('data');
      const anonymous = await send('GET', path, { host: own() });
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.json).not.toHaveProperty('data');
    }
    await expect(sandboxControls(sandbox.url, { token: null }).faults()).rejects.toBeInstanceOf(SandboxControlError);
  });

  it('answer the token from loopback names, the public URL and the allowed hosts, and refuse a fault set as text/plain', async () => {
    for (const host of [own(), `localhost:${new URL(sandbox.url).port}`, '[::1]:4010', 'sandbox.internal']) {
      expect((await send('GET', '/_sandbox/clock', { host, 'x-sandbox-token': TOKEN })).status, host).toBe(200);
    }
    const storm = await send(
      'POST',
      '/_sandbox/faults',
      { host: own(), 'x-sandbox-token': TOKEN, 'content-type': 'text/plain;charset=UTF-8' },
      '{"error_rate":1}',
    );
    expect(storm.status).toBe(415);
    expect(sandbox.state.faults.settings.error_rate).toBe(0);
  });

  it('serve uploaded logo files without the token (an <img> cannot send one), but only to an allowed Host', async () => {
    sandbox.state.world.put('files', 'f1', {
      id: 'f1',
      content_type: 'image/png',
      base64: Buffer.from('png').toString('base64'),
    });
    expect((await send('GET', '/_sandbox/files/f1', { host: own() })).status).toBe(200);
    expect((await send('GET', '/_sandbox/files/f1', { host: 'evil.example' })).status).toBe(403);
  });

  it('are guarded by the sandbox command with SANDBOX_CONTROL_TOKEN, or a random token it prints', async () => {
    const start = (env: Record<string, string | undefined>) =>
      new Promise<{ url: string; printed?: string; stop: () => void }>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'lib/sandbox/main.ts', '--memory', '--port', '0', '--seed', 'empty'],
          { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] },
        );
        let printed: string | undefined;
        createInterface({ input: child.stdout! }).on('line', (line) => {
          printed ??= /X-Sandbox-Token[^:]*: (\S+)/.exec(line)?.[1];
          const url = /listening on (\S+)/.exec(line)?.[1];
          if (url) resolve({ url, printed, stop: () => child.kill('SIGTERM') });
        });
        child.once('exit', (code) => reject(new Error(`the sandbox exited (${code})`)));
      });
    const fromEnv = await start({ SANDBOX_CONTROL_TOKEN: TOKEN });
    try {
      expect(fromEnv.printed).toBeUndefined();
      expect((await sandboxControls(fromEnv.url, { token: TOKEN }).clock()).now).toMatch(/Z$/);
      await expect(sandboxControls(fromEnv.url, { token: null }).clock()).rejects.toMatchObject({ status: 401 });
    } finally {
      fromEnv.stop();
    }
    const generated = await start({ SANDBOX_CONTROL_TOKEN: undefined });
    try {
      expect(generated.printed).toMatch(/^[\w-]{20,}$/);
      expect((await sandboxControls(generated.url, { token: generated.printed! }).clock()).now).toMatch(/Z$/);
      await expect(sandboxControls(generated.url, { token: TOKEN }).clock()).rejects.toMatchObject({ status: 401 });
    } finally {
      generated.stop();
    }
  }, 60_000);
});
