import { dateRange, todayOf } from '../lib/overview/figures';
import { defaultEntity, partner } from './demo-world';
import { STORAGE } from './env';
import { bookOutside } from './inbox-steps';
import { countText } from './reservation-results';
import { sandboxApi, sandboxRequestMark, sandboxRequestsSince, type SandboxReservation } from './sandbox';
import { expect, test, type APIRequestContext, type Page } from './test';

/*
 * The dashboard keeps the next two weeks of each entity's reservations (the sync's window). A
 * search whose dates lie inside it is answered from that copy: the API's own rows and count, and
 * no request of the page's own. A cancel made on the console shows in it at once.
 */

test.use({ storageState: STORAGE.operator });

interface SandboxPage {
  data: SandboxReservation[];
  pagination: { total_items: number };
}

const search = (request: APIRequestContext, query: string) =>
  sandboxApi(request, `/v2/reservations?${query}&limit=25`, partner, defaultEntity) as Promise<SandboxPage>;

const rowIds = (page: Page) =>
  page
    .locator('[data-testid^="reservation-row-"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.replace('reservation-row-', '')));

/**
 * Two reservations for tomorrow, made through the partner's API as a guest's other channel would:
 * the search has at least two to show, however few the demo world holds at this hour and whatever
 * the run's other specs canceled of them.
 */
async function twoForTomorrow(request: APIRequestContext) {
  for (const last of ['Copy-One', 'Copy-Two']) await bookOutside(request, last);
}

/** The reservation requests the page's render sent to the API (the sync's own are not counted). */
async function reservationReadsOf(request: APIRequestContext, open: () => Promise<void>): Promise<number> {
  const mark = await sandboxRequestMark(request);
  await open();
  return (await sandboxRequestsSince(request, mark)).filter((r) => r.path.startsWith('/v2/reservations')).length;
}

test("a search of today and tomorrow is answered from the dashboard's copy with the API's rows, and a cancel shows in it at once", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await twoForTomorrow(request);
  // Today where the venues are, as the dashboard counts it.
  const venues = ((await sandboxApi(request, '/v2/venues?limit=100', partner, defaultEntity)) as { data: [] }).data;
  // Today and tomorrow (inside the window's 14 days, and re-read at every turn of the sync). Other
  // specs of the run change some of it in the sandbox directly, which the copy has within a turn,
  // so the page is compared with the API until they agree.
  const days = dateRange(todayOf(venues, new Date()), 2);
  const query = `status=confirmed&date[gte]=${days[0]}&date[lte]=${days.at(-1)}&sort=date`;

  const open = async () => {
    await page.goto(`/reservations?${query}`);
    await expect(page.getByTestId('result-count')).toBeVisible();
  };
  /** What the page showed with no reservation request of its own, against the API's answer now; null when it asked the API. */
  const fromCopyAgainstApi = async () => {
    if ((await reservationReadsOf(request, open)) > 0) return null;
    const api = await search(request, query);
    const shown = { total: await page.getByTestId('result-count').textContent(), rows: await rowIds(page) };
    return {
      same:
        shown.total === countText(api.pagination.total_items) && shown.rows.join() === api.data.map((r) => r.id).join(),
      api,
    };
  };
  // The window's first turn may still be under way when the spec starts: until then the API answers.
  await expect
    .poll(async () => (await fromCopyAgainstApi())?.same ?? false, { timeout: 150_000, intervals: [2_000, 5_000] })
    .toBe(true);
  const expected = await search(request, query);
  expect(expected.pagination.total_items).toBeGreaterThan(1);

  // Cancel the first of them on its page (read from the copy too), then back to the search.
  const id = expected.data[0]!.id;
  await page.goto(`/reservations/${id}`);
  await page.getByRole('button', { name: 'Cancel reservation' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByTestId('reservation-status')).toHaveText('canceled');

  const after = await search(request, query);
  expect(after.pagination.total_items).toBe(expected.pagination.total_items - 1);
  expect(await reservationReadsOf(request, open)).toBe(0);
  await expect(page.getByTestId('result-count')).toHaveText(countText(after.pagination.total_items));
  expect(await rowIds(page)).toEqual(after.data.map((r) => r.id));
  expect(await rowIds(page)).not.toContain(id);
});
