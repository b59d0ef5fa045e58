import { createWriteStream, mkdirSync, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

import { createGuestbookClient, type GuestbookClient } from '../lib/guestbook';
import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { startTestPostgres, type TestPostgres } from '../lib/server/db/test-postgres';
import { addStaffAccount, startProcess, type Started } from '../scripts/processes';
import { spareDashboardPort, spareSandboxPort } from './env';
import { csrfFor, httpSignIn } from './http-sign-in';
import { e2eAuthSecret } from './leaks';
import { expect, test } from './test';

/*
 * The directory's pages read the dashboard's copy of it. With the background sync stopped, a
 * change made in the sandbox directly stays out of the copy; once the copy is older than a minute
 * (moved back in the dashboard's database by the test: no wait for the wall clock) the page says
 * "as of" and offers "Refresh now", which brings the sandbox's new value.
 */

const SANDBOX = `http://127.0.0.1:${spareSandboxPort()}`;
const PORT = spareDashboardPort(0);
const BASE = `http://127.0.0.1:${PORT}`;
const LOG = '.data/e2e/directory-copy.log';
const VIEWER = { email: 'copy.viewer@example.test', password: 'a copy that says its age' };

let postgres: TestPostgres;
const started: Started[] = [];
let dataDir: string;
let log: WriteStream;
let cookies: string[];
let client: GuestbookClient;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  mkdirSync(path.dirname(LOG), { recursive: true });
  log = createWriteStream(LOG);
  postgres = await startTestPostgres();
  dataDir = mkdtempSync(path.join(tmpdir(), 'gb-copy-'));
  const env = {
    DASHBOARD_DATA_DIR: dataDir,
    DASHBOARD_DATABASE_URL: postgres.url,
    GUESTBOOK_API_URL: SANDBOX,
    AUTH_SECRET: e2eAuthSecret(),
    DIRECTORY_SYNC: 'off',
  };
  started.push(
    await startProcess({
      name: 'sandbox',
      command: process.execPath,
      args: ['--import', 'tsx', 'lib/sandbox/main.ts', '--port', String(spareSandboxPort()), '--memory'],
      ready: /listening on/,
      quiet: true,
      log,
      timeoutMs: 60_000,
    }),
  );
  expect(await addStaffAccount({ email: VIEWER.email, role: 'viewer', password: VIEWER.password }, env)).toBe(0);
  started.push(
    await startProcess({
      name: 'dashboard',
      command: process.execPath,
      args: ['--import', 'tsx', 'scripts/server.ts', '--port', String(PORT)],
      env: { ...env, NEXTAUTH_URL: BASE },
      ready: /Ready on/,
      quiet: true,
      log,
      timeoutMs: 90_000,
    }),
  );
  const answer = await httpSignIn(VIEWER.email, VIEWER.password, { csrf: await csrfFor(undefined, BASE), base: BASE });
  expect(answer.error).toBeNull();
  cookies = answer.cookies;
  client = createGuestbookClient({
    baseUrl: SANDBOX,
    authUrl: SANDBOX,
    audience: `${SANDBOX}/`,
    clientId: DEMO_PARTNER.clientId,
    clientSecret: DEMO_PARTNER.clientSecret,
  });
});

test.afterAll(async () => {
  await Promise.all(started.map((p) => p.stop()));
  await postgres?.stop();
  log?.end();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Moves every copy's last sync back by `minutes`, as if that long had passed since. */
async function ageTheCopy(minutes: number) {
  const db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  try {
    await db.query(`UPDATE directory_syncs SET synced_at = synced_at - $1 * interval '1 minute'`, [minutes]);
  } finally {
    await db.end();
  }
}

test('an old copy says "as of", and Refresh now brings what the sandbox holds', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: BASE });
  await context.addCookies(
    cookies.map((c) => {
      const [name, ...value] = c.split(';')[0]!.split('=');
      return { name: name!, value: value.join('='), url: BASE };
    }),
  );
  const page = await context.newPage();
  const entity = (await client.listEntities({ limit: 100 })).data.find((e) => e.id === DEMO_PARTNER.defaultEntityId)!;
  const list = page.getByRole('table');
  const note = page.getByTestId('as-of-note');

  await page.goto('/entities');
  await expect(list).toContainText(entity.name);
  await expect(note).toHaveCount(0); // read from the API the first time, and stored: current

  const renamed = `${entity.name} (renamed in the sandbox)`;
  await client.asEntity(entity).updateEntity(entity.id, { name: renamed });
  try {
    await page.reload();
    await expect(list).toContainText(entity.name);
    await expect(list).not.toContainText(renamed); // the copy, not the API
    await expect(note).toHaveCount(0);

    await ageTheCopy(5);
    await page.reload();
    await expect(note).toContainText(/Shown as of \d{1,2}:\d\d( [AP]M)? UTC/);
    await expect(list).not.toContainText(renamed);

    await note.getByRole('button', { name: 'Refresh now' }).click();
    await expect(list).toContainText(renamed);
    await expect(note).toHaveCount(0);
  } finally {
    await client.asEntity(entity).updateEntity(entity.id, { name: entity.name });
    await context.close();
  }
});
