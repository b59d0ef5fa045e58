import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { buildActions } from './action-list';
import { DASHBOARD_URL, STORAGE } from './env';
import { postAction } from './server-actions';
import { addMember, openAccountMenu, signedInBrowser, signOutThroughMenu } from './staff';
import { expect, test, type BrowserContext } from './test';

/*
 * Sessions end on the server: a copy of a cookie, taken as a thief would take it, opens nothing
 * once its session has ended by sign-out, a password change elsewhere, an admin's reset or
 * "sign out everywhere".
 */

const PASSWORD = 'the first password 2026';
const stamp = () => `${Date.now()}.${Math.floor(Math.random() * 1e6)}`;

async function stolenCopy(
  context: BrowserContext,
  browser: import('@playwright/test').Browser,
): Promise<BrowserContext> {
  return browser.newContext({ storageState: await context.storageState() });
}

/** What the holder of `context`'s cookies gets for a page, a server action and next-auth's session endpoint. */
async function access(context: BrowserContext): Promise<{ page: string; action: string; session: string }> {
  const res = await context.request.get(`${DASHBOARD_URL}/`, { maxRedirects: 0 });
  const page =
    res.status() === 200 ? 'served' : `sent to ${new URL(res.headers()['location'] ?? '', DASHBOARD_URL).pathname}`;
  const select = buildActions().find((a) => a.key === 'lib/actions/select-entity.ts#selectEntityAction')!;
  const answer = await postAction(
    context.request,
    `${DASHBOARD_URL}${select.path}`,
    select.id,
    [{ id: DEMO_PARTNER.defaultEntityId }],
    { maxRedirects: 0 },
  );
  const body = await answer.text();
  const action = body.includes('"ok":true')
    ? 'done'
    : body.includes('Your session has ended')
      ? 'session ended'
      : `${answer.status()} ${body.slice(0, 80)}`;
  const session = (await (await context.request.get(`${DASHBOARD_URL}/api/auth/session`)).json()) as {
    user?: { email?: string };
  };
  return { page, action, session: session.user ? `member ${session.user.email}` : 'none' };
}

const ALIVE = { page: 'served', action: 'done', session: expect.stringMatching(/^member /) };
const ENDED = { page: 'sent to /login', action: 'session ended', session: 'none' };

test('a password change in one session ends the other: its next page and its next action are refused', async ({
  browser,
}) => {
  const email = `sessions.${stamp()}@demo.test`;
  await addMember(browser, { email, name: 'Sam Sessions', role: 'operator', password: PASSWORD });
  const a = await signedInBrowser(browser, email, PASSWORD);
  const b = await signedInBrowser(browser, email, PASSWORD);
  await expect(b.page.getByTestId('shell-staff-name')).toHaveText('Sam Sessions');
  expect(await access(b.context)).toEqual(ALIVE);

  await a.page.goto('/account');
  await a.page.getByLabel('Current password').fill('not my password 123');
  await a.page.getByLabel('New password (at least 12 characters)').fill('the second password 2026');
  await a.page.getByLabel('Repeat the new password').fill('the second password 2026');
  await a.page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(a.page.getByTestId('password-error')).toContainText('The current password is not right');
  expect(await access(b.context)).toEqual(ALIVE);

  await a.page.getByLabel('Current password').fill(PASSWORD);
  await a.page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(a.page.getByTestId('password-saved')).toBeVisible();
  expect(await access(a.context)).toEqual(ALIVE);
  expect(await access(b.context)).toEqual(ENDED);
  await b.page.reload();
  await expect(b.page).toHaveURL(/\/login(\?|$)/);
});

