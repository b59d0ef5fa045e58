import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { totpCode } from '../lib/server/auth/totp';
import { buildActions } from './action-list';
import { DASHBOARD_URL } from './env';
import { csrfFor, httpSignIn } from './http-sign-in';
import { postAction } from './server-actions';
import { addMember, enrol, openSignIn, signedInBrowser, signOutThroughMenu } from './staff';
import { expect, test, type Page } from './test';

/*
 * Two-step sign-in as members use it, in Chromium against the production build: enrolment with
 * the app's first code, sign-in with the next code, a recovery code that works once, and the
 * admins' policy sending a member without a second factor to set one up before anything else.
 */

const PASSWORD = 'a password for the second step 2026';
const stamp = () => `${Date.now()}.${Math.floor(Math.random() * 1e6)}`;

/** Signs out through the account menu and waits for the sign-in page. */
async function signOut(page: Page): Promise<void> {
  await signOutThroughMenu(page);
  await expect(page).toHaveURL(/\/login(\?|$)/);
}

/** Signs in with the password, then gives `code` when asked for it. */
async function signInWithCode(page: Page, email: string, code: string): Promise<void> {
  await openSignIn(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('login-error')).toHaveText(/Enter the 6-digit code from your authenticator app/);
  await page.getByLabel('Authenticator or recovery code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a member enrols, signs in with the next code, and uses a recovery code once', async ({ browser }) => {
  test.setTimeout(90_000);
  const email = `two.step.${stamp()}@demo.test`;
  const { enrolmentCode } = await addMember(browser, { email, name: 'Two Step', role: 'operator', password: PASSWORD });
  const { context, page } = await signedInBrowser(browser, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account');
  const { secret, codes } = await enrol(page, new Date(), enrolmentCode);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account');
  await expect(page.getByTestId('two-step-status')).toHaveText('Two-step sign-in is on. 10 of 10 recovery codes left.');

  // The password alone no longer signs in; the code of the next step does (the first was used).
  await page.goto('/');
  await signOut(page);
  await signInWithCode(page, email, totpCode(secret, new Date(Date.now() + 30_000)));
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // A recovery code signs in once.
  await signOut(page);
  await signInWithCode(page, email, codes[0]!);
  await expect(page).toHaveURL(/\/$/);
  await signOut(page);
  await signInWithCode(page, email, codes[0]!);
  await expect(page.getByTestId('login-error')).toHaveText(/That code is not right, or was used already/);
  await expect(page).toHaveURL(/\/login/);
  await signInWithCode(page, email, codes[1]!.toUpperCase().replace('-', ' '));
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account');
  await expect(page.getByTestId('two-step-status')).toHaveText('Two-step sign-in is on. 8 of 10 recovery codes left.');
  await context.close();
});

test("the admins' policy sends a member without a second factor to set one up first; an admin's reset ends their sessions", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const adminEmail = `policy.admin.${stamp()}@demo.test`;
  const memberEmail = `policy.member.${stamp()}@demo.test`;
  const admins = await addMember(browser, {
    email: adminEmail,
    name: 'Policy Admin',
    role: 'admin',
    password: PASSWORD,
  });
  const members = await addMember(browser, {
    email: memberEmail,
    name: 'Policy Member',
    role: 'viewer',
    password: PASSWORD,
  });
  const admin = await signedInBrowser(browser, adminEmail, PASSWORD);
  await expect(admin.page).toHaveURL(/\/$/);
  await admin.page.goto('/account');
  await enrol(admin.page, new Date(), admins.enrolmentCode);

  const setPolicy = async (label: string, notice: string) => {
    await admin.page.goto('/team');
    // Its Save button is enabled once the form is interactive.
    const save = admin.page.getByRole('button', { name: 'Save', exact: true });
    await expect(save).toBeEnabled();
    await admin.page.getByLabel('Required for').selectOption({ label });
    await save.click();
    await expect(admin.page.getByText(notice)).toBeVisible();
  };
  await setPolicy('Everyone', 'Two-step sign-in is now required for everyone.');
  try {
    const member = await signedInBrowser(browser, memberEmail, PASSWORD);
    await expect(member.page).toHaveURL(/\/account$/);
    await expect(member.page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
    // Nothing else opens until then: a page, and an action.
    await member.page.goto('/reservations');
    await expect(member.page).toHaveURL(/\/account$/);
    const refused = 'Set up two-step sign-in first: the team requires it for your role.';
    const read = await member.context.request.get('/api/search?q=Harbour');
    expect([read.status(), await read.text()]).toEqual([403, expect.stringContaining(refused)]);
    const select = buildActions().find((a) => a.key === 'lib/actions/select-entity.ts#selectEntityAction')!;
    const write = await postAction(member.context.request, `${DASHBOARD_URL}${select.path}`, select.id, [
      { id: DEMO_PARTNER.defaultEntityId },
    ]);
    expect(await write.text()).toContain(refused);
    const at = new Date();
    await enrol(member.page, at, members.enrolmentCode);
    await expect(member.page).toHaveURL(/\/$/);
    await member.page.goto('/reservations');
    await expect(member.page).toHaveURL((url) => url.pathname === '/reservations');

    // The admin resets the member's second factor: their sessions end, and at their next sign-in
    // it is asked for again.
    await admin.page.goto('/team');
    const row = admin.page.getByTestId(`member-${memberEmail}`);
    await expect(row.getByText('two-step', { exact: true })).toBeVisible();
    // Their own is turned off on the account page, with the password.
    await expect(
      admin.page.getByTestId(`member-${adminEmail}`).getByRole('button', { name: 'Reset two-step' }),
    ).toHaveCount(0);
    await row.getByRole('button', { name: 'Reset two-step' }).click();
    await admin.page.getByRole('alertdialog').getByRole('button', { name: 'Reset two-step' }).click();
    await expect(admin.page.getByTestId('team-notice')).toContainText(
      `The two-step sign-in of ${memberEmail} is reset.`,
    );
    // The admin is shown a new enrolment code, once: the member sets it up again only with it.
    const enrolmentCode = (await admin.page.getByTestId('enrolment-code').textContent())!.trim();
    await member.page.goto('/reservations');
    await expect(member.page).toHaveURL(/\/login(\?|$)/);
    await member.context.close();
    const again = await signedInBrowser(browser, memberEmail, PASSWORD);
    await expect(again.page).toHaveURL(/\/account$/);
    await expect(again.page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
    await enrol(again.page, new Date(Date.now() + 30_000), enrolmentCode);
    await expect(again.page).toHaveURL(/\/$/);
    await again.context.close();
    await admin.page.goto(`/activity?action=reset-staff-two-step`);
    await expect(admin.page.getByTestId('activity-row').first()).toContainText(adminEmail);
  } finally {
    await setPolicy('Nobody (each member chooses)', "Two-step sign-in is now each member's choice.");
    await admin.context.close();
  }
});

test('wrong codes are limited per account across addresses: after 5, the right code is refused too', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `two.step.guess.${stamp()}@demo.test`;
  const { enrolmentCode } = await addMember(browser, { email, name: 'Code Guess', role: 'viewer', password: PASSWORD });
  const { context, page } = await signedInBrowser(browser, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/account');
  const { secret } = await enrol(page, new Date(), enrolmentCode);
  await context.close();

  // Someone who has the password guesses codes from 8 addresses at once.
  const wrong = (i: number) =>
    String((Number(totpCode(secret, new Date(Date.now() + 30_000))) + 1 + i) % 1_000_000).padStart(6, '0');
  const addresses = Array.from({ length: 8 }, (_, i) => `127.0.0.${91 + i}`);
  const answers = await Promise.all(
    addresses.map(async (address, i) =>
      httpSignIn(email, PASSWORD, { csrf: await csrfFor(address), localAddress: address, code: wrong(i) }),
    ),
  );
  expect(answers.map((a) => a.error)).toEqual(addresses.map(() => 'second_factor_invalid'));
  expect(answers.flatMap((a) => a.cookies).filter((c) => c.includes('session-token'))).toEqual([]);
  // The account's code limit is spent: the right code, from a 9th address, is refused like a wrong one.
  const right = await httpSignIn(email, PASSWORD, {
    csrf: await csrfFor('127.0.0.99'),
    localAddress: '127.0.0.99',
    code: totpCode(secret, new Date(Date.now() + 30_000)),
  });
  expect(right.error).toBe('second_factor_invalid');
  expect(right.cookies.filter((c) => c.includes('session-token'))).toEqual([]);
});
