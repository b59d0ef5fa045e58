import { DEMO_ACCOUNTS } from '../lib/server/auth/demo-accounts';
import { STORAGE } from './env';
import { addMember, signedInBrowser } from './staff';
import { expect, test } from './test';

test.describe('as admin', () => {
  test.use({ storageState: STORAGE.admin });

  test('adds a member who then signs in with the role given, and the change is in the activity log', async ({
    page,
    browser,
  }) => {
    const email = `new.operator.${Date.now()}@demo.test`;
    await page.goto('/team');
    await page.getByRole('button', { name: 'New member' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Name').fill('Nina New');
    await page.getByLabel('Password (empty: one-time)').fill('a long enough password');
    await page.getByLabel('Role', { exact: true }).selectOption('operator');
    await page.getByRole('button', { name: 'Add member' }).click();
    await expect(page.getByTestId('team-notice')).toContainText(`Added ${email}.`);
    // The enrolment code their two-step set-up will ask for, shown once.
    await expect(page.getByTestId('enrolment-code')).toHaveText(
      /^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/,
    );
    await expect(page.getByTestId(`member-${email}`)).toContainText('Nina New');

    const member = await signedInBrowser(browser, email, 'a long enough password');
    await expect(member.page.getByTestId('shell-staff-name')).toHaveText('Nina New');
    await expect(member.page.getByTestId('shell-staff-role')).toHaveText('Operator');
    await member.context.close();

    await page.goto(`/activity?action=add-staff-member`);
    const row = page.getByTestId('activity-row').filter({ hasText: DEMO_ACCOUNTS[0]!.email }).first();
    await expect(row).toContainText('Added a team member');
    await expect(row).toContainText('ok');
  });

  test('a common password is refused for a new member, with the reason under the field; no account is added', async ({
    page,
  }) => {
    const email = `weak.admin.${Date.now()}@demo.test`;
    await page.goto('/team');
    await page.getByRole('button', { name: 'New member' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Name').fill('Wes Weak');
    await page.getByLabel('Password (empty: one-time)').fill('password1234');
    await page.getByLabel('Role', { exact: true }).selectOption('admin');
    await page.getByRole('button', { name: 'Add member' }).click();
    const field = page.getByLabel('Password (empty: one-time)');
    await expect(field).toHaveAccessibleDescription(
      'A common password, or too close to one: choose a few words nobody would guess.',
    );
    await expect(field).toBeFocused();
    await page.reload();
    await expect(page.getByTestId(`member-${email}`)).toHaveCount(0);
  });

  test('a one-time password must be replaced at the first sign-in', async ({ page, browser }) => {
    const email = `one.time.${Date.now()}@demo.test`;
    await page.goto('/team');
    await page.getByRole('button', { name: 'New member' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Name').fill('Otto Once');
    await page.getByRole('button', { name: 'Add member' }).click();
    const secret = (await page.getByTestId('one-time-password').textContent())!.trim();
    expect(secret.length).toBeGreaterThanOrEqual(12);

    const member = await signedInBrowser(browser, email, secret);
    await expect(member.page).toHaveURL(/\/account$/);
    await member.page.goto('/');
    await expect(member.page).toHaveURL(/\/account$/);
    await member.page.getByLabel('One-time password').fill(secret);
    await member.page.getByLabel('New password (at least 12 characters)').fill('my own new password');
    await member.page.getByLabel('Repeat the new password').fill('my own new password');
    await member.page.getByRole('button', { name: 'Save the new password' }).click();
    await expect(member.page.getByTestId('shell-staff-name')).toHaveText('Otto Once');
    await member.context.close();
  });

  test('the last active admin cannot be demoted', async ({ page }) => {
    await page.goto('/team');
    const me = DEMO_ACCOUNTS[0]!;
    // Admins that earlier tests of this worker added are disabled first: the demo admin is then the last one.
    const otherAdmin = page
      .getByTestId(/^member-/)
      .filter({ has: page.locator('select option[value="admin"]:checked') })
      .filter({ has: page.getByRole('button', { name: 'Disable' }) });
    while ((await otherAdmin.count()) > 0) {
      const row = page.getByTestId((await otherAdmin.first().getAttribute('data-testid'))!);
      await row.getByRole('button', { name: 'Disable' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Disable' }).click();
      await expect(row.getByRole('button', { name: 'Enable' })).toBeVisible();
    }
    await expect(page.getByTestId(`member-${me.email}`).getByRole('button', { name: 'Disable' })).toHaveCount(0);
    await page.getByLabel(`Role of ${me.email}`).selectOption('viewer');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Change role' }).click();
    await expect(page.getByTestId('team-notice')).toHaveText(
      'This is the last active admin: make another member admin first.',
    );
    await page.reload();
    await expect(page.getByLabel(`Role of ${me.email}`)).toHaveValue('admin');
  });
  test('two members selected get a role, then are disabled, each in one confirmation; each change is reported and in the activity log', async ({
    page,
    browser,
  }) => {
    const stamp = Date.now();
    const emails = [`bulk.a.${stamp}@demo.test`, `bulk.b.${stamp}@demo.test`];
    for (const [i, email] of emails.entries())
      await addMember(browser, { email, name: `Bulk ${i}`, role: 'viewer', password: 'a long enough password' });
    await page.goto('/team');
    for (const email of emails) await page.getByRole('checkbox', { name: `Select ${email}` }).check();
    // One's own row cannot be selected.
    await expect(page.getByRole('checkbox', { name: `Select ${DEMO_ACCOUNTS[0]!.email}` })).toBeDisabled();

    const bulk = page.getByTestId('team-bulk');
    await bulk.getByLabel('Role for the 2 selected').selectOption('operator');
    await bulk.getByRole('button', { name: 'Set role' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.getByRole('heading', { name: 'Make 2 members operators?' })).toBeVisible();
    for (const email of emails) await expect(dialog).toContainText(email);
    await dialog.getByRole('button', { name: 'Set role' }).click();
    await expect(page.getByTestId('bulk-report')).toContainText('2 of 2 changed.');
    for (const email of emails) await expect(page.getByTestId(`member-${email}`)).toContainText(/operator/i);

    for (const email of emails) await page.getByRole('checkbox', { name: `Select ${email}` }).check();
    await page.getByTestId('team-bulk').getByRole('button', { name: 'Disable 2' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Disable 2' }).click();
    await expect(page.getByTestId('bulk-report')).toContainText('2 of 2 changed.');
    for (const email of emails) await expect(page.getByTestId(`member-${email}`)).toContainText(/disabled/i);

    // Four audit rows, one per member and change, the newest of this action.
    await page.goto('/activity?action=change-staff-access&result=ok');
    const rows = page.getByTestId('activity-row');
    await expect(rows.nth(3)).toBeVisible();
    const recorded = await Promise.all(
      [0, 1, 2, 3].map(
        async (i) =>
          JSON.parse((await rows.nth(i).locator('pre').textContent())!) as {
            before: { email: string; role: string; disabled: boolean };
            after: { email: string; role: string; disabled: boolean };
          },
      ),
    );
    const changes = recorded.map(
      (r) => `${r.after.email}: ${r.before.role}→${r.after.role}, disabled ${r.after.disabled}`,
    );
    expect(changes.sort()).toEqual(
      emails.flatMap((e) => [`${e}: operator→operator, disabled true`, `${e}: viewer→operator, disabled false`]).sort(),
    );
    // Read in words: the role as the Team page names it, the access as a member would say it.
    const shown = await Promise.all(
      [0, 1, 2, 3].map(async (i) =>
        (await rows.nth(i).getByTestId('activity-changes').innerText()).replace(/\s+/g, ' ').trim(),
      ),
    );
    expect(shown.filter((s) => /^Role: Viewer →? ?(changed to )?Operator$/.test(s))).toHaveLength(2);
    expect(shown.filter((s) => /^Access: can sign in →? ?(changed to )?access taken away$/.test(s))).toHaveLength(2);
  });

  test('a bulk role change is a job on the server: the tab that started it closes at once, the members are changed and the outcome shows in a second browser', async ({
    page,
    browser,
  }) => {
    const stamp = Date.now();
    const emails = [0, 1, 2].map((i) => `job.${i}.${stamp}@demo.test`);
    for (const [i, email] of emails.entries())
      await addMember(browser, { email, name: `Job ${i}`, role: 'viewer', password: 'a long enough password' });
    await page.goto('/team');
    for (const email of emails) await page.getByRole('checkbox', { name: `Select ${email}` }).check();
    const bulk = page.getByTestId('team-bulk');
    await bulk.getByLabel('Role for the 3 selected').selectOption('operator');
    await bulk.getByRole('button', { name: 'Set role' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('It goes on if you leave this page or close the tab');
    // The tab closes as soon as the server has the job.
    const started = page.waitForResponse(
      (r) => r.request().method() === 'POST' && !!r.request().headers()['next-action'],
    );
    await dialog.getByRole('button', { name: 'Set role' }).click();
    expect((await started).status()).toBe(200);
    await page.close();

    const second = await browser.newContext({ storageState: STORAGE.admin });
    const other = await second.newPage();
    await other.goto('/team');
    const indicator = other.getByTestId('bulk-jobs');
    await expect(indicator).toHaveAttribute('data-state', 'finished', { timeout: 30_000 });
    await indicator.click();
    await expect(other.getByTestId('bulk-job').getByTestId('bulk-report')).toContainText('3 of 3 changed.');
    await other
      .getByTestId('bulk-job')
      .getByTestId('bulk-report')
      .getByRole('button', { name: 'Close', exact: true })
      .click();
    await other.reload();
    for (const email of emails) await expect(other.getByTestId(`member-${email}`)).toContainText(/operator/i);
    await second.close();
  });
});

test.describe('as operator', () => {
  test.use({ storageState: STORAGE.operator });

  test('cannot reach Team', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' })).toHaveCount(0);
    await page.goto('/team');
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add member' })).toHaveCount(0);
  });
});