test("after an admin's reset, an old session can neither open a page nor set a password; the one-time password must be given to replace it", async ({
  browser,
}) => {
  const email = `reset.${stamp()}@demo.test`;
  await addMember(browser, { email, name: 'Rita Reset', role: 'viewer', password: PASSWORD });
  const thief = await signedInBrowser(browser, email, PASSWORD);
  await expect(thief.page.getByTestId('shell-staff-name')).toHaveText('Rita Reset');

  const adminContext = await browser.newContext({ storageState: STORAGE.admin });
  const admin = await adminContext.newPage();
  await admin.goto('/team');
  await admin.getByTestId(`member-${email}`).getByRole('button', { name: 'Reset password' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Reset password' }).click();
  const oneTime = (await admin.getByTestId('one-time-password').textContent())!.trim();

  expect(await access(thief.context)).toEqual(ENDED);
  const change = buildActions().find((a) => a.key === 'lib/actions/account.ts#changeOwnPasswordAction')!;
  const attempt = await postAction(thief.context.request, `${DASHBOARD_URL}${change.path}`, change.id, [
    { current: PASSWORD, password: 'the thief chose this', confirm: 'the thief chose this' },
  ]);
  expect(await attempt.text()).toContain('Your session has ended');

  // The owner signs in with the one-time password and replaces it by giving it again.
  const owner = await signedInBrowser(browser, email, oneTime);
  await expect(owner.page).toHaveURL(/\/account$/);
  await owner.page.getByLabel('One-time password').fill(oneTime);
  await owner.page.getByLabel('New password (at least 12 characters)').fill('the owner chose this one');
  await owner.page.getByLabel('Repeat the new password').fill('the owner chose this one');
  await owner.page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(owner.page.getByTestId('shell-staff-name')).toHaveText('Rita Reset');
  await adminContext.close();
});

test('a cookie copied before sign-out is refused after it', async ({ browser }) => {
  const email = `signout.${stamp()}@demo.test`;
  await addMember(browser, { email, name: 'Otis Out', role: 'viewer', password: PASSWORD });
  const session = await signedInBrowser(browser, email, PASSWORD);
  await expect(session.page.getByTestId('shell-staff-name')).toHaveText('Otis Out');
  const copy = await stolenCopy(session.context, browser);
  expect(await access(copy)).toEqual(ALIVE);
  await signOutThroughMenu(session.page);
  await expect(session.page).toHaveURL(/\/login(\?|$)/);
  expect(await access(copy)).toEqual(ENDED);
});

test('"Sign out everywhere" ends every session of the account, this one included', async ({ browser }) => {
  const email = `everywhere.${stamp()}@demo.test`;
  await addMember(browser, { email, name: 'Eva Everywhere', role: 'viewer', password: PASSWORD });
  const phone = await signedInBrowser(browser, email, PASSWORD);
  const desk = await signedInBrowser(browser, email, PASSWORD);
  await expect(desk.page.getByTestId('shell-staff-name')).toHaveText('Eva Everywhere');
  await openAccountMenu(desk.page);
  await desk.page.getByRole('menuitem', { name: /^Account/ }).click();
  await expect(desk.page).toHaveURL(/\/account$/);
  await desk.page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await desk.page.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
  await expect(desk.page).toHaveURL(/\/login(\?|$)/);
  expect(await access(phone.context)).toEqual(ENDED);
  expect(await access(desk.context)).toEqual(ENDED);
});

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

test('the account page lists where the member is signed in; "Sign out" on a lost phone ends it and a copy of its cookie, and nobody ends another member\'s session', async ({
  browser,
}) => {
  const email = `devices.${stamp()}@demo.test`;
  const otherEmail = `devices.other.${stamp()}@demo.test`;
  await addMember(browser, { email, name: 'Dana Devices', role: 'operator', password: PASSWORD });
  await addMember(browser, { email: otherEmail, name: 'Otto Other', role: 'viewer', password: PASSWORD });
  const phone = await signedInBrowser(browser, email, PASSWORD, '/login', { userAgent: IPHONE });
  await expect(phone.page.getByTestId('shell-staff-name')).toHaveText('Dana Devices');
  const thief = await stolenCopy(phone.context, browser);
  const desk = await signedInBrowser(browser, email, PASSWORD, '/login', { userAgent: FIREFOX });
  await expect(desk.page.getByTestId('shell-staff-name')).toHaveText('Dana Devices');

  await desk.page.goto('/account');
  const rows = desk.page.getByTestId('my-session');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Firefox on Windows');
  await expect(rows.first()).toContainText('This device');
  await expect(rows.first().getByRole('button')).toHaveCount(0);
  const lost = rows.filter({ hasText: 'Safari on iOS' });
  // Where and when: the sign-in's address (the dashboard's own view of it) and how long ago.
  await expect(lost).toContainText(
    /Signed in (this minute|1 minute ago) from \S+ · last used (this minute|1 minute ago)/,
  );
  await lost.getByRole('button', { name: 'Sign out on Safari on iOS' }).click();
  await expect(desk.page.getByText('Signed out on Safari on iOS.')).toBeVisible();
  await expect(rows).toHaveCount(1);
  expect(await access(phone.context)).toEqual(ENDED);
  expect(await access(thief)).toEqual(ENDED);
  expect(await access(desk.context)).toEqual(ALIVE);

  // Another member's session, its id known (as if read over their shoulder), sent by this member
  // several times at once: each refused, and they stay signed in.
  const other = await signedInBrowser(browser, otherEmail, PASSWORD, '/login', { userAgent: FIREFOX });
  await expect(other.page.getByTestId('shell-staff-name')).toHaveText('Otto Other');
  await other.page.goto('/account');
  const theirs = await other.page.getByTestId('my-session').first().getAttribute('data-session');
  expect(theirs).toMatch(/^[0-9a-f-]{36}$/);
  const end = buildActions().find((a) => a.key === 'lib/actions/account.ts#endOwnSessionAction')!;
  const answers = await Promise.all(
    Array.from({ length: 4 }, () =>
      postAction(desk.context.request, `${DASHBOARD_URL}${end.path}`, end.id, [{ sessionId: theirs }]).then((r) =>
        r.text(),
      ),
    ),
  );
  for (const body of answers) expect(body).toContain('is not one of yours: nothing was changed');
  expect(await access(other.context)).toEqual(ALIVE);
  await other.page.reload();
  await expect(other.page.getByTestId('my-session')).toHaveCount(1);
});

test('signing in from a link whose callback normalises to another site stays on the dashboard', async ({ browser }) => {
  const email = `redirect.${stamp()}@demo.test`;
  await addMember(browser, { email, name: 'Rex Redirect', role: 'viewer', password: PASSWORD });
  for (const target of ['/.//evil.example', '/x/..//evil.example', '/%2e//evil.example', '/./\\evil.example']) {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const left: string[] = [];
    await context.route(
      (url) => url.hostname.endsWith('evil.example'),
      (route) => {
        left.push(route.request().url());
        return route.abort();
      },
    );
    const page = await context.newPage();
    await page.goto(`/login?callbackUrl=${encodeURIComponent(target)}`);
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('shell-staff-name'), target).toHaveText('Rex Redirect');
    expect(new URL(page.url()).origin, target).toBe(DASHBOARD_URL);
    expect(new URL(page.url()).pathname, target).toBe('/');
    expect(left, target).toEqual([]);
    await context.close();
  }
});
