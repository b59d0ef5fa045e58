import { createWriteStream, mkdirSync, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { startTestPostgres, type TestPostgres } from '../lib/server/db/test-postgres';
import { addStaffAccount, startProcess, type Started } from '../scripts/processes';
import { today } from './demo-world';
import { spareDashboardPort, spareMailPort, spareSandboxPort } from './env';
import { csrfFor, httpSignIn } from './http-sign-in';
import { bookTomorrow, cancelOutside } from './inbox-steps';
import { e2eAuthSecret } from './leaks';
import { mailsTo } from './mail';
import { expectSamePage, markPage } from './same-page';
import { expect, test, type Browser, type BrowserContext } from './test';

/*
 * The change feed across two dashboard processes on one PostgreSQL: a cancel made on process A
 * reaches a member whose pages are served by process B (A's NOTIFY wakes B's LISTEN connection,
 * B's event stream sends it), without a reload; and when B is killed, the browser reconnects to
 * it once it is back and catches up from the table. A guest's cancel, which both processes read
 * from the feed and both raise, is mailed once to the member who chose "by e-mail at once".
 */

const SANDBOX = `http://127.0.0.1:${spareSandboxPort()}`;
const MAIL = `http://127.0.0.1:${spareMailPort()}`;
const PORTS = [spareDashboardPort(0), spareDashboardPort(1)] as const;
const BASES = PORTS.map((p) => `http://127.0.0.1:${p}`);
const LOG = '.data/e2e/live-two-processes.log';
const OPERATOR = { email: 'live.operator@example.test', password: 'one feed across servers' };
const VIEWER = { email: 'live.viewer@example.test', password: 'watching from the other one' };

let postgres: TestPostgres;
const started: Started[] = [];
let dataDir: string;
let log: WriteStream;
let env: Record<string, string>;
let dashboardB: Started;

/** Dashboard process `i` (A or B) on its port. */
const startDashboardProcess = (i: 0 | 1) =>
  startProcess({
    name: `dashboard ${'AB'[i]}`,
    command: process.execPath,
    args: ['--import', 'tsx', 'scripts/server.ts', '--port', String(PORTS[i])],
    env: { ...env, NEXTAUTH_URL: BASES[i]! },
    ready: /Ready on/,
    quiet: true,
    log,
    timeoutMs: 90_000,
  });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  mkdirSync(path.dirname(LOG), { recursive: true });
  log = createWriteStream(LOG);
  postgres = await startTestPostgres();
  dataDir = mkdtempSync(path.join(tmpdir(), 'gb-live-'));
  env = {
    DASHBOARD_DATA_DIR: dataDir,
    DASHBOARD_DATABASE_URL: postgres.url,
    DASHBOARD_PROCESSES: '2',
    // As the e2e servers (playwright.config.ts): a guest's cancel is read within 10 s.
    DIRECTORY_SYNC_SECONDS: '20',
    GUESTBOOK_API_URL: SANDBOX,
    SMTP_URL: `smtp://127.0.0.1:${spareMailPort() + 1}`,
    AUTH_SECRET: e2eAuthSecret(),
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
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
  started.push(
    await startProcess({
      name: 'mail catcher',
      command: process.execPath,
      args: ['--import', 'tsx', 'lib/mail-catcher/main.ts', '--port', String(spareMailPort())],
      ready: /Mail catcher listening/,
      quiet: true,
      log,
      timeoutMs: 60_000,
    }),
  );
  for (const account of [
    { ...OPERATOR, role: 'operator' },
    { ...VIEWER, role: 'viewer' },
  ])
    expect(await addStaffAccount(account, env)).toBe(0);
  const [a, b] = await Promise.all([startDashboardProcess(0), startDashboardProcess(1)]);
  dashboardB = b;
  started.push(a, b);
});

