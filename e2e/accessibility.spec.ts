import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

import { STORAGE } from './env';
import { consolePaths, openAccountMenu } from './staff';

/**
 * WCAG 2.2 A/AA rules of axe on every page, at a phone's width and a desktop's, in both themes,
 * including the sign-in page, detail pages, an open dialog and an open menu. Any violation fails.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;
const THEMES = ['light', 'dark'] as const;

// Each test only reads: they spread over the workers (the file is the suite's longest).
test.describe.configure({ mode: 'parallel' });

/** The rules whose outcome depends on the colours alone: all a second theme of the same page can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

async function violations(page: Page, coloursOnly = false) {
  const builder = new AxeBuilder({ page });
  const result = await (coloursOnly ? builder.withRules(COLOUR_RULES) : builder.withTags(TAGS)).analyze();
  return result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(' | ')}`,
  );
}

for (const size of SIZES) {
  test.describe(`${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, storageState: STORAGE.admin });

    // Each page is loaded once and checked in both themes (the system's, switched without a reload);
    // the pages are split in halves, every other one, so that the halves run on two workers.
    for (const half of [0, 1]) {
      test(`every console page passes axe, light and dark (half ${half + 1} of 2)`, async ({ page }) => {
        test.setTimeout(180_000);
        const paths = (await consolePaths(page)).filter((_, i) => i % 2 === half);
        const found: Record<string, string[]> = {};
        for (const path of paths) {
          await page.emulateMedia({ colorScheme: 'light' });
          await page.goto(path);
          // the page's content, every part of it streamed in (no skeleton busy)
          await expect(page.locator('main')).toBeVisible();
          await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
          for (const [i, theme] of THEMES.entries()) {
            await page.emulateMedia({ colorScheme: theme });
            // colours that move (transition-colors) are read once they have arrived
            await page.evaluate(() =>
              Promise.all(
                document
                  .getAnimations()
                  .filter((a) => a instanceof CSSTransition)
                  .map((a) => a.finished.catch(() => null)),
              ),
            );
            // The same page in the second theme: every rule was checked in the first.
            const v = await violations(page, i > 0);
            if (v.length) found[`${path} (${theme})`] = v;
          }
        }
        expect(found).toEqual({});
      });
    }
  });

  for (const theme of THEMES) {
    test.describe(`${size.name}, ${theme}`, () => {
      test.use({
        viewport: { width: size.width, height: size.height },
        colorScheme: theme,
        storageState: STORAGE.admin,
      });

      test('an open dialog and an open menu pass axe', async ({ page }) => {
        await page.goto('/team');
        await openAccountMenu(page);
        expect(await violations(page), 'account menu').toEqual([]);
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: 'Reset password' }).first().click();
        await expect(page.getByRole('alertdialog')).toBeVisible();
        expect(await violations(page), 'reset password dialog').toEqual([]);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('alertdialog')).toBeHidden();
        await page.keyboard.press('?');
        await expect(page.getByTestId('shortcuts-dialog')).toBeVisible();
        expect(await violations(page), 'keyboard shortcuts').toEqual([]);
        await page.keyboard.press('Escape');
        // The search's bulk cancel and its Save as view.
        await page.goto('/reservations?status=confirmed&sort=-date');
        await page.getByTestId('reservations-table').getByRole('checkbox').nth(1).check();
        await page.getByTestId('bulk-cancel').click();
        await expect(page.getByRole('alertdialog')).toBeVisible();
        expect(await violations(page), 'bulk cancel').toEqual([]);
        await page.keyboard.press('Escape');
        await page.getByTestId('views-menu').click();
        await page.getByRole('menuitem', { name: 'Save this search as a view…' }).click();
        await expect(page.getByTestId('save-view-form')).toBeVisible();
        expect(await violations(page), 'save a view').toEqual([]);
        await page.keyboard.press('Escape');
        if (size.name === 'phone') {
          await page.getByTestId('mobile-menu-button').click();
          await expect(page.getByTestId('mobile-nav')).toBeVisible();
          expect(await violations(page), 'navigation sheet').toEqual([]);
        }
      });
    });

    test.describe(`${size.name}, ${theme}, signed out`, () => {
      test.use({
        viewport: { width: size.width, height: size.height },
        colorScheme: theme,
        storageState: { cookies: [], origins: [] },
      });
      test('the sign-in page passes axe', async ({ page }) => {
        await page.goto('/login');
        await page.getByLabel('E-mail').fill('not an address');
        await page.getByRole('button', { name: 'Sign in' }).click();
        await expect(page.getByText(/e-mail/i).nth(1)).toBeVisible();
        expect(await violations(page)).toEqual([]);
      });
    });
  }
}
