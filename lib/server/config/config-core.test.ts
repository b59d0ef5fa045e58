import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { envExample, loadConfig, looksRandom, SANDBOX_DEFAULTS } from './config-core';

const root = mkdtempSync(path.join(tmpdir(), 'gb-config-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const dataDir = () => mkdtempSync(path.join(root, 'data-'));

describe('configuration', () => {
  it('defaults to the embedded sandbox with a generated, persisted auth secret', () => {
    const dir = dataDir();
    const c = loadConfig({ DASHBOARD_DATA_DIR: dir });
    expect(c.environment).toBe('sandbox');
    expect(c.api).toMatchObject({
      baseUrl: SANDBOX_DEFAULTS.apiUrl,
      audience: `${SANDBOX_DEFAULTS.apiUrl}/`,
      clientId: SANDBOX_DEFAULTS.clientId,
    });
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

  describe('production refuses to start when unsafe, naming why', () => {
    const prod = {
      GUESTBOOK_ENV: 'production',
      NEXTAUTH_URL: 'https://dashboard.example.com',
      GUESTBOOK_API_URL: 'https://api.example.com',
      GUESTBOOK_CLIENT_ID: 'cid_live_81d2',
      GUESTBOOK_CLIENT_SECRET: 'real-secret',
      AUTH_SECRET: 'n0V5q+Zc8JxR2mW7tL4yB9eK1hS6aD3fG0pU5iO8rE2=',
      TRUSTED_PROXY_HOPS: '0',
    };
    it('starts with explicit https settings, secure cookies and no demo accounts', () => {
      const c = loadConfig(prod);
      expect(c.demoAccounts).toBe(false);
      expect(c.secureCookies).toBe(true);
      expect(c.trustedProxyHops).toBe(0);
    });
    it('starts with a database URL that checks the server certificate', () => {
      const url = 'postgres://dash:pw@db.internal:5432/dashboard?sslmode=verify-full';
      expect(loadConfig({ ...prod, DASHBOARD_DATABASE_URL: url }).databaseUrl).toBe(url);
    });
    it.each([
      [
        'nothing set',
        { GUESTBOOK_ENV: 'production' },
        /requires NEXTAUTH_URL, GUESTBOOK_API_URL, GUESTBOOK_CLIENT_ID, GUESTBOOK_CLIENT_SECRET, AUTH_SECRET/,
      ],
      ['no dashboard URL', { ...prod, NEXTAUTH_URL: undefined }, /requires NEXTAUTH_URL/],
      [
        'a mail server without a sender',
        { ...prod, SMTP_URL: 'smtps://mailer:pw@smtp.example.com' },
        /requires MAIL_FROM with SMTP_URL/,
      ],
      [
        'no TRUSTED_PROXY_HOPS',
        { ...prod, TRUSTED_PROXY_HOPS: undefined },
        /requires TRUSTED_PROXY_HOPS: 0 when clients connect/,
      ],
      [
        'an http dashboard URL',
        { ...prod, NEXTAUTH_URL: 'http://dashboard.example.com' },
        /NEXTAUTH_URL must be an https:\/\/ URL/,
      ],
      [
        'an http API URL',
        { ...prod, GUESTBOOK_API_URL: 'http://api.example.com' },
        /GUESTBOOK_API_URL must be an https:\/\/ URL/,
      ],
      [
        'an http token URL',
        { ...prod, GUESTBOOK_AUTH_URL: 'http://auth.example.com' },
        /GUESTBOOK_AUTH_URL must be an https:\/\/ URL/,
      ],
      [
        'an API URL on this machine',
        { ...prod, GUESTBOOK_API_URL: 'https://127.0.0.1:4010' },
        /GUESTBOOK_API_URL must be the Guest Book API, not this machine \(got https:\/\/127.0.0.1:4010/,
      ],
      [
        'a token URL on localhost',
        { ...prod, GUESTBOOK_AUTH_URL: 'https://localhost/oauth/token' },
        /GUESTBOOK_AUTH_URL must be the Guest Book API, not this machine/,
      ],
      ['an API URL on ::1', { ...prod, GUESTBOOK_API_URL: 'https://[::1]:8443' }, /not this machine/],
      [
        'a database URL without TLS',
        { ...prod, DASHBOARD_DATABASE_URL: 'postgres://dash:pw@db.internal:5432/dashboard' },
        /DASHBOARD_DATABASE_URL must connect over TLS and check the server certificate: add sslmode=verify-full/,
      ],
      [
        'a database URL with TLS but no certificate check',
        { ...prod, DASHBOARD_DATABASE_URL: 'postgres://dash:pw@db.internal:5432/dashboard?sslmode=require' },
        /DASHBOARD_DATABASE_URL must connect over TLS and check the server certificate/,
      ],
      [
        'an http OIDC issuer',
        { ...prod, OIDC_ISSUER: 'http://login.example.com', OIDC_CLIENT_ID: 'dash', OIDC_CLIENT_SECRET: 's' },
        /OIDC_ISSUER must be an https:\/\/ URL/,
      ],
      ['32 × x as AUTH_SECRET', { ...prod, AUTH_SECRET: 'x'.repeat(32) }, /AUTH_SECRET does not look random/],
      [
        'the same secret as AUTH_SECRET and AUTH_SECRET_PREVIOUS',
        { ...prod, AUTH_SECRET_PREVIOUS: prod.AUTH_SECRET },
        /AUTH_SECRET_PREVIOUS is AUTH_SECRET: give AUTH_SECRET the new secret/,
      ],
      [
        'a typed AUTH_SECRET',
        { ...prod, AUTH_SECRET: 'passwordpasswordpasswordpassword1' },
        /AUTH_SECRET does not look random/,
      ],
      [
        'a run as AUTH_SECRET',
        { ...prod, AUTH_SECRET: 'abcdefghijklmnopqrstuvwxyz0123456789' },
        /AUTH_SECRET does not look random/,
      ],
      ['demo accounts on', { ...prod, DEMO_ACCOUNTS: 'true' }, /DEMO_ACCOUNTS/],
      [
        'the sandbox demo client id',
        { ...prod, GUESTBOOK_CLIENT_ID: SANDBOX_DEFAULTS.clientId },
        /sandbox demo client/,
      ],
      [
        'the sandbox demo secret',
        { ...prod, GUESTBOOK_CLIENT_SECRET: SANDBOX_DEFAULTS.clientSecret },
        /public sandbox demo secret/,
      ],
    ])('refuses %s', (_name, env, message) => {
      expect(() => loadConfig(env as Record<string, string | undefined>)).toThrow(message);
    });
    it('accepts secrets made by the usual generators', () => {
      for (const secret of [
        randomBytes(32).toString('base64'),
        randomBytes(32).toString('hex'),
        randomBytes(24).toString('base64url'),
      ]) {
        expect(looksRandom(secret), secret).toBe(true);
      }
    });
  });

  it('uses Secure cookies whenever the dashboard URL is https, also outside production', () => {
    expect(loadConfig({ DASHBOARD_DATA_DIR: dataDir(), NEXTAUTH_URL: 'https://dash.example.com' }).secureCookies).toBe(
      true,
    );
    expect(loadConfig({ DASHBOARD_DATA_DIR: dataDir(), NEXTAUTH_URL: 'http://127.0.0.1:3000' }).secureCookies).toBe(
      false,
    );
  });

  it('reads TRUSTED_PROXY_HOPS as a small whole number', () => {
    expect(loadConfig({ DASHBOARD_DATA_DIR: dataDir(), TRUSTED_PROXY_HOPS: '2' }).trustedProxyHops).toBe(2);
    expect(() => loadConfig({ DASHBOARD_DATA_DIR: dataDir(), TRUSTED_PROXY_HOPS: 'one' })).toThrow(
      /TRUSTED_PROXY_HOPS/,
    );
  });

  it('takes DASHBOARD_COMPRESSION as dashboard or host, and names any other value', () => {
    expect(() => loadConfig({ DASHBOARD_DATA_DIR: dataDir(), DASHBOARD_COMPRESSION: 'host' })).not.toThrow();
    expect(() => loadConfig({ DASHBOARD_DATA_DIR: dataDir(), DASHBOARD_COMPRESSION: 'nginx' })).toThrow(
      /DASHBOARD_COMPRESSION/,
    );
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ GUESTBOOK_API_URL: 'ftp://x', AUTH_SECRET: 'short', GUESTBOOK_ENV: 'staging' })).toThrow(
      /GUESTBOOK_ENV[\s\S]*GUESTBOOK_API_URL: must be an http\(s\) URL[\s\S]*AUTH_SECRET: must be at least 32 characters/,
    );
  });

  it('enables company SSO only with issuer, client id and secret together', () => {
    expect(loadConfig({ DASHBOARD_DATA_DIR: dataDir() }).oidc).toBeNull();
    expect(() => loadConfig({ DASHBOARD_DATA_DIR: dataDir(), OIDC_ISSUER: 'https://login.example.com/' })).toThrow(
      /missing OIDC_CLIENT_ID, OIDC_CLIENT_SECRET/,
    );
    const c = loadConfig({
      DASHBOARD_DATA_DIR: dataDir(),
      OIDC_ISSUER: 'https://login.example.com/',
      OIDC_CLIENT_ID: 'dash',
      OIDC_CLIENT_SECRET: 's3cret',
    });
    expect(c.oidc).toEqual({
      issuer: 'https://login.example.com',
      clientId: 'dash',
      clientSecret: 's3cret',
      name: 'Company SSO',
      acrValues: [],
    });
    const sso = {
      DASHBOARD_DATA_DIR: dataDir(),
      OIDC_ISSUER: 'https://login.example.com/',
      OIDC_CLIENT_ID: 'dash',
      OIDC_CLIENT_SECRET: 's',
    };
    expect(loadConfig({ ...sso, OIDC_ACR_VALUES: 'urn:example:mfa phr' }).oidc?.acrValues).toEqual([
      'urn:example:mfa',
      'phr',
    ]);
    expect(() => loadConfig({ ...sso, OIDC_ACR_VALUES: ' phr' })).toThrow(
      /OIDC_ACR_VALUES: must be one or more values separated by single spaces/,
    );
  });
});

describe('.env.example', () => {
  it('is what the configuration schema makes of it (npm run env:example writes it anew)', () => {
    expect(readFileSync('.env.example', 'utf8')).toBe(envExample());
  });

  it('names every variable with its default, and a default that loads as that value', () => {
    const text = envExample();
    expect(text).toContain('# DASHBOARD_DATA_DIR=.data/dashboard\n');
    expect(text).toContain('# SESSION_MAX_AGE_S=28800\n');
    expect(text).toContain('# TRUSTED_PROXY_HOPS=0\n');
    const variables = [...text.matchAll(/^# ([A-Z_]+)=(.*)$/gm)];
    expect(variables.length).toBe(32);
    const written = Object.fromEntries(variables.filter(([, , v]) => v !== '').map(([, k, v]) => [k!, v!]));
    const dir = dataDir();
    const fromExample = loadConfig({ ...written, DASHBOARD_DATA_DIR: dir });
    const fromNothing = loadConfig({ DASHBOARD_DATA_DIR: dir });
    expect(fromExample).toEqual(fromNothing);
  });
});

describe('SMTP_URL', () => {
  const sandbox = { DASHBOARD_DATA_DIR: dataDir() };
  it('takes TLS from the start anywhere, and plain SMTP to this machine only or with STARTTLS required', () => {
    for (const url of [
      'smtps://user:secret@mail.example.com:465',
      'smtp://127.0.0.1:4026',
      'smtp://localhost:25',
      'smtp://user:secret@mail.example.com:587?requireTLS=true',
    ])
      expect(loadConfig({ ...sandbox, SMTP_URL: url }).mail?.smtpUrl, url).toBe(url);
    expect(loadConfig(sandbox).mail).toBeNull();
  });

  it('refuses a plain-text SMTP URL to another host, and names why', () => {
    expect(() => loadConfig({ ...sandbox, SMTP_URL: 'smtp://user:secret@mail.example.com:587' })).toThrow(
      /SMTP_URL: sends mail in plain text to mail\.example\.com: use smtps:\/\/ .* or add \?requireTLS=true/,
    );
    expect(() => loadConfig({ ...sandbox, SMTP_URL: 'http://mail.example.com' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
    );
  });
});
