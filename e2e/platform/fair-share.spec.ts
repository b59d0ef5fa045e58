import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { addStaffAccount, startDashboard, type Started } from '../../scripts/processes';
import { SANDBOX_URL, spareDashboardPort } from '../env';
import { csrfFor, httpSignIn } from '../http-sign-in';
import { expect, test } from '../test';

import '../reservation-results';

/*
 * One member floods the dashboard with reservation searches, as a script with a copied session
 * cookie would: 16 at a time, each a page the API must be asked for. A second dashboard of the
 * same build, whose request budget is 200 a minute (GUESTBOOK_REQUESTS_PER_MINUTE), so that the
 * flood spends it in seconds, and whose copy of the partner's data is off (DIRECTORY_SYNC), so that
 * every search asks the API (with the copy on, its book answers them and the flood costs the
 * budget nothing). The fair shares of the budget must refuse the flood, saying so, and leave
 * another member's page its room.
 */

const PORT = spareDashboardPort(0);
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'a long enough password for e2e';
const FLOODER = 'flood@example.test';
const COLLEAGUE = 'colleague@example.test';
const SEARCHES = 300;
const AT_ONCE = 16;
let server: Started | undefined;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'gb-fair-share-'));
  const env = {
    DASHBOARD_DATA_DIR: dataDir,
    GUESTBOOK_API_URL: SANDBOX_URL,
    NEXTAUTH_URL: BASE,
    GUESTBOOK_REQUESTS_PER_MINUTE: '200',
    DIRECTORY_SYNC: 'off',
  };
  for (const [email, role] of [
    [FLOODER, 'viewer'],
    [COLLEAGUE, 'operator'],
  ] as const)
    expect(await addStaffAccount({ email, role, password: PASSWORD }, env)).toBe(0);
  server = await startDashboard({ name: 'small-budget-dashboard', port: PORT, env });
});

test.afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test("one member's flood of searches is refused at their share, saying why, while another member's page loads in full", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const signedIn = await httpSignIn(FLOODER, PASSWORD, { csrf: await csrfFor(undefined, BASE), base: BASE });
  expect(signedIn.error).toBeNull();
  const cookie = signedIn.cookies.join('; ');

  const answers: { status: number; error?: string }[] = [];
  let firstRefusal: () => void;
  const refused = new Promise<void>((resolve) => (firstRefusal = resolve));
  const search = async (page: number) => {
    const query = encodeURIComponent('status[neq]=canceled&sort=-date');
    const res = await fetch(`${BASE}/api/reservations/search?query=${query}&page=${page}`, { headers: { cookie } });
    const body = (await res.json()) as { error?: string };
    answers.push({ status: res.status, error: body.error });
    if (res.status === 429) firstRefusal();
  };
  let next = 1;
  const flood = Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      while (next <= SEARCHES) await search(next++);
    }),
  );

  // Once the flood is being refused, the budget is contended: the colleague signs in to a search.
  await refused;
  const context = await browser.newContext({ baseURL: BASE, storageState: { cookies: [], origins: [] } });
  const colleague = await context.newPage();
  await colleague.goto(`/login?callbackUrl=${encodeURIComponent('/reservations?status=confirmed')}`);
  await colleague.locator('form[data-hydrated]').waitFor();
  await colleague.getByLabel('E-mail').fill(COLLEAGUE);
  await colleague.getByLabel('Password').fill(PASSWORD);
  await colleague.getByRole('button', { name: 'Sign in' }).click();
  await expect(colleague.getByTestId('result-count')).toHaveText(/^\d[\d,]*$/);
  await expect(colleague.getByText(/request budget/)).toHaveCount(0);
  await context.close();
  await flood;

  // Every search was answered: a page, or a refusal that names the member's share and when to try again.
  expect(answers).toHaveLength(SEARCHES);
  const refusals = answers.filter((a) => a.status === 429);
  const served = answers.filter((a) => a.status === 200);
  console.log(`flood of ${SEARCHES} searches: ${served.length} served, ${refusals.length} refused at the share`);
  expect(served.length + refusals.length, JSON.stringify(answers.filter((a) => ![200, 429].includes(a.status)))).toBe(
    SEARCHES,
  );
  expect(served.length, 'the flood had its share before it was refused').toBeGreaterThan(20);
  expect(served.length, 'the flood did not take the whole budget').toBeLessThan(200);
  for (const r of refusals)
    expect(r.error).toMatch(
      /^You are sending requests faster than your share of the partner’s Guest Book request budget; try again in \d+ s\.$/,
    );
});
