import { DEMO_DELEGATES, DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../lib/server/auth/demo-accounts';
import en from '../messages/en.json' with { type: 'json' };
import { STORAGE } from './env';
import { signedInBrowser, signOutThroughMenu } from './staff';
import { expect, test } from './test';

test.describe('signed out', () => {
  test('every page sends an unauthenticated visitor to /login', async ({ page }) => {
    for (const path of ['/', '/some/deep/page?x=1']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login(\?|$)/);
      await expect(page.getByRole('heading', { name: 'Guest Book Partner Dashboard' })).toBeVisible();
    }
  });

  test('a wrong password is refused with a message and no session', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(DEMO_ACCOUNTS[2]!.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByTestId('login-error')).toHaveText(en.login.errors.invalid);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login(\?|$)/);
  });

  test('signing in shows the overview, for the partner fetched from the API', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(DEMO_ACCOUNTS[0]!.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    await expect(page.getByTestId('shell-partner-name')).toHaveText(DEMO_PARTNER.name);
    await expect(page.getByTestId('shell-staff-role')).toHaveText('Admin');
  });

  test('signing in from a page that shows an earlier error (/login?error=…) opens the console', async ({ page }) => {
    await page.goto('/login?error=invalid');
    await expect(page.getByTestId('login-error')).toHaveText(en.login.errors.invalid);
    await page.locator('form[data-hydrated]').waitFor();
    await page.getByLabel('E-mail').fill(DEMO_ACCOUNTS[2]!.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('signed in', () => {
  test.use({ storageState: STORAGE.viewer });

  test('the identity page shows name, type, status, client id, default entity and delegates', async ({ page }) => {
    await page.goto('/identity');
    await expect(page.getByTestId('identity-name')).toHaveText(DEMO_PARTNER.name);
    await expect(page.getByText('partner', { exact: true })).toBeVisible();
    await expect(page.getByTestId('identity-status')).toHaveText('active');
    await expect(page.getByTestId('identity-client-id')).toHaveText(DEMO_PARTNER.clientId);
    await expect(page.getByTestId('identity-default-entity')).toHaveText('Harbour & Vine Direct');
    await expect(page.getByTestId('identity-delegates').getByRole('link')).toHaveCount(DEMO_DELEGATES.length);
    await expect(page.getByTestId('shell-staff-role')).toHaveText('Viewer');
  });

  test('the identity page names its entities and delegates, linked to their pages', async ({ page }) => {
    await page.goto('/identity');
    await expect(page.getByRole('link', { name: 'Harbour & Vine Direct' }).first()).toHaveAttribute(
      'href',
      `/entities/${DEMO_PARTNER.defaultEntityId}`,
    );
    await expect(page.getByRole('link', { name: DEMO_DELEGATES[0]!.name })).toHaveAttribute(
      'href',
      `/delegates/${DEMO_DELEGATES[0]!.identityId}`,
    );
  });

  test('sign out ends the session', async ({ browser }) => {
    // A session of its own: signing out ends it on the server, and the shared one must live on.
    const { page, context } = await signedInBrowser(browser, DEMO_ACCOUNTS[2]!.email, DEMO_PASSWORD);
    await expect(page.getByTestId('shell-staff-name')).toHaveText(DEMO_ACCOUNTS[2]!.name);
    await signOutThroughMenu(page);
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/login(\?|$)/);
    await context.close();
  });
});
