import type { Reservation } from '../lib/guestbook/schemas';
import { defaultEntity, partner } from './demo-world';
import { STORAGE } from './env';
import { sandboxApi } from './sandbox';
import { openSearchByKeyboard } from './staff';
import { expect, test } from './test';

test.use({ storageState: STORAGE.viewer });

/** A reservation of the default entity, straight from the sandbox, whose guest has a last name of 3+ letters. */
async function someReservation(request: Parameters<typeof sandboxApi>[0]): Promise<Reservation> {
  const res = (await sandboxApi(
    request,
    '/v2/reservations?status=confirmed&limit=50&sort=-date',
    partner,
    defaultEntity,
  )) as { data: Reservation[] };
  const r = res.data.find((x) => (x.guest?.last_name.length ?? 0) >= 3);
  expect(r, 'the demo world has a confirmed reservation').toBeTruthy();
  return r!;
}

test("Ctrl+K, a guest's last name, Enter: that guest's reservation opens, with one search request for the word typed, not one per key", async ({
  page,
  request,
}) => {
  const target = await someReservation(request);
  const lastName = target.guest!.last_name;
  await page.goto('/');
  await expect(page.getByTestId('today-reservations')).toBeVisible();
  // The searches the menu sends to the dashboard (the dashboard answers from its copy, or asks the API).
  const searches: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/search') searches.push(url.searchParams.get('q') ?? '');
  });
  await openSearchByKeyboard(page);
  const input = page.getByTestId('global-search-input');
  await expect(input).toBeFocused();
  // Typed as a person types, faster than the debounce: one search, not one per key.
  await input.pressSequentially(lastName, { delay: 60 });
  const first = page.getByTestId('global-search-results').getByRole('option').first();
  await expect(first).toContainText(lastName);
  // One for the word; a second at most where the machine stalled the typing past the debounce.
  expect(searches.length, searches.join('\n')).toBeLessThanOrEqual(2);
  expect(searches.at(-1)).toBe(lastName);

  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/reservations\/[0-9a-f-]{36}$/);
  const openedId = page.url().split('/').at(-1)!;
  const opened = (await sandboxApi(request, `/v2/reservations/${openedId}`, partner, defaultEntity)) as {
    data: Reservation;
  };
  expect(opened.data.guest?.last_name.toLowerCase()).toBe(lastName.toLowerCase());
});

test('an entity name opens its page, and a reservation id opens the reservation', async ({ page, request }) => {
  await page.goto('/reservations?sort=date');
  await page.getByTestId('global-search-button').click();
  await page.getByTestId('global-search-input').fill('Concierge');
  await expect(page.getByRole('option', { name: /^Harbour & Vine Concierge/ })).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/entities\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Concierge');

  const target = await someReservation(request);
  await openSearchByKeyboard(page);
  await page.getByTestId('global-search-input').fill(target.id);
  await expect(page.getByRole('option').first()).toContainText(target.guest!.last_name);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/reservations/${target.id}$`));
});

test('Escape closes the menu, and fewer than two characters send nothing', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('today-reservations')).toBeVisible();
  // The searches the menu sends to the dashboard (the dashboard answers from its copy, or asks the API).
  const searches: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/search') searches.push(url.searchParams.get('q') ?? '');
  });
  await openSearchByKeyboard(page);
  await page.getByTestId('global-search-input').fill('a');
  await expect(
    page.getByText('Type at least 2 characters to search guests, brands and channels, and managed partners.'),
  ).toBeVisible();
  await page.waitForTimeout(600);
  expect(searches).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('global-search-input')).toHaveCount(0);
});
