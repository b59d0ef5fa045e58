import { todayOf } from '../lib/overview/figures';
import { partnerClient } from '../lib/sandbox/testing';
import { SANDBOX_URL, STORAGE } from './env';
import { expect, test } from './test';

/**
 * "Today" is the venues' day wherever the console says it: the overview's figures, the search's
 * presets and New reservation's date, whatever the zone of the member's browser (the server's
 * is UTC). Kiritimati (UTC+14) is a day ahead of the demo's European venues from 10:00 UTC, and
 * Los Angeles (UTC−8) a day behind them until 08:00 UTC: at any hour but 08:00–10:00 one of the two
 * browsers' own date is not the venues'.
 */
test.use({ storageState: STORAGE.operator });

for (const timezoneId of ['Pacific/Kiritimati', 'America/Los_Angeles']) {
  test.describe(`a browser in ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('the overview, the Today preset and New reservation name the same day, the venues’', async ({ page }) => {
      const venues = (await partnerClient(SANDBOX_URL).listVenues({ limit: 100 })).data;
      const today = todayOf(venues, new Date());

      await page.goto('/');
      await expect(page.getByTestId('overview-today')).toHaveAttribute('datetime', today);

      await page.goto('/reservations');
      // While the venues' date streams in, React holds the content hidden beside the fallback for a moment: the one shown.
      await expect(page.getByTestId('presets-today').filter({ visible: true })).toContainText('Today is');
      await expect(page.getByTestId('presets-today').locator('time')).toHaveAttribute('datetime', today);
      await page.getByRole('button', { name: 'Today', exact: true }).click();
      await expect(page).toHaveURL((url) => url.searchParams.get('date') === today);
      await expect(page.getByTestId('reservations-table').or(page.getByTestId('reservations-empty'))).toBeVisible();

      await page.goto('/reservations/new');
      await expect(page.getByLabel('Date', { exact: true })).toHaveValue(today);
    });
  });
}
