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
  const created = await call(first, token, '/v2/entities', { method: 'POST', body: JSON.stringify({ name: 'Persisted Pop-up', default_locale: 'it-IT' }) });
  expect(created.status).toBe(201);
  const { data: entity } = (await created.json()) as { data: { id: string } };
  await first.close();

  const second = await startSandbox({ port: Number(new URL(first.url).port), dataDir: dir, quiet: true });
  try {
    // A token from before the restart still verifies: the key was kept.
    const res = await fetch(`${second.url}/v2/entities/${entity.id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { name: string; default_locale: string } }).data).toMatchObject({ name: 'Persisted Pop-up', default_locale: 'it-IT' });
  } finally {
    await second.close();
  }
}, 120_000);
