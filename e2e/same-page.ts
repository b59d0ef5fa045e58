import { expect, type Page } from '@playwright/test';

/**
 * A mark in the page's own DOM, which a reload or a page rendered anew would drop: set on the
 * page's heading once the page itself has come. Until then the loading state's heading stands in
 * its place, and is replaced by it (a mark set there would be lost with no reload at all).
 */
export async function markPage(page: Page): Promise<void> {
  await expect(page.getByTestId('page-skeleton')).toHaveCount(0);
  await page
    .locator('h1')
    .first()
    .evaluate((h) => h.setAttribute('data-still-here', 'yes'));
}

/** The page marked by `markPage` is still the one shown: nothing reloaded it. */
export async function expectSamePage(page: Page): Promise<void> {
  await expect(page.locator('h1[data-still-here="yes"]'), 'the page was loaded anew').toHaveCount(1);
}
