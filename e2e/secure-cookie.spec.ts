import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

import { addStaffAccount, startProcess, type Started } from '../scripts/processes';
import { SANDBOX_URL, spareDashboardPort } from './env';
import { csrfFor, httpSignIn } from './http-sign-in';

/*
 * A second dashboard of the same production build whose public URL is https (as behind a
 * TLS-terminating proxy): its session cookie must carry Secure and the __Secure- prefix, so a
 * browser never sends it over plain http.
 */

const PORT = spareDashboardPort(0);
const BASE = `http://127.0.0.1:${PORT}`;
let server: Started | undefined;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'gb-https-'));
  const env = {
    DASHBOARD_DATA_DIR: dataDir,
    GUESTBOOK_API_URL: SANDBOX_URL,
    NEXTAUTH_URL: 'https://dashboard.example.test',
  };
  const added = await addStaffAccount(
    { email: 'tls@example.test', role: 'viewer', password: 'a long enough password' },
    env,
  );
  expect(added).toBe(0);
  server = await startProcess({
    name: 'https-dashboard',
    command: process.execPath,
    args: ['--import', 'tsx', 'scripts/server.ts', '--port', String(PORT)],
    env,
    ready: /Ready on/,
    quiet: true,
    timeoutMs: 90_000,
  });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test('with an https public URL the session cookie is __Secure-, Secure, HttpOnly and SameSite=Lax', async () => {
  const answer = await httpSignIn('tls@example.test', 'a long enough password', {
    csrf: await csrfFor(undefined, BASE),
    base: BASE,
  });
  expect(answer.error).toBeNull();
  const session = answer.setCookie.find((c) => c.includes('next-auth.session-token='));
  expect(session).toMatch(/^__Secure-next-auth\.session-token=/);
  expect(session).toMatch(/;\s*Secure/i);
  expect(session).toMatch(/;\s*HttpOnly/i);
  expect(session).toMatch(/;\s*SameSite=Lax/i);
});
