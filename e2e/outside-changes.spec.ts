import { partner, today } from './demo-world';
import { STORAGE } from './env';
import { bookOutside, entity } from './inbox-steps';
import { expectSamePage, markPage } from './same-page';
import { sandboxSend } from './sandbox';
import { expect, test } from './test';

/**
 * A guest books and cancels through another channel (here, the partner's API straight to the
 * sandbox): the dashboard's sync of the reservations window finds it (every 30 s while anyone is
 * signed in), the change feed carries it, and an open list shows it without a reload: the booking marked as
 * made outside the console, then its cancel.
 */
test.use({ storageState: STORAGE.admin });

test('a booking and a cancel made outside the console reach an open list without a reload, the booking marked so', async ({
  page,
  request,
}) => {
  test.setTimeout(200_000);
  // The search of this guest's reservations: none yet (the seed's created_at run ahead of the
  // clock, so a list by newest would not show a new booking first).
  const lastName = `Outside${Date.now()}`;
  await page.goto(`/reservations?guest_last_name=${lastName}&date[gte]=${today()}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reservations' })).toBeVisible();
  await markPage(page);

  // A table within the next week, booked through the partner's API as a guest's other channel would.
  const { id } = await bookOutside(request, lastName, undefined, [1, 2, 3, 4, 5, 6, 7]);

  const row = page.getByTestId(`reservation-row-${id}`);
  await expect(row).toBeVisible({ timeout: 75_000 });
  await expect(row.getByTestId('change-mark')).toHaveText('New, booked outside the console');

  const canceled = await sandboxSend(request, 'POST', `/v2/reservations/${id}/cancel`, partner, entity, {});
  expect(canceled.status, JSON.stringify(canceled.body)).toBeLessThan(300);
  await expect(row).toContainText('canceled', { timeout: 75_000 });
  await expectSamePage(page);
});
