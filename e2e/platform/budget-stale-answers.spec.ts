import { expect, test, type Page } from '@playwright/test';

import { defaultEntity, partner, today } from '../demo-world';
import { STORAGE } from '../env';
import { controls, sandboxApi, type SandboxReservation } from '../sandbox';

/*
 * When the request budget has no room for a page at once (here: the API answered 429 and the
 * dashboard waits out its Retry-After), a page whose reads the dashboard already holds is served
 * from them at once, saying when they were read, instead of waiting or failing; Refresh reads
 * anew once the budget has room. A search no one made before is answered from the entity's book
 * (every reservation, read by the sync every few minutes).
 */
test.describe('pages served stored answers while the budget is spent', () => {
  test.use({ storageState: STORAGE.admin });
  test.afterEach(async () => {
    await controls.clearFaults();
  });

  // The reservations search: the directory's pages read the dashboard's copy, not the API.
  test('a search is shown at once with the time it was read, and Refresh reads it anew afterwards', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.goto('/reservations');
    const table = page.getByRole('table');
    // the results, not the skeleton's rows before them
    await expect(page.getByTestId('result-count')).toBeVisible();
    const rows = await table.getByRole('row').count();
    expect(rows).toBeGreaterThan(1);
    await expect(page.getByTestId('as-of-note')).toHaveCount(0);

    // windows of 10 s, not a minute: the wait the storm leaves ends within 10 s of its end
    await controls.setFaults({ rate_limit_storm: true, rate_limit_window_s: 10 });
    const note = page.getByTestId('as-of-note');
    // The first request the API refuses teaches the dashboard its wait; from then on the page is
    // served what the dashboard read before, with its time, instead of the rate-limit message (at
    // first without one: while the answer is current, it is shown as the API's).
    await expect(async () => {
      await page.reload();
      await expect(note).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 60_000, intervals: [1_000] });
    await expect(note).toContainText(/Shown as of \d{1,2}:\d\d( [AP]M)? UTC/);
    await expect(table.getByRole('row')).toHaveCount(rows);

    await readsAnewOnceTheApiAnswers(page);
    await expect(table.getByRole('row')).toHaveCount(rows);
  });

  test('a search no one made before is answered from the book, with the time it was read, instead of refused', async ({
    page,
    request,
  }) => {
    test.setTimeout(210_000);
    // The past, less an invented name: a search this run has never made.
    const query = `date[lte]=${today()}&guest_last_name[nin]=Nobody${Date.now()}&sort=-date`;
    const expected = (await sandboxApi(request, `/v2/reservations?${query}&limit=25`, partner, defaultEntity)) as {
      data: SandboxReservation[];
      pagination: { total_items: number };
    };
    expect(expected.pagination.total_items).toBeGreaterThan(25);

    await controls.setFaults({ rate_limit_storm: true, rate_limit_window_s: 10 });
    const note = page.getByTestId('as-of-note');
    await expect(async () => {
      await page.goto(`/reservations?${query}`);
      await expect(note).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 45_000, intervals: [1_000] });
    await expect(note).toContainText(/Shown as of \d{1,2}:\d\d( [AP]M)? UTC/);
    await expect(page.getByTestId('result-count')).toHaveText(String(expected.pagination.total_items));
    const ids = await page
      .locator('[data-testid^="reservation-row-"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.replace('reservation-row-', '')));
    expect(ids).toEqual(expected.data.map((r) => r.id));

    // The dashboard keeps the wait it learned; the next test in this worker must find the API
    // answering again, so this one ends once a Refresh has read anew.
    await readsAnewOnceTheApiAnswers(page);
  });
});

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
