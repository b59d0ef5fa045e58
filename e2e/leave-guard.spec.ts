import { assignedSet, gridOnRoomyRow, openGrid, rowsOf } from './allocation-helpers';
import { defaultEntity, partner } from './demo-world';
import { STORAGE } from './env';
import { sandboxApi } from './sandbox';
import { openSearchByKeyboard } from './staff';
import { expect, test, type Page } from './test';

test.use({ storageState: STORAGE.operator });

const navLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
const guard = (page: Page) => page.getByRole('alertdialog', { name: 'Leave this page?' });

test('leaving the grid with staged edits asks first: a link, the entity switcher and closing the tab; staying keeps the edits, leaving sends nothing', async ({
  page,
  request,
}) => {
  // Nothing staged: a link leaves at once.
  await openGrid(page);
  await navLink(page, 'Reservations').click();
  await expect(page).toHaveURL((url) => url.pathname === '/reservations');
  await expect(guard(page)).toHaveCount(0);

  const { handle, entity, before, seatsBefore } = await gridOnRoomyRow(page, request, 2);
  await handle.focus();
  await page.keyboard.press('ArrowRight');
  const staged = page.getByTestId('allocation-changes');
  await expect(staged).toContainText(`${seatsBefore} → ${seatsBefore + 1}`);

  await navLink(page, 'Reservations').click();
  await expect(guard(page)).toBeVisible();
  await expect(guard(page)).toContainText('Your changes on this page are not saved yet');
  // The safe choice has the focus: Enter keeps the member where they are.
  await expect(guard(page).getByRole('button', { name: 'Stay on this page' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(guard(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/allocations/);
  await expect(staged).toContainText(`${seatsBefore} → ${seatsBefore + 1}`);

  // Another entity is another grid: asked too, and staying keeps the entity.
  const switcher = page.locator('#entity-switcher');
  const selected = await switcher.inputValue();
  const other = await switcher.locator(`option:not([value="${selected}"])`).first().getAttribute('value');
  await switcher.selectOption(other!);
  await expect(guard(page)).toBeVisible();
  await guard(page).getByRole('button', { name: 'Stay on this page' }).click();
  await expect(switcher).toHaveValue(selected);
  await expect(staged).toContainText(`${seatsBefore} → ${seatsBefore + 1}`);

  // Closing the tab: the browser's own question, and the tab stays.
  const question = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await question;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.dismiss();
  expect(page.isClosed()).toBe(false);
  await expect(staged).toContainText(`${seatsBefore} → ${seatsBefore + 1}`);

  // Leaving drops the edits: the page changes and the sandbox holds what it held.
  await navLink(page, 'Reservations').click();
  await guard(page).getByRole('button', { name: 'Leave and discard' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/reservations');
  await expect(page.getByRole('heading', { name: 'Reservations', level: 1 })).toBeVisible();
  expect(assignedSet(await rowsOf(request, entity))).toEqual(assignedSet(before));
});

test("the browser's Back asks first while the grid holds staged edits: Stay keeps them, Leave goes back; once discarded, Back is one step", async ({
  page,
  request,
}) => {
  // Venues, then the grid, within the console.
  const { handle, entity, before, seatsBefore } = await gridOnRoomyRow(page, request, 2);
  await navLink(page, 'Venues').click();
  await expect(page.getByRole('heading', { name: 'Venues', level: 1 })).toBeVisible();
  await navLink(page, 'Allocations').click();
  await page.locator('[data-testid="allocation-grid"][data-hydrated]').waitFor();
  const staged = page.getByTestId('allocation-changes');
  const stage = async () => {
    await handle.focus();
    await page.keyboard.press('ArrowRight');
    await expect(staged).toContainText(`${seatsBefore} → ${seatsBefore + 1}`);
  };
  await stage();

  await page.goBack();
  await expect(guard(page)).toBeVisible();
  await expect(page).toHaveURL(/\/allocations/);
  await guard(page).getByRole('button', { name: 'Stay on this page' }).click();
  await expect(guard(page)).toHaveCount(0);
  await expect(page).toHaveURL(/\/allocations/);
  await expect(staged).toContainText(`${seatsBefore} → ${seatsBefore + 1}`);

  // Asked again after staying; Leave goes back, and the sandbox holds what it held.
  await page.goBack();
  await guard(page).getByRole('button', { name: 'Leave and discard' }).click();
  await expect(page).toHaveURL(/\/venues$/);
  await expect(page.getByRole('heading', { name: 'Venues', level: 1 })).toBeVisible();
  expect(assignedSet(await rowsOf(request, entity))).toEqual(assignedSet(before));

  // Staged and discarded on the page: nothing asks, and one Back leaves it.
  await page.goForward();
  await expect(page.getByTestId('allocation-grid')).toBeVisible();
  await page.locator('[data-testid="allocation-grid"][data-hydrated]').waitFor();
  await stage();
  await page.getByRole('button', { name: 'Discard', exact: true }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Discard 1 change/ })
    .click();
  await expect(staged).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/venues$/);
  await expect(guard(page)).toHaveCount(0);
});

test("a go-to shortcut confirmed over staged edits takes the place of the Back guard's entry: Back comes to the grid once, then to where the member was", async ({
  page,
  request,
}) => {
  const { handle, seatsBefore } = await gridOnRoomyRow(page, request, 2);
  await navLink(page, 'Venues').click();
  await expect(page.getByRole('heading', { name: 'Venues', level: 1 })).toBeVisible();
  await navLink(page, 'Allocations').click();
  await page.locator('[data-testid="allocation-grid"][data-hydrated]').waitFor();
  await handle.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('allocation-changes')).toContainText(`${seatsBefore} → ${seatsBefore + 1}`);

  // g m, from the page (not the grid's handle): asked, and left.
  await page.getByRole('heading', { level: 1 }).click();
  await page.keyboard.press('g');
  await page.keyboard.press('m');
  await guard(page).getByRole('button', { name: 'Leave and discard' }).click();
  await expect(page).toHaveURL(/\/markets$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/allocations/);
  await expect(page.getByTestId('allocation-grid')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/venues$/);
  await expect(guard(page)).toHaveCount(0);
});

test('a dirty Modify form asks before ⌘K opens another page; after a save nothing asks', async ({ page, request }) => {
  const list = (await sandboxApi(
    request,
    '/v2/reservations?status=confirmed&limit=5&sort=-date',
    partner,
    defaultEntity,
  )) as {
    data: { id: string }[];
  };
  const id = list.data[0]!.id;
  await page.goto(`/reservations/${id}`);
  await page.getByRole('button', { name: 'Modify reservation' }).click();
  const form = page.getByTestId('modify-form');
  await form.getByLabel('Notes').fill(`Leave guard ${Date.now()}`);

  await openSearchByKeyboard(page);
  await page.getByTestId('global-search-input').fill('Venues');
  await page.getByTestId('global-search-results').getByRole('option', { name: 'Venues' }).click();
  await expect(guard(page)).toBeVisible();
  await guard(page).getByRole('button', { name: 'Stay on this page' }).click();
  await expect(page).toHaveURL(new RegExp(`/reservations/${id}$`));
  await expect(form.getByLabel('Notes')).toHaveValue(/^Leave guard /);

  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('modify-saved')).toHaveText('Saved.');
  await navLink(page, 'Venues').click();
  await expect(page).toHaveURL(/\/venues$/);
  await expect(guard(page)).toHaveCount(0);
});
