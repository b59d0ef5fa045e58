import { uuidFrom } from '../lib/sandbox/ids';
import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { defaultEntity, partner } from './demo-world';
import { STORAGE } from './env';
import { sandboxRequestMark, sandboxRequestsSince, sandboxSend } from './sandbox';
import { expect, test } from './test';

test.use({ storageState: STORAGE.operator });

const entity = { ...defaultEntity, entityId: DEMO_PARTNER.defaultEntityId };
const WHARF = uuidFrom('venue:wharf');
/** The Wharf Kitchen's dinner, allocated to Harbour & Vine Direct. */
const WHARF_DINNER = '18fad8c2-e3c6-5b50-8f8d-3a30832fa084';

test('reducing a cell below the seats already booked on it warns in the review, before apply', async ({
  page,
  request,
}) => {
  // One more booking on that commitment, so that something is booked whatever the run did before.
  const date = new Date(Date.now() + 140 * 86_400_000).toISOString().slice(0, 10);
  const hold = await sandboxSend(request, 'POST', '/v2/holds', partner, entity, {
    venue_id: WHARF,
    date,
    time: '19:00',
    party_size: 1,
  });
  if (hold.status === 201) {
    const made = await sandboxSend(request, 'POST', '/v2/reservations', partner, entity, {
      hold_id: (hold.body as { id: string }).id,
      guest: { first_name: 'Grid', last_name: 'Warning', email: 'grid.warning@guest.test' },
    });
    expect(made.status).toBe(201);
  }
  await page.goto('/allocations');
  await expect(page.getByTestId('allocation-grid')).toBeVisible();
  const cell = page.getByTestId(`alloc-row-${WHARF_DINNER}`).getByLabel(/^Seats of Harbour & Vine Direct on/);
  await cell.scrollIntoViewIfNeeded();
  const mark = await sandboxRequestMark(request);
  await cell.fill('0');
  const warning = page.getByTestId('seats-booked-warning');
  await expect(warning).toContainText(
    /commitment 18fad8c2: 0 seats are fewer than the \d+ already booked on \d{4}-\d\d-\d\d: those reservations stay, over the allocation\./,
  );
  // Nothing was applied: the warning came from reads only.
  expect((await sandboxRequestsSince(request, mark)).filter((r) => r.method !== 'GET')).toEqual([]);
  await page.getByRole('button', { name: 'Discard' }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Discard/ })
    .click();
  await expect(warning).toHaveCount(0);
});
