import type { Reservation } from '../lib/guestbook/schemas';
import { defaultEntity, partner } from './demo-world';
import { STORAGE } from './env';
import { countText, shownResultCount } from './reservation-results';
import { expectSamePage, markPage } from './same-page';
import { sandboxApi, sandboxPatchReservation } from './sandbox';
import { expect, test, type APIRequestContext } from './test';

/** Today's reservations of the default entity that can lose a guest (confirmed or pending, party over 1). */
async function shrinkable(request: APIRequestContext, today: string): Promise<Reservation[]> {
  const res = (await sandboxApi(
    request,
    `/v2/reservations?date=${today}&status[in]=confirmed,pending&party_size[gte]=2&limit=100`,
    partner,
    defaultEntity,
  )) as { data: Reservation[] };
  return res.data;
}

test.describe('as a viewer', () => {
  test.use({ storageState: STORAGE.viewer });

  test('the overview\'s "today" block is read again every 60 s and on focus, without reloading the page', async ({
    page,
    request,
  }) => {
    // two waits for the sync's next turn (every 30 s on the server's clock)
    test.setTimeout(150_000);
    await page.clock.install();
    await page.goto('/');
    // The page's own heading, shown: until then the loading state's stands in its place.
    const heading = page.getByRole('heading', { level: 1, name: 'Overview' });
    await expect(heading).toBeVisible();
    await expect(page.getByTestId('today-covers')).toBeVisible();
    const today = (await page.getByTestId('overview-today').getAttribute('datetime'))!;
    const covers = Number(await page.getByTestId('today-covers').textContent());
    const [a, b] = await shrinkable(request, today);
    expect(b, 'two reservations today with a party over 1').toBeTruthy();
    await markPage(page);

    // Another channel takes a guest off a reservation: the dashboard's copy of today has it at
    // the sync's next turn (every 30 s, on the server's own clock), and the block at its next
    // minute after that (the page's clock).
    const shownAfter = (advance: () => Promise<void>) => async () => {
      await advance();
      return page.getByTestId('today-covers').textContent();
    };
    const turn = { timeout: 45_000, intervals: [2_000] };
    await sandboxPatchReservation(request, partner, defaultEntity, a!.id, { party_size: a!.party_size! - 1 });
    await expect
      .poll(
        shownAfter(() => page.clock.fastForward(61_000)),
        turn,
      )
      .toBe(String(covers - 1));

    // And when the tab regains focus, once its figures are over 15 s old.
    await sandboxPatchReservation(request, partner, defaultEntity, b!.id, { party_size: b!.party_size! - 1 });
    const focus = async () => {
      await page.clock.fastForward(16_000);
      await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    };
    await expect.poll(shownAfter(focus), turn).toBe(String(covers - 2));
    await expectSamePage(page);
  });

  test("the header's request budget follows the API's count without reloading the page", async ({ page }) => {
    await page.clock.install();
    await page.goto('/identity');
    const figure = page.getByTestId('rate-limit');
    await expect(figure).toHaveText(/^[\d,]+ of [\d,]+ Guest Book calls left this minute$/);
    const before = (await figure.textContent())!;
    // The page's own heading, shown: until then the loading state's stands in its place.
    const heading = page.getByRole('heading', { level: 1, name: 'Partner' });
    await expect(heading).toBeVisible();
    await markPage(page);
    // Another tab spends requests.
    const other = await page.context().newPage();
    await other.goto('/reservations?sort=-date&page=3');
    await other.close();
    // The figure is kept current once someone uses the page. A move made before the page is
    // interactive is not seen, as for a staff member: they move again.
    let x = 200;
    await expect(async () => {
      await page.mouse.move((x += 7), 300);
      await page.clock.fastForward(31_000);
      await expect(figure).not.toHaveText(before, { timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(figure).toHaveText(/^[\d,]+ of [\d,]+ Guest Book calls left this minute$/);
    await expectSamePage(page);
  });
});

test.describe('as an operator', () => {
  test.use({ storageState: STORAGE.operator });

  test("a cancel marks the entity's cached searches stale: Back to the results shows the reservation canceled", async ({
    page,
    request,
  }) => {
    const today = new Date().toISOString().slice(0, 10);
    const search = `/reservations?date[gte]=${today}&status=confirmed&sort=date`;
    await page.goto(search);
    const firstRow = page.getByTestId('reservations-table').locator('tbody tr').first();
    const rowId = (await firstRow.getAttribute('data-testid'))!.replace('reservation-row-', '');
    const total = await shownResultCount(page);
    await firstRow.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/reservations/${rowId}$`));
    await page.getByRole('button', { name: 'Cancel reservation' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.getByTestId('reservation-status')).toHaveText('canceled');
    await page.goBack();
    await expect(page.getByTestId('result-count')).toHaveText(countText(total - 1));
    await expect(page.getByTestId(`reservation-row-${rowId}`)).toHaveCount(0);
    const stored = (await sandboxApi(request, `/v2/reservations/${rowId}`, partner, defaultEntity)) as {
      data: Reservation;
    };
    expect(stored.data.status).toBe('canceled');
  });
});