test.afterAll(async () => {
  await Promise.all(started.map((p) => p.stop()));
  await postgres?.stop();
  log?.end();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A browser signed in as `account` on process `i` (the cookie holds for both: one AUTH_SECRET, one database). */
async function signedIn(browser: Browser, account: { email: string; password: string }, i: 0 | 1) {
  const answer = await httpSignIn(account.email, account.password, {
    csrf: await csrfFor(undefined, BASES[i]),
    base: BASES[i],
  });
  expect(answer.error).toBeNull();
  const context: BrowserContext = await browser.newContext({
    baseURL: BASES[i],
    storageState: { cookies: [], origins: [] },
  });
  await context.addCookies(
    answer.cookies.map((pair) => {
      const eq = pair.indexOf('=');
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: BASES[i]! };
    }),
  );
  return context;
}

/** The operator cancels the reservation at `href` on process A; their browser context. */
async function cancelOnA(browser: Browser, href: string): Promise<BrowserContext> {
  const actor = await signedIn(browser, OPERATOR, 0);
  const page = await actor.newPage();
  await page.goto(`${BASES[0]}${href}`);
  await page.getByRole('button', { name: 'Cancel reservation' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByTestId('reservation-status')).toHaveText('canceled');
  return actor;
}

test('a cancel on process A reaches the list and the reservation page a member has open on process B, marked, without a reload', async ({
  browser,
}) => {
  const watcher = await signedIn(browser, VIEWER, 1);
  const list = await watcher.newPage();
  await list.goto(`${BASES[1]}/reservations?date%5Bgte%5D=${today()}&sort=date`);
  const row = list.locator('tr', { hasText: 'confirmed' }).first();
  const href = (await row.locator('a[href^="/reservations/"]').first().getAttribute('href'))!;
  const detail = await watcher.newPage();
  await detail.goto(`${BASES[1]}${href}`);
  await expect(detail.getByTestId('reservation-status')).toHaveText('confirmed');
  for (const p of [list, detail]) await markPage(p);
  const target = list.locator('tr', { has: list.locator(`a[href="${href}"]`) });

  const actor = await cancelOnA(browser, href);

  await expect(target).toContainText('canceled');
  await expect(target.getByTestId('change-mark')).toHaveText(/^Canceled by /);
  await expect(detail.getByTestId('reservation-status')).toHaveText('canceled');
  await expectSamePage(list);
  await expectSamePage(detail);
  await Promise.all([watcher.close(), actor.close()]);
});

test('a process killed while it serves a member loses no event: back up, the browser reconnects and catches up', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const watcher = await signedIn(browser, VIEWER, 1);
  const list = await watcher.newPage();
  const streamOpen = list.waitForResponse((r) => new URL(r.url()).pathname === '/api/events');
  await list.goto(`${BASES[1]}/reservations?date%5Bgte%5D=${today()}&sort=date`);
  await streamOpen;
  const href = (await list
    .locator('tr', { hasText: 'confirmed' })
    .first()
    .locator('a[href^="/reservations/"]')
    .first()
    .getAttribute('href'))!;
  const target = list.locator('tr', { has: list.locator(`a[href="${href}"]`) });
  await markPage(list);

  // Process B dies at once (no draining, no goodbye to its streams), before its stream sent any event.
  const b = started.findIndex((p) => p === dashboardB);
  dashboardB.child.kill('SIGKILL');
  await new Promise((resolve) => dashboardB.child.once('exit', resolve));

  // Meanwhile the reservation is canceled on process A.
  const actor = await cancelOnA(browser, href);
  await expect(target).toContainText('confirmed');

  // B starts again on its port; the browser's stream reconnects from the last id it was given.
  dashboardB = await startDashboardProcess(1);
  started[b] = dashboardB;
  await expect(target).toContainText('canceled', { timeout: 30_000 });
  await expect(target.getByTestId('change-mark')).toHaveText(/^Canceled by /);
  await expectSamePage(list);
  await Promise.all([watcher.close(), actor.close()]);
});

test('a guest’s cancel, raised by both processes, is mailed once to the member who chose “by e-mail at once”', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const operator = await signedIn(browser, OPERATOR, 0);
  const page = await operator.newPage();
  await page.goto('/account');
  const choices = page.getByTestId('notification-choices');
  await choices.getByLabel('Canceled outside the console').selectOption('In the console and by e-mail at once');
  await choices.getByRole('button', { name: 'Save notifications' }).click();
  await expect(page.getByText('Your notification choices are saved.')).toBeVisible();

  const booked = await bookTomorrow(page, request, 'Once', SANDBOX);
  await cancelOutside(request, booked.id, SANDBOX);
  const about = async () =>
    (await mailsTo(request, OPERATOR.email, MAIL)).filter((m) => m.text.includes(`/reservations/${booked.id}`));
  await expect.poll(async () => (await about()).length, { timeout: 150_000, intervals: [2_000] }).toBe(1);
  // Both processes have read the cancel and looked for mail to send, twice over: still one.
  await page.waitForTimeout(25_000);
  expect(await about()).toHaveLength(1);
  await operator.close();
});
