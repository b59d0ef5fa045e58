import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { DEMO_PARTNER } from '../../lib/sandbox/seed/demo';
import { addStaffAccount, startDashboard, type Started } from '../../scripts/processes';
import { buildActions } from '../action-list';
import { SANDBOX_URL, spareDashboardPort } from '../env';
import { csrfFor, httpSignIn } from '../http-sign-in';
import { actionHeaders } from '../server-actions';
import { expect, test } from '../test';

/*
 * A second dashboard of the same production build whose public URL is https (as behind a
 * TLS-terminating proxy): its session cookie must carry Secure and the __Secure- prefix, and the
 * switcher's entity cookie Secure and the __Host- prefix, so a browser never sends them over
 * plain http.
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
  server = await startDashboard({ name: 'https-dashboard', port: PORT, env });
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

test("with an https public URL the switcher's entity cookie is __Host-, Secure, HttpOnly and kept 30 days", async ({
  request,
}) => {
  const answer = await httpSignIn('tls@example.test', 'a long enough password', {
    csrf: await csrfFor(undefined, BASE),
    base: BASE,
  });
  expect(answer.error).toBeNull();
  const select = buildActions().find((a) => a.key === 'lib/actions/select-entity.ts#selectEntityAction')!;
  const res = await request.post(`${BASE}${select.path}`, {
    headers: { ...actionHeaders(select.id, BASE), Cookie: answer.cookies.join('; ') },
    data: JSON.stringify([{ id: DEMO_PARTNER.defaultEntityId }]),
    maxRedirects: 0,
  });
  expect(await res.text()).toContain('"ok":true');
  const entity = res
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => h.value)
    .find((c) => c.includes('gb_entity='));
  expect(entity).toMatch(new RegExp(`^__Host-gb_entity=${DEMO_PARTNER.defaultEntityId};`));
  expect(entity).toMatch(/;\s*Secure/i);
  expect(entity).toMatch(/;\s*HttpOnly/i);
  expect(entity).toMatch(/;\s*Path=\/(;|$)/i);
  expect(entity).not.toMatch(/;\s*Domain=/i);
  expect(entity).toMatch(/;\s*Max-Age=2592000/i);
});
