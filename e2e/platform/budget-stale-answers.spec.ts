import { defaultEntity, partner, today } from '../demo-world';
import { STORAGE } from '../env';
import { countText } from '../reservation-results';
import { controls, sandboxApi, sandboxRequestMark, sandboxRequestsSince, type SandboxReservation } from '../sandbox';
import { expect, test, type APIRequestContext, type Page } from '../test';

/*
 * A search the window of reservations cannot answer (no upper date) is answered from the entity's
 * book (every reservation, kept in step by the sync) as the API would answer it, without asking
 * the API. When the API refuses every request, the sync stops, and once the copy is older than
 * the sync keeps it (COPY_FRESH_MS, 70 s) a page says as of when it was read, instead of waiting or
 * failing; Refresh reads anew once the budget has room.
 */
test.describe('searches from the book, and as of their last read while the API refuses', () => {
  test.use({ storageState: STORAGE.admin });
  test.afterEach(async () => {
    await controls.clearFaults();
  });

  test('a search no one made before is answered from the entity’s book with the API’s own rows, without asking the API', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // The sync brings the book in step within two of its turns of the dashboard's start; until then the API answers.
    await expect(async () => {
      // The past, less an invented name: a search this run has never made.
      const query = `date[lte]=${today()}&guest_last_name[nin]=Nobody${Date.now()}&sort=-date`;
      const mark = await sandboxRequestMark(request);
      await page.goto(`/reservations?${query}`);
      await expect(page.getByTestId('result-count')).toBeVisible();
      const asked = (await sandboxRequestsSince(request, mark)).filter((r) => r.path.startsWith('/v2/reservations'));
      expect(asked.map((r) => r.query)).toEqual([]);
      const expected = await searchInSandbox(request, query);
      await expect(page.getByTestId('result-count')).toHaveText(countText(expected.pagination.total_items));
      expect(await shownIds(page)).toEqual(expected.data.map((r) => r.id));
    }).toPass({ timeout: 90_000, intervals: [2_000] });
    await expect(page.getByTestId('as-of-note')).toHaveCount(0);
  });

  test('while the API refuses every request, a search is shown as of its last read, one no one made before too, and Refresh reads anew afterwards', async ({
    page,
    request,
  }) => {
    test.setTimeout(240_000);
    await page.goto('/reservations');
    const table = page.getByRole('table');
    // the results, not the skeleton's rows before them
    await expect(page.getByTestId('result-count')).toBeVisible();
    const rows = await table.getByRole('row').count();
    expect(rows).toBeGreaterThan(1);
    const note = page.getByTestId('as-of-note');
    await expect(note).toHaveCount(0);
    const never = `date[lte]=${today()}&guest_last_name[nin]=Storm${Date.now()}&sort=-date`;
    const expected = await searchInSandbox(request, never);
    expect(expected.pagination.total_items).toBeGreaterThan(25);

    // windows of 10 s, not a minute: the wait the storm leaves ends within 10 s of its end
    await controls.setFaults({ rate_limit_storm: true, rate_limit_window_s: 10 });
    // The sync's turns are refused from now on; once its copy is older than it keeps it, the page
    // is served that copy with its time instead of the rate-limit message.
    await expect(async () => {
      await page.reload();
      await expect(note).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 120_000, intervals: [2_000] });
    await expect(note).toContainText(/Shown as of \d{1,2}:\d\d( [AP]M)? UTC/);
    await expect(table.getByRole('row')).toHaveCount(rows);

    await page.goto(`/reservations?${never}`);
    await expect(note).toContainText(/Shown as of \d{1,2}:\d\d( [AP]M)? UTC/);
    await expect(page.getByTestId('result-count')).toHaveText(countText(expected.pagination.total_items));
    expect(await shownIds(page)).toEqual(expected.data.map((r) => r.id));

    // The dashboard keeps the wait it learned; the next test in this worker must find the API
    // answering again, so this one ends once a Refresh has read anew.
    await readsAnewOnceTheApiAnswers(page);
  });
});

/** The first page of a search, as the sandbox answers it to the default entity. */
const searchInSandbox = async (request: APIRequestContext, query: string) =>
  (await sandboxApi(request, `/v2/reservations?${query}&limit=25`, partner, defaultEntity)) as {
    data: SandboxReservation[];
    pagination: { total_items: number };
  };

const shownIds = (page: Page) =>
  page
    .locator('[data-testid^="reservation-row-"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.replace('reservation-row-', '')));

/** Ends the storm, then clicks Refresh until the API answers again and the note goes. */
async function readsAnewOnceTheApiAnswers(page: Page) {
  await controls.clearFaults();
  const note = page.getByTestId('as-of-note');
  // once the API's window has reset, the page reads anew and the note goes
  await expect(async () => {
    await note
      .getByRole('button', { name: 'Refresh' })
      .click({ timeout: 1_000 })
      .catch(() => undefined);
    await expect(note).toHaveCount(0, { timeout: 3_000 });
  }).toPass({ timeout: 90_000, intervals: [3_000] });
}
