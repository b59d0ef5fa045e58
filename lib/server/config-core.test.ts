import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, SANDBOX_DEFAULTS } from './config-core';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'gb-config-'));

describe('configuration', () => {
  it('defaults to the embedded sandbox with a generated, persisted auth secret', () => {
    const dir = dataDir();
    const c = loadConfig({ DASHBOARD_DATA_DIR: dir });
    expect(c.environment).toBe('sandbox');
    expect(c.api).toMatchObject({ baseUrl: SANDBOX_DEFAULTS.apiUrl, audience: `${SANDBOX_DEFAULTS.apiUrl}/`, clientId: SANDBOX_DEFAULTS.clientId });
    expect(c.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DASHBOARD_DATA_DIR: dir }).authSecret).toBe(c.authSecret);
    expect(c.demoAccounts).toBe(true);
  });

  it('derives the auth URL and audience from the API URL, without a trailing slash', () => {
    const c = loadConfig({ GUESTBOOK_API_URL: 'https://api.example.com/', DASHBOARD_DATA_DIR: dataDir() });
    expect(c.api.baseUrl).toBe('https://api.example.com');
    expect(c.api.authUrl).toBe('https://api.example.com');
    expect(c.api.audience).toBe('https://api.example.com/');
  });

  it('production needs explicit settings and refuses demo ones', () => {
    expect(() => loadConfig({ GUESTBOOK_ENV: 'production' })).toThrow(
      /requires GUESTBOOK_API_URL, GUESTBOOK_CLIENT_ID, GUESTBOOK_CLIENT_SECRET, AUTH_SECRET/,
    );
    const prod = {
      GUESTBOOK_ENV: 'production',
      GUESTBOOK_API_URL: 'https://api.example.com',
      GUESTBOOK_CLIENT_ID: 'cid',
      GUESTBOOK_CLIENT_SECRET: 'real-secret',
      AUTH_SECRET: 'x'.repeat(32),
    };
    expect(loadConfig(prod).demoAccounts).toBe(false);
    expect(() => loadConfig({ ...prod, DEMO_ACCOUNTS: 'true' })).toThrow(/DEMO_ACCOUNTS/);
    expect(() => loadConfig({ ...prod, GUESTBOOK_CLIENT_SECRET: SANDBOX_DEFAULTS.clientSecret })).toThrow(/demo secret/);
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ GUESTBOOK_API_URL: 'ftp://x', AUTH_SECRET: 'short', GUESTBOOK_ENV: 'staging' })).toThrow(
      /GUESTBOOK_ENV[\s\S]*GUESTBOOK_API_URL: must be an http\(s\) URL[\s\S]*AUTH_SECRET: must be at least 32 characters/,
    );
  });

  it('enables company SSO only with issuer, client id and secret together', () => {
    expect(loadConfig({ DASHBOARD_DATA_DIR: dataDir() }).oidc).toBeNull();
    expect(() => loadConfig({ DASHBOARD_DATA_DIR: dataDir(), OIDC_ISSUER: 'https://login.example.com/' })).toThrow(/missing OIDC_CLIENT_ID, OIDC_CLIENT_SECRET/);
    const c = loadConfig({ DASHBOARD_DATA_DIR: dataDir(), OIDC_ISSUER: 'https://login.example.com/', OIDC_CLIENT_ID: 'dash', OIDC_CLIENT_SECRET: 's3cret' });
    expect(c.oidc).toEqual({ issuer: 'https://login.example.com', clientId: 'dash', clientSecret: 's3cret', name: 'Company SSO' });
  });
});
