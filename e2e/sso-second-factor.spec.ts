import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

import { addStaffAccount, startDashboard, type Started } from '../scripts/processes';
import { SANDBOX_URL, spareDashboardPort } from './env';
import { openSignIn } from './staff';
import { expect, test, type Browser } from './test';

/*
 * The team's two-step policy against company sign-in, as a member's browser goes through it: a
 * dashboard of the same build configured for an OpenID provider that this spec plays (its
 * discovery document, keys, authorization and token endpoints, the ID token signed as a provider
 * signs it). Under "everyone", a company sign-in whose ID token does not say a second factor was
 * used (`amr` without `mfa`) is refused with its reason; the same member, once the provider's
 * token says `mfa`, is signed in. (A member who also holds a password sets up the dashboard's own
 * second factor too: the password signs in without the provider.)
 */

const PORT = spareDashboardPort(0);
const BASE = `http://127.0.0.1:${PORT}`;
const CLIENT_ID = 'guestbook-dashboard';
const ADMIN = { email: 'sso.admin@example.test', password: 'an admin of the company sign-in' };
/** A member who signs in through the company only (no password here: the provider's checks are the second factor). */
const MEMBER = { email: 'sso.member@example.test' };
/** The name the staff command line gives an account added without one. */
const MEMBER_NAME = 'sso.member';

/** The provider this spec plays: what its next ID token says of the sign-in's methods, and the requests it was sent. */
interface Provider {
  url: string;
  amr: string[];
  authorizations: URLSearchParams[];
  close(): Promise<void>;
}

async function startProvider(): Promise<Provider> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'e2e-key', alg: 'RS256', use: 'sig' };
  const codes = new Set<string>();
  const provider: Provider = { url: '', amr: ['pwd'], authorizations: [], close: async () => undefined };
  const idToken = (key: CryptoKey) =>
    new SignJWT({ email: MEMBER.email, email_verified: true, name: 'Someone Else At The Provider', amr: provider.amr })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
      .setIssuer(provider.url)
      .setAudience(CLIENT_ID)
      .setSubject('employee-4711')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(key);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', provider.url);
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration')
      return json({
        issuer: provider.url,
        authorization_endpoint: `${provider.url}/authorize`,
        token_endpoint: `${provider.url}/token`,
        jwks_uri: `${provider.url}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
      });
    if (url.pathname === '/jwks') return json({ keys: [jwk] });
    if (url.pathname === '/authorize') {
      // The member signs in to the company at once: back to the dashboard with a code.
      provider.authorizations.push(url.searchParams);
      const code = `code-${codes.size + 1}`;
      codes.add(code);
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const code = new URLSearchParams(body).get('code') ?? '';
        if (!codes.delete(code)) {
          res.writeHead(400, { 'content-type': 'application/json' });
          return res.end(JSON.stringify({ error: 'invalid_grant' }));
        }
        void idToken(privateKey).then((id_token) =>
          json({ access_token: `access-${code}`, token_type: 'Bearer', expires_in: 300, id_token }),
        );
      });
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider.close = () => new Promise((resolve) => server.close(() => resolve()));
  return provider;
}

let provider: Provider;
let server: Started | undefined;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  provider = await startProvider();
  dataDir = mkdtempSync(path.join(tmpdir(), 'gb-sso-'));
  const env = {
    DASHBOARD_DATA_DIR: dataDir,
    GUESTBOOK_API_URL: SANDBOX_URL,
    NEXTAUTH_URL: BASE,
    OIDC_ISSUER: provider.url,
    OIDC_CLIENT_ID: CLIENT_ID,
    OIDC_CLIENT_SECRET: 'the provider keeps this one',
    OIDC_NAME: 'Harbour SSO',
  };
  expect(await addStaffAccount({ ...ADMIN, role: 'admin' }, env)).toBe(0);
  expect(await addStaffAccount({ ...MEMBER, role: 'operator' }, env)).toBe(0);
  server = await startDashboard({ name: 'sso-dashboard', port: PORT, env });
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const freshBrowser = (browser: Browser) =>
  browser.newContext({ baseURL: BASE, storageState: { cookies: [], origins: [] } });

test('under "everyone", a company sign-in without a second factor is refused, saying why; with one, the member is in', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // The admin requires two-step sign-in of everyone.
  const admin = await freshBrowser(browser);
  const adminPage = await admin.newPage();
  await openSignIn(adminPage);
  await adminPage.getByLabel('E-mail').fill(ADMIN.email);
  await adminPage.getByLabel('Password').fill(ADMIN.password);
  await adminPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(adminPage.getByTestId('shell-staff-name')).toBeVisible();
  await adminPage.goto('/team');
  const save = adminPage.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeEnabled();
  await adminPage.getByLabel('Required for').selectOption({ label: 'Everyone' });
  await save.click();
  await expect(adminPage.getByText('Two-step sign-in is now required for everyone.')).toBeVisible();
  await admin.close();

  // The provider's token says the member signed in with a password alone.
  const member = await freshBrowser(browser);
  const page = await member.newPage();
  await openSignIn(page);
  await page.getByRole('button', { name: 'Sign in with Harbour SSO' }).click();
  await expect(page).toHaveURL(/\/login\?error=sso_second_factor/);
  await expect(page.getByTestId('login-error')).toContainText(
    'Your team requires two-step sign-in, and your company sign-in did not use a second factor.',
  );
  expect(provider.authorizations).toHaveLength(1);
  expect((await member.cookies()).some((c) => /session-token/.test(c.name))).toBe(false);

  // With a second factor at the provider, the same member is signed in, with the account's own role.
  provider.amr = ['pwd', 'otp', 'mfa'];
  await page.getByRole('button', { name: 'Sign in with Harbour SSO' }).click();
  await expect(page.getByTestId('shell-staff-name')).toHaveText(MEMBER_NAME);
  expect(provider.authorizations).toHaveLength(2);
  await member.close();
});
