import { defaultEntity, partner, today } from './demo-world';
import { STORAGE } from './env';
import { expectSamePage, markPage } from './same-page';
import { sandboxApi } from './sandbox';
import { expect, test } from './test';

/**
 * The overview lists the day's changes in the selected entity from the change feed, and follows
 * it: another member's cancel appears there without a reload, with who made it and a link to the
 * reservation.
 */
test("another member's cancel appears in the overview's changes of the day, without a reload", async ({
  browser,
  request,
}) => {
  const upcoming = (await sandboxApi(
    request,
    `/v2/reservations?date[gte]=${today()}&status=confirmed&sort=date&limit=20`,
    partner,
    defaultEntity,
  )) as { data: { id: string }[] };

  const admin = await browser.newContext({ storageState: STORAGE.admin });
  const overview = await admin.newPage();
  await overview.goto('/');
  const card = overview.getByTestId('recent-changes-card');
  await expect(card.getByRole('heading', { name: "Today's changes" })).toBeVisible();
  // One the day's changes do not list yet (earlier specs change reservations of the day too).
  const listed = await card
    .locator('a[href^="/reservations/"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  const target = upcoming.data.find((r) => !listed.includes(`/reservations/${r.id}`))!;
  // (an inner locator of `has` is queried against its outer one: it starts at the page)
  const link = overview.locator(`a[href="/reservations/${target.id}"]`);
  await expect(card.locator(`a[href="/reservations/${target.id}"]`)).toHaveCount(0);
  // a reload would drop this mark
  await markPage(overview);

  const operator = await browser.newContext({ storageState: STORAGE.operator });
  const page = await operator.newPage();
  await page.goto(`/reservations/${target.id}`);
  await page.getByRole('button', { name: 'Cancel reservation' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByTestId('reservation-status')).toHaveText('canceled');

  const item = card.getByRole('listitem').filter({ has: link });
  await expect(item).toContainText('Olivia Operator canceled a reservation', { timeout: 20_000 });
  // Newest first: above every change listed before it (the sync may find an earlier spec's
  // change made outside the console at any moment, and list it above).
  const order = await card
    .locator('a[href^="/reservations/"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  const at = order.indexOf(`/reservations/${target.id}`);
  expect(listed.filter((href) => order.indexOf(href) !== -1 && order.indexOf(href) < at)).toEqual([]);
  await expectSamePage(overview);
  await Promise.all([admin.close(), operator.close()]);
});
