import { STORAGE } from './env';
import { expect, test } from './test';

/*
 * The console by keyboard alone: `?` lists the shortcuts, `g` then a letter opens a page, `j`/`k`
 * move through a list's rows, `/` goes to the page's search; none of them acts while typing in a
 * field, and a member can turn them off. Detail pages say where they sit, a delegate's entity
 * through its delegate.
 */

test.use({ storageState: STORAGE.operator });

test('g then a letter opens a page, j and k move through its rows, / reaches its search, and typing is left alone', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByTestId('overview-scope')).toBeVisible();

  await page.keyboard.press('g');
  await page.keyboard.press('e');
  await expect(page).toHaveURL(/\/entities$/);
  const rows = page.getByRole('table').locator('tbody tr');
  // the list itself, not the skeleton shown while it loads
  await expect(rows.first().getByRole('link').first()).toBeVisible();
  await page.keyboard.press('j');
  await expect(rows.nth(0).getByRole('link').first()).toBeFocused();
  await page.keyboard.press('j');
  await expect(rows.nth(1).getByRole('link').first()).toBeFocused();
  await page.keyboard.press('k');
  await expect(rows.nth(0).getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('entity-name')).toBeVisible();

  await page.keyboard.press('g');
  await page.keyboard.press('r');
  // the list as it opens: today and the days ahead
  await expect(page).toHaveURL((url) => url.pathname === '/reservations' && url.searchParams.has('date[gte]'));
  const opened = page.url();
  const search = page.getByRole('region', { name: 'Search reservations' });
  await expect(search.getByLabel('Attribute 1')).toBeVisible();
  await page.keyboard.press('/');
  await expect(search.getByLabel('Attribute 1')).toBeFocused();

  // In a field the keys are typed, not obeyed.
  await search.getByRole('button', { name: 'Add condition' }).click();
  const value = search.getByLabel('Value 2');
  await search.getByLabel('Attribute 2').selectOption('guest_last_name');
  await value.click();
  await page.keyboard.type('gdjk/');
  await expect(value).toHaveValue('gdjk/');
  await expect(page).toHaveURL(opened);
});

test('? lists the shortcuts; turned off there, single keys do nothing until turned on again', async ({ page }) => {
  await page.goto('/venues');
  await expect(page.getByRole('table')).toBeVisible();
  await page.keyboard.press('?');
  const list = page.getByTestId('shortcuts-dialog');
  await expect(list.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
  await expect(list.getByRole('row').filter({ hasText: 'Go to Markets' })).toContainText(/g\s*then\s*m/);
  // An operator has no Team page, so no shortcut to it.
  await expect(list.getByRole('row').filter({ hasText: 'Go to Team' })).toHaveCount(0);

  await list.getByLabel('Single-key shortcuts on').uncheck();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await page.keyboard.press('g');
  await page.keyboard.press('m');
  await page.keyboard.press('/');
  await expect(page).toHaveURL(/\/venues$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Kept for this browser across pages; ? still opens the list, to turn them on again.
  await page.reload();
  await page.keyboard.press('?');
  await expect(list.getByLabel('Single-key shortcuts on')).not.toBeChecked();
  await list.getByLabel('Single-key shortcuts on').check();
  await page.keyboard.press('Escape');
  await page.keyboard.press('g');
  await page.keyboard.press('m');
  await expect(page).toHaveURL(/\/markets$/);
  // `/` on a page without a search of its own opens the global search.
  await page.keyboard.press('/');
  await expect(page.getByTestId('global-search-input')).toBeFocused();
});

test("an entity opened from its delegate's page is placed under that delegate in the breadcrumb trail", async ({
  page,
}) => {
  await page.goto('/delegates');
  await page.getByTestId('delegate-row').first().locator('a').click();
  const delegate = (await page.getByTestId('delegate-name').textContent())!;
  const entity = page.getByTestId('delegate-entities').getByRole('link').first();
  const entityName = (await entity.textContent())!;
  await entity.click();
  await expect(page.getByTestId('entity-name')).toHaveText(entityName);
  const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(trail.getByRole('link')).toHaveText([/Managed partners$/, delegate]);
  await trail.getByRole('link', { name: delegate }).click();
  await expect(page.getByTestId('delegate-name')).toHaveText(delegate);

  // From the list of entities, the trail is that list.
  await page.goto('/entities');
  await page.getByRole('table').locator('tbody tr').first().getByRole('link').first().click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link')).toHaveText([
    /Brands & channels$/,
  ]);
});
