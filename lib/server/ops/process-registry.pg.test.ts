import { describe, expect, it } from 'vitest';

import { loadConfig } from '../config/config-core';
import { postgresDashboardDb } from '../db/postgres-db.fixture';
import { registerProcess } from './process-registry';

const postgres = postgresDashboardDb();

const settings = {
  authSecret: 'n0V5q+Zc8JxR2mW7tL4yB9eK1hS6aD3fG0pU5iO8rE2=',
  actionsKey: Buffer.alloc(32, 1).toString('base64'),
  buildId: 'build-1',
};

describe('processes on one database', () => {
  it('a second process with the same settings starts; one with another AUTH_SECRET or actions key is refused by name', async () => {
    const first = await registerProcess(postgres.db, settings);
    const second = await registerProcess(postgres.db, { ...settings, buildId: 'build-2' });
    expect(second.otherBuilds).toEqual(['build-1']);
    await expect(
      registerProcess(postgres.db, { ...settings, authSecret: 'another secret of enough length, 1234567890' }),
    ).rejects.toThrow(/AUTH_SECRET differs from a running process/);
    await expect(
      registerProcess(postgres.db, { ...settings, actionsKey: Buffer.alloc(32, 2).toString('base64') }),
    ).rejects.toThrow(/NEXT_SERVER_ACTIONS_ENCRYPTION_KEY differs/);
    // The registry holds fingerprints, not the settings.
    const rows = JSON.stringify(await postgres.db.execute('select * from dashboard_processes'));
    expect(rows).not.toContain(settings.authSecret);
    expect(rows).not.toContain(settings.actionsKey);
    // Once the others stopped, a process with new settings (a rotation) starts.
    await first.stop();
    await second.stop();
    const rotated = await registerProcess(postgres.db, {
      ...settings,
      authSecret: 'another secret of enough length, 1234567890',
    });
    await rotated.stop();
  });
});

describe('DASHBOARD_PROCESSES', () => {
  const base = { DASHBOARD_DATA_DIR: '/tmp/gb-unused', DASHBOARD_PROCESSES: '2' };
  it('more than one process requires PostgreSQL, AUTH_SECRET and the actions key, naming what is missing', () => {
    expect(() => loadConfig(base)).toThrow(
      /DASHBOARD_PROCESSES=2 requires DASHBOARD_DATABASE_URL, AUTH_SECRET, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY \(the embedded database serves one process\)/,
    );
    expect(() =>
      loadConfig({
        ...base,
        GUESTBOOK_ENV: 'production',
        NEXTAUTH_URL: 'https://d.example.com',
        GUESTBOOK_API_URL: 'https://api.example.com',
        GUESTBOOK_CLIENT_ID: 'cid',
        GUESTBOOK_CLIENT_SECRET: 'real',
        TRUSTED_PROXY_HOPS: '0',
        AUTH_SECRET: settings.authSecret,
        NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: settings.actionsKey,
      }),
    ).toThrow(/requires DASHBOARD_DATABASE_URL \(the embedded database serves one process\)/);
    expect(() => loadConfig({ ...base, NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: 'short' })).toThrow(
      /NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: must be a base64 AES key/,
    );
    expect(
      loadConfig({
        ...base,
        DASHBOARD_DATABASE_URL: postgres.url,
        AUTH_SECRET: settings.authSecret,
        NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: settings.actionsKey,
      }).processes,
    ).toBe(2);
  });
});
