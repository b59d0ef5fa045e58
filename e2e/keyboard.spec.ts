import { defaultEntity, partner, today } from './demo-world';
import { STORAGE } from './env';
import { sandboxApi, sandboxRequestMark, sandboxRequestsSince } from './sandbox';
import { expect, test, type Locator, type Page } from './test';

/**
 * The console without a mouse: every menu and dialog opens and closes with the keyboard, and
 * focus goes back to what opened it. Only the "click outside" check uses the mouse.
 */

/** Presses Tab until `target` has the focus (as a keyboard user would reach it), failing after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${target} was not reached with ${max} presses of Tab`);
}

/** Whether the focused element is `target`, read after the close has settled. */
async function expectFocused(target: Locator) {
  await expect
    .poll(() => target.evaluate((el) => el === document.activeElement), { message: `focus is back on ${target}` })
    .toBe(true);
}

/** Escape closes `overlay`, and focus is back on `trigger`. */
async function escapeBackTo(page: Page, overlay: Locator, trigger: Locator) {
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
  await expectFocused(trigger);
}

/** Every request the page posts (server actions, sign-out), to show that a dismissed dialog sends nothing. */
function postsOf(page: Page) {
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.method() !== 'HEAD') posts.push(`${r.method()} ${r.url()}`);
  });
  return posts;
}

test.describe('as an admin', () => {
  test.use({ storageState: STORAGE.admin, viewport: { width: 1280, height: 900 } });

  test('the account menu opens with Enter, moves with the arrows, closes on Escape, and focus returns to its button', async ({
    page,
  }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const trigger = page.getByTestId('account-menu-button');
    await tabTo(page, trigger);
    await expectFocused(trigger);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    // the first item has the focus, and the arrows move through the items
    await expect(menu.getByRole('menuitem', { name: /Account/ })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitemradio', { name: 'System' })).toBeFocused();
    await escapeBackTo(page, menu, trigger);

    // Space opens it too
    await page.keyboard.press('Space');
    await expect(menu).toBeVisible();
    await escapeBackTo(page, menu, trigger);
  });

  test('a menu opened with the keyboard also closes on a click outside it', async ({ page }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const trigger = page.getByTestId('account-menu-button');
    await tabTo(page, trigger);
    await expectFocused(trigger);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    // the page behind an open menu is hidden from the accessibility tree, so it is found by its
    // element; the click lands on its part inside the window (the page may be taller than that)
    const box = (await page.locator('main').boundingBox())!;
    const bottom = Math.min(box.y + box.height, page.viewportSize()!.height);
    await page.mouse.click(box.x + box.width / 2, bottom - 20);
    await expect(menu).toBeHidden();
  });

  test('the global search opens from its button with Enter and from Ctrl+K, closes on Escape, and focus returns', async ({
    page,
  }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const trigger = page.getByTestId('global-search-button');
    await tabTo(page, trigger);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox')).toBeFocused();
    await escapeBackTo(page, dialog, trigger);

    // ⌘K / Ctrl+K from wherever the focus is, and back there on Escape
    await page.keyboard.press('Control+k');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('combobox')).toBeFocused();
    await escapeBackTo(page, dialog, trigger);
  });

  test("a table's Columns menu opens with the keyboard, hides a column with Space, closes on Escape, and focus returns", async ({
    page,
  }) => {
    await page.goto('/entities');
    await page.waitForLoadState('networkidle');
    const table = page.getByTestId('entity-table');
    await expect(table).toBeVisible();
    const columnsBefore = await table.locator('thead th').count();
    const trigger = page.getByRole('button', { name: 'Columns' });
    await tabTo(page, trigger);
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    const first = menu.getByRole('menuitemcheckbox').first();
    await expect(first).toBeFocused();
    await expect(first).toHaveAttribute('aria-checked', 'true');
    await page.keyboard.press('Space');
    await expect(first).toHaveAttribute('aria-checked', 'false');
    await expect(table.locator('thead th')).toHaveCount(columnsBefore - 1);
    // Space again shows it again; the menu stays open between the two
    await page.keyboard.press('Space');
    await expect(first).toHaveAttribute('aria-checked', 'true');
    await expect(table.locator('thead th')).toHaveCount(columnsBefore);
    await escapeBackTo(page, menu, trigger);
  });

  test('"Reset password" asks first; Escape keeps the password, sends nothing, and focus returns to the button', async ({
    page,
  }) => {
    await page.goto('/team');
    await page.waitForLoadState('networkidle');
    const posts = postsOf(page);
    const trigger = page.getByRole('button', { name: 'Reset password' }).first();
    await tabTo(page, trigger, 120);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Reset the password of');
    // the safe choice has the focus, and Tab stays inside the dialog
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Reset password' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await escapeBackTo(page, dialog, trigger);
    await page.waitForLoadState('networkidle');
    expect(posts).toEqual([]);
    await expect(page.getByText('New one-time password')).toHaveCount(0);
  });
});

test.describe('as an operator', () => {
  test.use({ storageState: STORAGE.operator, viewport: { width: 1280, height: 900 } });

  test('"Cancel reservation" asks first; Escape keeps it, nothing is sent, and focus returns to the button', async ({
    page,
    request,
  }) => {
    const found = (await sandboxApi(
      request,
      `/v2/reservations?status=confirmed&date[gte]=${today()}&sort=-date&limit=1`,
      partner,
      defaultEntity,
    )) as { data: { id: string }[] };
    const id = found.data[0]!.id;
    await page.goto(`/reservations/${id}`);
    await page.waitForLoadState('networkidle');
    await expect(page.getByTestId('reservation-status')).toHaveText('confirmed');
    const posts = postsOf(page);
    const mark = await sandboxRequestMark(request);

    const trigger = page.getByRole('button', { name: 'Cancel reservation' });
    await tabTo(page, trigger, 120);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('cancel-confirmation')).toContainText('Cancel the reservation for');
    await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await escapeBackTo(page, dialog, trigger);

    // Space opens it as well; Escape again
    await page.keyboard.press('Space');
    await expect(dialog).toBeVisible();
    await escapeBackTo(page, dialog, trigger);

    await page.waitForLoadState('networkidle');
    expect(posts).toEqual([]);
    const writes = (await sandboxRequestsSince(request, mark)).filter((r) => r.method !== 'GET');
    expect(writes).toEqual([]);
    const stored = (await sandboxApi(request, `/v2/reservations/${id}`, partner, defaultEntity)) as {
      data: { status: string };
    };
    expect(stored.data.status).toBe('confirmed');
    await expect(page.getByTestId('reservation-status')).toHaveText('confirmed');
  });
});

test.describe('on a phone', () => {
  test.use({ storageState: STORAGE.operator, viewport: { width: 390, height: 844 } });

  test('the navigation sheet opens with Enter, closes on Escape, and focus returns to the menu button', async ({
    page,
  }) => {
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const trigger = page.getByTestId('mobile-menu-button');
    await tabTo(page, trigger);
    await page.keyboard.press('Enter');
    const sheet = page.getByTestId('mobile-nav');
    await expect(sheet).toBeVisible();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    // focus is inside the sheet
    await expect.poll(() => sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await escapeBackTo(page, sheet, trigger);

    // and a link in it is followed with the keyboard
    await page.keyboard.press('Enter');
    await expect(sheet).toBeVisible();
    const link = sheet.getByRole('link', { name: 'Reservations' });
    await tabTo(page, link, 20);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/reservations');
    await expect(sheet).toBeHidden();
  });
});
