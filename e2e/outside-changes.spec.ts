import { expect, test, type APIRequestContext } from '@playwright/test';

import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { defaultEntity, partner, today } from './demo-world';
import { STORAGE } from './env';
import { sandboxSend } from './sandbox';

/**
 * A guest books and cancels through another channel (here, the partner's API straight to the
 * sandbox): the dashboard's sync of the reservations window finds it (every 30 s while anyone is
 * signed in), the change feed carries it, and an open list shows it without a reload: the booking marked as
 * made outside the console, then its cancel.
 */
test.use({ storageState: STORAGE.admin });

const entity = { ...defaultEntity, entityId: DEMO_PARTNER.defaultEntityId };

/** A table for two within the next days at one of the entity's venues, as the availability says. */
async function openTable(request: APIRequestContext) {
  const venues = (await sandboxSend(request, 'GET', '/v2/venues?limit=100', partner, entity)).body as {
    data: { id: string }[];
  };
  for (let d = 1; d <= 7; d++) {
    const date = new Date(Date.parse(`${today()}T12:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
    for (const v of venues.data) {
      const { body } = await sandboxSend(
        request,
        'GET',
        `/v2/availability?venue_id=${v.id}&date=${date}&party_size=2`,
        partner,
        entity,
      );
      const option = (body as { data: { venue_id: string; date: string; time: string }[] }).data[0];
      if (option) return option;
    }
  }
  throw new Error('no table for two in the next 7 days');
}

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
  await page
    .locator('h1')
    .first()
    .evaluate((h) => h.setAttribute('data-still-here', 'yes'));

  const option = await openTable(request);
  const hold = await sandboxSend(request, 'POST', '/v2/holds', partner, entity, {
    venue_id: option.venue_id,
    date: option.date,
    time: option.time,
    party_size: 2,
  });
  expect(hold.status).toBe(201);
  const made = await sandboxSend(request, 'POST', '/v2/reservations', partner, entity, {
    hold_id: (hold.body as { id: string }).id,
    guest: { first_name: 'Walk', last_name: lastName, email: 'walk.outside@guest.test' },
  });
  expect(made.status).toBe(201);
  const id = (made.body as { data: { id: string } }).data.id;

  const row = page.getByTestId(`reservation-row-${id}`);
  await expect(row).toBeVisible({ timeout: 75_000 });
  await expect(row.getByTestId('change-mark')).toHaveText('New, booked outside the console');

  const canceled = await sandboxSend(request, 'POST', `/v2/reservations/${id}/cancel`, partner, entity, {});
  expect(canceled.status, JSON.stringify(canceled.body)).toBeLessThan(300);
  await expect(row).toContainText('canceled', { timeout: 75_000 });
  await expect(page.locator('h1[data-still-here="yes"]')).toHaveCount(1);
});
