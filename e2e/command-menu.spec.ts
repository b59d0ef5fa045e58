import { partner } from './demo-world';
import { STORAGE } from './env';
import { bookOutside } from './inbox-steps';
import { sandboxApi } from './sandbox';
import { openSearchByKeyboard } from './staff';
import { expect, test, type Page } from './test';

const results = (page: Page) => page.getByTestId('global-search-results');

test.describe('as an operator', () => {
  test.use({ storageState: STORAGE.operator });

  test('⌘K cancels the reservation in view, through its confirmation', async ({ page, request }) => {
    const booked = await bookOutside(request, `Command${Date.now().toString(36)}`);
    await page.goto(`/reservations/${booked.id}`);
    await expect(page.getByRole('button', { name: 'Cancel reservation' })).toBeVisible();

    await openSearchByKeyboard(page);
    await page.getByTestId('global-search-input').pressSequentially('cancel');
    const group = results(page).getByRole('group', { name: 'On this page' });
    await expect(group.getByRole('option')).toHaveText(['Cancel reservation']);
    // The first match is the one Enter takes.
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('global-search-input')).toHaveCount(0);
    const question = page.getByRole('alertdialog');
    await expect(question.getByTestId('cancel-confirmation')).toContainText('Cancel the reservation for Anna');
    await expect(question.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await question.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.getByTestId('reservation-status')).toHaveText('canceled');
    const stored = (await sandboxApi(request, `/v2/reservations/${booked.id}`, partner, {
      orgId: 'org_harbour_vine_direct',
    })) as { data: { status: string } };
    expect(stored.data.status).toBe('canceled');

    // Canceled, it offers no cancel any more; Modify neither (the page has no form for it).
    await openSearchByKeyboard(page);
    await page.getByTestId('global-search-input').pressSequentially('reservation');
    await expect(results(page).getByRole('group', { name: 'On this page' })).toHaveCount(0);
  });

  test('⌘K switches the theme and the entity the console works in', async ({ page }) => {
    await page.goto('/venues');
    await openSearchByKeyboard(page);
    await page.getByTestId('global-search-input').pressSequentially('dark theme');
    await results(page).getByRole('option', { name: 'Switch to the dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);

    const switcher = page.locator('#entity-switcher');
    const selected = await switcher.inputValue();
    const other = switcher.locator(`option:not([value="${selected}"])`).first();
    const [otherId, otherLabel] = [await other.getAttribute('value'), await other.textContent()];
    const otherName = otherLabel!.split(' · ')[0]!;
    await openSearchByKeyboard(page);
    await page.getByTestId('global-search-input').pressSequentially(otherName.slice(0, 8));
    await results(page)
      .getByRole('option', { name: `Switch to ${otherName}` })
      .click();
    await expect(switcher).toHaveValue(otherId!);

    // Back as it was, for the other tests.
    await openSearchByKeyboard(page);
    await page.getByTestId('global-search-input').pressSequentially('theme');
    await results(page).getByRole('option', { name: 'Follow the device’s theme' }).click();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await switcher.selectOption(selected);
    await expect(switcher).toHaveValue(selected);
  });
});

test.describe('as a viewer', () => {
  test.use({ storageState: STORAGE.viewer });

  test('⌘K offers a viewer no cancel or change of a reservation, as its page offers none', async ({
    page,
    request,
  }) => {
    const booked = await bookOutside(request, `Viewer${Date.now().toString(36)}`);
    await page.goto(`/reservations/${booked.id}`);
    await expect(page.getByTestId('reservation-guest')).toBeVisible();
    await openSearchByKeyboard(page);
    await page.getByTestId('global-search-input').pressSequentially('reservation');
    await expect(results(page).getByRole('option').first()).toBeVisible();
    await expect(results(page).getByRole('group', { name: 'On this page' })).toHaveCount(0);
    await expect(results(page).getByRole('option', { name: /Cancel|Modify/ })).toHaveCount(0);
  });
});
