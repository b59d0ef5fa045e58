import { createWriteStream, mkdirSync, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { createGuestbookClient } from '../lib/guestbook';
import { todayOf } from '../lib/overview/figures';
import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { addStaffAccount, startProcess, type Started } from '../scripts/processes';
import { spareDashboardPort, spareSandboxPort } from './env';
import { csrfFor, httpSignIn } from './http-sign-in';
import { e2eAuthSecret } from './leaks';
import { expect, test, type Page } from './test';

/*
 * A full service: Today on a sandbox of its own whose day holds 400 more reservations of the
 * default entity (the Lighthouse bench's world). The server sends the first rows of the first venue
 * and nothing below them; the browser builds no row while the page stays at its top, and builds the
 * rows of each part of the sheet as the member scrolls to it, so that every reservation of the day
 * is reached, once, on a phone and on a desktop.
 */

const SANDBOX = `http://127.0.0.1:${spareSandboxPort()}`;
const PORT = spareDashboardPort(0);
const BASE = `http://127.0.0.1:${PORT}`;
const LOG = '.data/e2e/today-long-day.log';
const OPERATOR = { email: 'long.day@example.test', password: 'a full service tonight' };

let sandbox: Started | undefined;
let dashboard: Started | undefined;
let dataDir: string;
let log: WriteStream;
let cookies: { name: string; value: string; url: string }[];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  mkdirSync(path.dirname(LOG), { recursive: true });
  log = createWriteStream(LOG);
  dataDir = mkdtempSync(path.join(tmpdir(), 'gb-long-day-'));
  const env = {
    DASHBOARD_DATA_DIR: dataDir,
    GUESTBOOK_API_URL: SANDBOX,
    AUTH_SECRET: e2eAuthSecret(),
    NEXTAUTH_URL: BASE,
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
  };
  sandbox = await startProcess({
    name: 'sandbox',
    command: process.execPath,
    args: [
      '--import',
      'tsx',
      'lib/sandbox/main.ts',
      '--port',
      String(spareSandboxPort()),
      '--memory',
      '--busy-day',
      '400',
    ],
    ready: /listening on/,
    quiet: true,
    log,
    timeoutMs: 60_000,
  });
  expect(await addStaffAccount({ email: OPERATOR.email, role: 'operator', password: OPERATOR.password }, env)).toBe(0);
  dashboard = await startProcess({
    name: 'dashboard',
    command: process.execPath,
    args: ['--import', 'tsx', 'scripts/server.ts', '--port', String(PORT)],
    env,
    ready: /Ready on/,
    quiet: true,
    log,
    timeoutMs: 90_000,
  });
  const answer = await httpSignIn(OPERATOR.email, OPERATOR.password, {
    csrf: await csrfFor(undefined, BASE),
    base: BASE,
  });
  expect(answer.error).toBeNull();
  cookies = answer.cookies.map((c) => {
    const pair = c.split(';')[0]!;
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: BASE };
  });
});

