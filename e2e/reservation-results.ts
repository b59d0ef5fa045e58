import type { Page } from '@playwright/test';

/**
 * The reservation search's paging goes live when the pointer first comes to the results, and then
 * reads the next page ahead: point at them and let that settle, so what a test counts afterwards
 * is its own.
 */
export async function resultsLive(page: Page) {
  await page.getByTestId('reservations-table').hover();
  await page.waitForLoadState('networkidle');
}
