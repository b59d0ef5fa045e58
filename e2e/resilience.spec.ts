import { expect, test } from '@playwright/test';
import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { SANDBOX_URL, STORAGE } from './env';
import { callAction, captureActionId } from './server-actions';

test.describe('when the API misbehaves', () => {
  test.use({ storageState: STORAGE.admin });
  test.afterEach(async ({ request }) => {
    await request.delete(`${SANDBOX_URL}/_sandbox/faults`);
  });

  test('API failures show a message a person can act on, and the page recovers when the API does', async ({ page, request }) => {
    // 503 on every /v2 call: the client retries GETs a bounded number of times, then the page says so.
    await request.post(`${SANDBOX_URL}/_sandbox/faults`, { data: { error_rate: 1 } });
    await page.goto('/delegates');
    await expect(page.getByText('The Guest Book API failed (HTTP 503). Try again in a moment.').first()).toBeVisible();
    await request.delete(`${SANDBOX_URL}/_sandbox/faults`);
    await page.reload();
    await expect(page.getByRole('table')).toBeVisible();
  });

  test('a rate-limit storm is reported with the time requests resume, and the page works again after it', async ({ page, request }) => {
    test.setTimeout(120_000);
    await request.post(`${SANDBOX_URL}/_sandbox/faults`, { data: { rate_limit_storm: true } });
    await page.goto(`/entities/${DEMO_PARTNER.defaultEntityId}`);
    const notice = page.getByText(/rate limit is reached; requests resume at \d\d:\d\d:\d\d UTC/).first();
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await request.delete(`${SANDBOX_URL}/_sandbox/faults`);
    // The dashboard keeps to the API's window (it sends nothing until the reset it was told).
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('entity-name')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 75_000, intervals: [3_000] });
  });
});

test('a disabled account’s open session is refused at its next action', async ({ browser }) => {
  const admin = await (await browser.newContext({ storageState: STORAGE.admin })).newPage();
  const email = `soon.disabled.${Date.now()}@demo.test`;
  await admin.goto('/team');
  await admin.getByLabel('E-mail').fill(email);
  await admin.getByLabel('Name').fill('Soon Disabled');
  await admin.getByLabel('Password (empty: one-time)').fill('a long enough password');
  await admin.getByLabel('Role', { exact: true }).selectOption('operator');
  await admin.getByRole('button', { name: 'Add member' }).click();
  await expect(admin.getByTestId(`member-${email}`)).toBeVisible();

  const memberContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const member = await memberContext.newPage();
  await member.goto('/login');
  await member.getByLabel('E-mail').fill(email);
  await member.getByLabel('Password').fill('a long enough password');
  await member.getByRole('button', { name: 'Sign in' }).click();
  await expect(member.getByTestId('shell-staff-name')).toHaveText('Soon Disabled');
  await member.goto('/');
  const selectId = await captureActionId(member, async () => {
    await member.getByLabel('Entity').selectOption({ index: 1 });
  });

  await admin.getByTestId(`member-${email}`).getByRole('button', { name: 'Disable' }).click();
  await expect(admin.getByTestId(`member-${email}`)).toContainText(/disabled/i);

  const answer = await callAction(memberContext.request, '/', selectId, [{ id: DEMO_PARTNER.defaultEntityId }]);
  expect(answer).toContain('Your session has ended. Sign in again.');
  await member.goto('/');
  await expect(member).toHaveURL(/\/login(\?|$)/);
  await memberContext.close();
});
