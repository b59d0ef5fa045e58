import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';

import { startSandbox } from './server';
import { accessToken, call } from './testing';

const dir = mkdtempSync(path.join(tmpdir(), 'guestbook-sandbox-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('keeps the world and its signing key in the embedded database across restarts', async () => {
  const first = await startSandbox({ port: 0, dataDir: dir, quiet: true });
  const token = await accessToken(first);
  const created = await call(first, token, '/v2/entities', {
    method: 'POST',
    body: JSON.stringify({ name: 'Persisted Pop-up', default_locale: 'it-IT' }),
  });
  expect(created.status).toBe(201);
  const { data: entity } = (await created.json()) as { data: { id: string } };
  await first.close();

  const second = await startSandbox({ port: Number(new URL(first.url).port), dataDir: dir, quiet: true });
  try {
    // A token from before the restart still verifies: the key was kept.
    const res = await fetch(`${second.url}/v2/entities/${entity.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { name: string; default_locale: string } }).data).toMatchObject({
      name: 'Persisted Pop-up',
      default_locale: 'it-IT',
    });
  } finally {
    await second.close();
  }
}, 120_000);

it('restarts with its data intact after SIGKILL', async () => {
  const killDir = mkdtempSync(path.join(tmpdir(), 'guestbook-sandbox-kill-'));
  const start = async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'lib/sandbox/main.ts', '--port', '0', '--data', killDir],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (b: Buffer) => {
        out += b.toString();
        const m = /listening on (\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
    });
    return { child, url };
  };
  try {
    const first = await start();
    const token = await accessToken({ url: first.url } as never);
    const res = await fetch(`${first.url}/v2/entities`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Survives SIGKILL' }),
    });
    const { data } = (await res.json()) as { data: { id: string } };
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await start();
    try {
      const again = await accessToken({ url: second.url } as never);
      const read = await fetch(`${second.url}/v2/entities/${data.id}`, {
        headers: { authorization: `Bearer ${again}` },
      });
      expect(read.status).toBe(200);
      expect(((await read.json()) as { data: { name: string } }).data.name).toBe('Survives SIGKILL');
    } finally {
      second.child.kill('SIGTERM');
      await new Promise((r) => second.child.once('exit', r));
    }
  } finally {
    rmSync(killDir, { recursive: true, force: true });
  }
}, 120_000);
