import type { Page } from '@playwright/test';

/**
 * The reservation search reads the next page ahead once it is shown: let that settle, so what a
 * test counts afterwards is its own.
 */
export async function resultsLive(page: Page) {
  await page.waitForLoadState('networkidle');
}
