import { expect, test, type BrowserContext } from '@playwright/test';

import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { buildActions } from './action-list';
import { DASHBOARD_URL, STORAGE } from './env';
import { postAction } from './server-actions';
import { addMember, openAccountMenu, signedInBrowser, signOutThroughMenu } from './staff';

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
