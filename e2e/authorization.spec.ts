import { STORAGE } from './env';
import { callAction, captureActionId } from './server-actions';
import { expect, test } from './test';

test('a viewer calling the add-member action directly is refused, and nothing changes', async ({ browser }) => {
  const admin = await browser.newContext({ storageState: STORAGE.admin });
  const adminPage = await admin.newPage();
  await adminPage.goto('/team');
  await adminPage.getByRole('button', { name: 'New member' }).click();
  const actionId = await captureActionId(adminPage, async () => {
    await adminPage.getByLabel('E-mail').fill('capture@demo.test');
    await adminPage.getByLabel('Name').fill('Capture');
    await adminPage.getByRole('button', { name: 'Add member' }).click();
  });

  const viewer = await browser.newContext({ storageState: STORAGE.viewer });
  const email = `intruder.${Date.now()}@demo.test`;
  const answer = await callAction(viewer.request, '/team', actionId, [
    { email, name: 'Intruder', role: 'admin', password: 'a long enough password' },
  ]);
  expect(answer).toContain('This needs the Admin role; you are Viewer.');

  const anonymous = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const anonymousAnswer = await callAction(anonymous.request, '/team', actionId, [
    { email, name: 'Intruder', role: 'admin', password: 'a long enough password' },
  ]);
  expect(anonymousAnswer).not.toContain('"ok":true');

  await adminPage.goto('/team');
  await expect(adminPage.getByTestId(`member-${email}`)).toHaveCount(0);
  await expect(adminPage.getByTestId('member-capture@demo.test')).toHaveCount(0);
  await adminPage.goto('/activity?action=add-staff-member&result=refused&staff=viewer@demo.test');
  await expect(adminPage.getByTestId('activity-row').first()).toContainText(
    'This needs the Admin role; you are Viewer.',
  );
  await Promise.all([admin.close(), viewer.close(), anonymous.close()]);
});

test('a viewer sees no Team link and no Team page', async ({ browser }) => {
  const viewer = await browser.newContext({ storageState: STORAGE.viewer });
  const page = await viewer.newPage();
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Team' })).toHaveCount(0);
  await page.goto('/team');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  await viewer.close();
});
