import { shownResultCount } from './reservation-results';
import { addMember, signedInBrowser } from './staff';
import { expect, test, type Page } from './test';

/*
 * The controls every list has: rows per page and density, chosen from the list's View menu and
 * kept for the member (on another device too), first, last and "go to page", and a header that
 * stays in view over the rows scrolled under it.
 */

const PASSWORD = 'rows and rows of reservations';

async function choose(page: Page, group: string, option: string) {
  await page.getByTestId('view-menu').click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText(group)).toBeVisible();
  await menu.getByRole('menuitemradio', { name: option }).click();
}

test('rows per page and density are the member’s, on every device; first, last and go to page move through the search', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `lists.${Date.now()}@demo.test`;
  await addMember(browser, { email, name: 'List Viewer', role: 'viewer', password: PASSWORD });
  const first = await signedInBrowser(browser, email, PASSWORD);
  const page = first.page;
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/reservations?status%5Bneq%5D=canceled');
  const rows = page.locator('[data-testid^="reservation-row-"]');
  await expect(rows).toHaveCount(25);
  const total = await shownResultCount(page);
  expect(total, 'the demo entity has more than 150 reservations').toBeGreaterThan(150);

  await choose(page, 'Rows per page', '50');
  await expect(rows).toHaveCount(50);
  const pages = Math.ceil(total / 50);
  await expect(page.getByTestId('pager-status')).toHaveText(`Page 1 of ${pages}`);
  await choose(page, 'Density', 'Compact');
  await expect(page.locator('[data-density="compact"]')).toBeVisible();

  // Last, then Go to page 3, then First.
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await pager.getByRole('link', { name: 'Last' }).click();
  await expect(page.getByTestId('pager-status')).toHaveText(`Page ${pages} of ${pages}`);
  await expect(rows).toHaveCount(total - (pages - 1) * 50);
  await pager.getByLabel('Go to page').fill('3');
  await pager.getByRole('button', { name: 'Go' }).click();
  await expect(page.getByTestId('pager-status')).toHaveText(`Page 3 of ${pages}`);
  await expect(page).toHaveURL(/page=3/);
  await pager.getByRole('link', { name: 'First' }).click();
  await expect(page.getByTestId('pager-status')).toHaveText(`Page 1 of ${pages}`);

  // The header stays at the top of the list while its rows scroll under it.
  const region = page.getByRole('region', { name: 'Reservations matching this search' });
  const header = region.locator('thead th').first();
  const top = async () => (await header.boundingBox())!.y - (await region.boundingBox())!.y;
  expect(await top()).toBeLessThan(2);
  await region.evaluate((el) => el.scrollBy(0, 600));
  await expect(rows.first()).not.toBeInViewport();
  expect(await top()).toBeLessThan(2);
  await first.context.close();

  // Another browser, the same member: the same choices.
  const second = await signedInBrowser(browser, email, PASSWORD);
  await expect(second.page).toHaveURL(/\/$/);
  await second.page.goto('/reservations?status%5Bneq%5D=canceled');
  await expect(second.page.locator('[data-testid^="reservation-row-"]')).toHaveCount(50);
  await expect(second.page.locator('[data-density="compact"]')).toBeVisible();
  // A list paged by the server follows the same page size, and its pager goes to a page typed in.
  await second.page.goto('/venues');
  await expect(second.page.getByTestId('pager-status')).toContainText('Page 1 of 1');
  await second.context.close();
});

test('a list paged by the server offers first, last and go to page, keeping a page size named in its address', async ({
  browser,
}) => {
  const email = `pager.${Date.now()}@demo.test`;
  await addMember(browser, { email, name: 'Pager Viewer', role: 'viewer', password: PASSWORD });
  const { context, page } = await signedInBrowser(browser, email, PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/delegates?limit=1');
  const status = page.getByTestId('pager-status');
  const pages = Number((await status.textContent())!.match(/of (\d+)/)![1]);
  expect(pages).toBeGreaterThan(2);
  const pager = page.getByRole('navigation', { name: 'Pagination' });
  await pager.getByRole('link', { name: 'Last' }).click();
  await expect(status).toHaveText(new RegExp(`^Page ${pages} of ${pages}`));
  await expect(page).toHaveURL(/limit=1/);
  await pager.getByLabel('Go to page').fill('2');
  await pager.getByRole('button', { name: 'Go' }).click();
  await expect(status).toHaveText(new RegExp(`^Page 2 of ${pages}`));
  await expect(page).toHaveURL(/limit=1/);
  await expect(page.getByTestId('delegate-row')).toHaveCount(1);
  await context.close();
});
