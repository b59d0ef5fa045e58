import { totpCode } from '../lib/server/auth/totp';
import { buildActions } from './action-list';
import { DASHBOARD_URL } from './env';
import { postAction } from './server-actions';
import { addMember, enrol, openSignIn, signedInBrowser, signOutThroughMenu } from './staff';
import { expect, test, type Page } from './test';

/*
 * A new member's one-time password under the policy "everyone must use two-step": they change the
 * password first, then set up two-step sign-in, then sign in with both. (Before, the account page
 * refused the password until two-step was set up, and two-step until the password was changed.)
 * The admin is shown an enrolment code with the one-time password: whoever signs in first with the
 * password alone cannot set up a second factor of their own (before, the first to sign in did).
 */

const PASSWORD = 'a policy for everyone and a way in 2026';
const stamp = () => `${Date.now()}.${Math.floor(Math.random() * 1e6)}`;

async function setPolicy(page: Page, label: string, notice: string) {
  await page.goto('/team');
  const save = page.getByRole('button', { name: 'Save', exact: true });
  await expect(save).toBeEnabled();
  await page.getByLabel('Required for').selectOption({ label });
  await save.click();
  await expect(page.getByText(notice)).toBeVisible();
}

test('under "everyone", a member with a one-time password changes it, sets up two-step sign-in only with the enrolment code, and signs in', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const adminEmail = `otp.admin.${stamp()}@demo.test`;
  const admins = await addMember(browser, {
    email: adminEmail,
    name: 'Policy Admin',
    role: 'admin',
    password: PASSWORD,
  });
  const admin = await signedInBrowser(browser, adminEmail, PASSWORD);
  await expect(admin.page).toHaveURL(/\/$/);
  await admin.page.goto('/account');
  await enrol(admin.page, new Date(), admins.enrolmentCode);
  await setPolicy(admin.page, 'Everyone', 'Two-step sign-in is now required for everyone.');
  try {
    // A new member with a one-time password, as the Team page gives one.
    const email = `otp.member.${stamp()}@demo.test`;
    await admin.page.goto('/team');
    await admin.page.getByRole('button', { name: 'New member' }).click();
    await admin.page.getByLabel('E-mail').fill(email);
    await admin.page.getByLabel('Name').fill('Olga Once');
    await admin.page.getByRole('button', { name: 'Add member' }).click();
    const oneTime = (await admin.page.getByTestId('one-time-password').textContent())!.trim();
    const enrolmentCode = (await admin.page.getByTestId('enrolment-code').textContent())!.trim();
    expect(enrolmentCode).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);

    const member = await signedInBrowser(browser, email, oneTime);
    await expect(member.page).toHaveURL(/\/account$/);
    // The password first.
    await member.page.getByLabel('One-time password').fill(oneTime);
    await member.page.getByLabel('New password (at least 12 characters)').fill(PASSWORD);
    await member.page.getByLabel('Repeat the new password').fill(PASSWORD);
    await member.page.getByRole('button', { name: 'Save the new password' }).click();
    // Then two-step sign-in, which nothing else opens before, and only with the enrolment code.
    await expect(member.page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
    await member.page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await expect(member.page.getByText('Enter the 12-character enrolment code your admin gave you.')).toBeVisible();
    await member.page.getByLabel('Enrolment code').fill('ABCD-EFGH-JKMN');
    await member.page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
    await expect(member.page.getByTestId('enrolment-code-refused')).toHaveText(
      'That enrolment code is not right. Type the 12 characters your admin gave you; each wrong try is counted.',
    );
    await expect(member.page.getByTestId('two-step-secret')).toHaveCount(0);
    // Nor over HTTP, as a script holding the session would ask: no key is given without the code.
    const begin = buildActions().find((a) => a.key === 'lib/actions/account.ts#beginTwoStepAction')!;
    const bare = await (
      await postAction(member.context.request, `${DASHBOARD_URL}${begin.path}`, begin.id, [{ step: 'begin' }])
    ).text();
    expect(bare).toContain('Enter the enrolment code your admin gave you');
    expect(bare).not.toContain('"secret"');
    const { secret } = await enrol(member.page, new Date(), enrolmentCode);
    await expect(member.page).toHaveURL(/\/$/);
    await expect(member.page.getByTestId('shell-staff-name')).toHaveText('Olga Once');

    // Signing in again takes the chosen password and the app's next code.
    await signOutThroughMenu(member.page);
    await expect(member.page).toHaveURL(/\/login(\?|$)/);
    await openSignIn(member.page);
    await member.page.getByLabel('E-mail').fill(email);
    await member.page.getByLabel('Password').fill(PASSWORD);
    await member.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(member.page.getByTestId('login-error')).toHaveText(/Enter the 6-digit code/);
    await member.page
      .getByLabel('Authenticator or recovery code')
      .fill(totpCode(secret, new Date(Date.now() + 30_000)));
    await member.page.getByRole('button', { name: 'Sign in' }).click();
    await expect(member.page).toHaveURL(/\/$/);
    await expect(member.page.getByTestId('shell-staff-name')).toHaveText('Olga Once');
    await member.context.close();
  } finally {
    await setPolicy(admin.page, 'Nobody (each member chooses)', "Two-step sign-in is now each member's choice.");
    await admin.context.close();
  }
});
