import { unique } from './booking-steps';
import { STORAGE } from './env';
import { bookOutside, cancelOutside, inCopy, itemAbout, unreadOnBell } from './inbox-steps';
import { expect, test } from './test';

/**
 * Watching: a viewer, who booked nothing, watches a reservation a guest made through another
 * channel; the guest's cancel then reaches the viewer's bell, "You watch it". The account page
 * lists what the member watches, and stops it. A venue is watched from Today's pacing card, and
 * the choice holds over a reload.
 */
test.use({ storageState: STORAGE.viewer });

test('a viewer who watches a reservation hears of its cancel; the account page lists it and stops it', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const last = unique('Watched');
  const booked = await bookOutside(request, last);
  const id = booked.id;

  await page.goto(`/reservations/${id}`);
  const watch = page.getByRole('button', { name: 'Watch this reservation' });
  await expect(watch).toHaveAttribute('aria-pressed', 'false');
  await watch.click();
  await expect(watch).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('You now watch it.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Watch this reservation' })).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/account');
  const list = page.getByTestId('watch-list');
  await expect(list.locator(`a[href="/reservations/${id}"]`)).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'What you watch' })).toBeVisible();

  // Once the sync has copied it, the guest cancels it through another channel; an open page's
  // bell counts it without a reload.
  await inCopy(page, booked);
  await page.goto('/reservations?sort=date');
  const before = await unreadOnBell(page);
  await cancelOutside(request, id);
  await expect.poll(() => unreadOnBell(page), { timeout: 120_000, intervals: [1_000] }).toBe(before + 1);
  await page.goto('/inbox');
  const item = itemAbout(page, id);
  await expect(item.getByTestId('inbox-item-reason')).toHaveText('You watch it');
  await expect(item.getByTestId('inbox-item-what')).toHaveText(
    new RegExp(`^Anna ${last}’s reservation for 2 guests on .+ at .+ was canceled outside the console$`),
  );

  // Stopped from the account page: gone from the list, and the reservation's button is released.
  await page.goto('/account');
  const row = page
    .getByTestId('watch-list')
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href="/reservations/${id}"]`) });
  await row.getByRole('button', { name: /^Stop watching: / }).click();
  await expect(page.getByText('You no longer watch it.')).toBeVisible();
  await expect(page.getByTestId('watch-list').locator(`a[href="/reservations/${id}"]`)).toHaveCount(0);
  await page.goto(`/reservations/${id}`);
  await expect(page.getByRole('button', { name: 'Watch this reservation' })).toHaveAttribute('aria-pressed', 'false');
});

test('a venue is watched from Today’s pacing card, and the account page lists it', async ({ page }) => {
  await page.goto('/today');
  const card = page.getByTestId('pacing');
  const venue = (await card.locator('#pacing-venue').textContent())!.trim();
  const watch = card.getByRole('button', { name: `Watch ${venue}` });
  const wasOn = (await watch.getAttribute('aria-pressed')) === 'true';
  if (wasOn) {
    await watch.click();
    await expect(watch).toHaveAttribute('aria-pressed', 'false');
  }
  await watch.click();
  await expect(watch).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('You now watch it.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('pacing').getByRole('button', { name: `Watch ${venue}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.goto('/account');
  await expect(page.getByTestId('watch-list').getByRole('link', { name: `Venue ${venue}` })).toBeVisible();
});