test.afterAll(async () => {
  await Promise.all([dashboard, sandbox].map((p) => p?.stop()));
  log?.end();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The default entity's reservations of the day at the venues, as the sandbox holds them. */
async function sandboxDay(): Promise<{ day: string; ids: Set<string> }> {
  const client = createGuestbookClient({
    baseUrl: SANDBOX,
    authUrl: SANDBOX,
    audience: `${SANDBOX}/`,
    clientId: DEMO_PARTNER.clientId,
    clientSecret: DEMO_PARTNER.clientSecret,
  });
  const day = todayOf((await client.listVenues({ limit: 100 })).data, new Date());
  const ids = new Set<string>();
  for (let page = 1; ; page++) {
    const { data } = await client.listReservations({
      filters: [{ attribute: 'date', modifier: 'eq', value: day }],
      limit: 100,
      page,
    });
    data.forEach((r) => ids.add(r.id));
    if (data.length < 100) return { day, ids };
  }
}

/** The rows the sheet holds now, by venue card (the server's and the browser's). */
const rowsByVenue = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('section[data-testid^="sheet-"]')].map(
      (card) => card.querySelectorAll('tr[data-testid^="sheet-row-"]').length,
    ),
  );

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`at ${viewport.width} px, a day of 400 reservations builds the rows it shows, and every one is reached by scrolling`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const expected = await sandboxDay();
    expect(expected.ids.size).toBeGreaterThanOrEqual(400);

    const context = await browser.newContext({ viewport });
    await context.addCookies(cookies);
    const page = await context.newPage();
    const documentHtml = page.waitForResponse((r) => new URL(r.url()).pathname === '/today').then((r) => r.text());
    await page.goto(`${BASE}/today`);
    const html = await documentHtml;
    await expect(page.getByTestId('today-scope')).toContainText(/today at the venues/);

    // The server sends the first rows of the first venue, and none of the others.
    const serverRows = (html.match(/data-testid="sheet-row-/g) ?? []).length;
    expect(serverRows).toBeGreaterThan(0);
    expect(serverRows).toBeLessThanOrEqual(24);
    // Left at its top, the page builds no more once hydrated: the same rows, in the first venue only.
    await page.waitForFunction(() => {
      const body = document.querySelector('section[data-testid^="sheet-"] tbody');
      return !!body && Object.keys(body).some((key) => key.startsWith('__reactFiber'));
    });
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 300)))),
    );
    const atTop = await rowsByVenue(page);
    expect(atTop[0]).toBe(serverRows);
    expect(atTop.slice(1).every((n) => n === 0)).toBe(true);
    // The cards below the screen skip their rendering until the member nears them.
    expect(
      await page.getByTestId('pacing').evaluate((el) => getComputedStyle(el).getPropertyValue('content-visibility')),
    ).toBe('auto');

    // Scrolled through, half a screen at a time: the middle of the screen shows rows wherever the
    // sheet is there (never an empty stretch), and every reservation of the day shows, once. The
    // screen is read once its rows are still (measured rows move the ones after them).
    const seen = new Set<string>();
    for (let step = 0; step < 400; step++) {
      const read = () =>
        page.evaluate(() => {
          const rows = [...document.querySelectorAll<HTMLElement>('tr[data-testid^="sheet-row-"]')].filter((r) => {
            const box = r.getBoundingClientRect();
            return box.bottom > 0 && box.top < innerHeight;
          });
          return {
            ids: rows.map((r) => r.dataset.testid!.slice('sheet-row-'.length)),
            end: scrollY + innerHeight >= document.documentElement.scrollHeight - 2,
          };
        });
      let onScreen = await read();
      await expect
        .poll(async () => {
          const before = onScreen.ids.join();
          onScreen = await read();
          return onScreen.ids.join() === before;
        })
        .toBe(true);
      onScreen.ids.forEach((id) => seen.add(id));
      if (onScreen.end) break;
      // at once (a wheel's smooth scroll would still be moving when the screen is read)
      await page.evaluate((by) => window.scrollBy({ top: by, behavior: 'instant' }), Math.round(viewport.height / 2));
      // the rows of the part now on screen are built before the next look
      await expect
        .poll(() =>
          page.evaluate(() => {
            const sheet = [...document.querySelectorAll('section[data-testid^="sheet-"] tbody')].some((b) => {
              const box = b.getBoundingClientRect();
              return box.top < innerHeight * 0.5 && box.bottom > innerHeight * 0.5;
            });
            const row = document
              .elementsFromPoint(innerWidth / 2, innerHeight * 0.5)
              .some((el) => el.closest('tr[data-testid^="sheet-row-"], tr[data-testid^="quarter-"]'));
            return !sheet || row;
          }),
        )
        .toBe(true);
    }
    expect([...seen].filter((id) => !expected.ids.has(id))).toEqual([]);
    expect(seen.size).toBe(expected.ids.size);
    await context.close();
  });
}
