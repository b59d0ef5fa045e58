import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { STORAGE } from './env';
import { sandboxControl } from './sandbox';
import { expect, test } from './test';

test.use({ storageState: STORAGE.viewer });

test('delegates page through the API pagination', async ({ page }) => {
  await page.goto('/delegates?limit=2');
  await expect(page.getByTestId('pager-status')).toHaveText(/^Page 1 of ([2-9]|\d{2,}) · \d+ in all$/);
  const first = await page.getByTestId('delegate-row').allTextContents();
  expect(first).toHaveLength(2);
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('pager-status')).toHaveText(/^Page 2 of /);
  const second = await page.getByTestId('delegate-row').allTextContents();
  expect(second.length).toBeGreaterThan(0);
  expect(second.some((row) => first.includes(row))).toBe(false);
});

test('searching within the page narrows the rows without another request', async ({ page }) => {
  await page.goto('/delegates');
  const rows = page.getByTestId('delegate-row');
  const name = (await rows.first().locator('a').textContent())!;
  await page.getByLabel('Search this page').fill(name);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(name);
});

test('a delegate detail shows its entities and status; a foreign id is not found', async ({ page }) => {
  await page.goto('/delegates');
  await page.getByTestId('delegate-row').first().locator('a').click();
  await expect(page.getByTestId('delegate-name')).toBeVisible();
  await expect(page.getByTestId('delegate-status')).toHaveText(/^(active|suspended)$/);
  await page.goto('/delegates/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
});

test('venues show address and seating areas; markets list', async ({ page }) => {
  await page.goto('/venues');
  await page.getByTestId('venue-table').locator('a').first().click();
  await expect(page.getByTestId('venue-name')).toBeVisible();
  await expect(page.getByTestId('venue-address')).toBeVisible();
  await page.goto('/markets');
  await expect(page.getByTestId('market-list').locator('tbody tr')).toHaveCount(3);
});

test('suspending the partner in the sandbox shows the banner once the copy of the identity is synced', async ({
  page,
  request,
}) => {
  // The console reads the partner identity from its copy, which the sync reads anew every minute
  // while anyone is signed in: a change made outside the console shows at its next turn.
  test.setTimeout(200_000);
  const banner = page.getByTestId('suspended-banner');
  const untilSynced = { timeout: 90_000, intervals: [2_000] };
  await page.goto('/');
  await expect(banner).toHaveCount(0);
  await sandboxControl(request, 'POST', `/_sandbox/identities/${DEMO_PARTNER.identityId}/suspend`, { source: 'self' });
  try {
    await expect(async () => {
      await page.reload();
      await expect(banner).toContainText('The partner’s account is suspended', { timeout: 1_000 });
    }).toPass(untilSynced);
    await expect(page.getByTestId('shell-partner-name')).toHaveText(DEMO_PARTNER.name);
  } finally {
    await sandboxControl(request, 'POST', `/_sandbox/identities/${DEMO_PARTNER.identityId}/resume`);
  }
  await expect(async () => {
    await page.reload();
    await expect(banner).toHaveCount(0, { timeout: 1_000 });
  }).toPass(untilSynced);
});
