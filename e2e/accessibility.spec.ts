import { axeOn, inTheme } from './axe';
import { STORAGE } from './env';
import { consolePaths, openAccountMenu } from './staff';
import { expect, test, type Page } from './test';

/**
 * WCAG 2.2 A/AA rules of axe on every page, at a phone's width and a desktop's, in both themes,
 * including the sign-in page, detail pages, an open dialog and an open menu. Any violation fails.
 */
const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 900 },
] as const;
const THEMES = ['light', 'dark'] as const;

// Each test only reads: they spread over the workers (the file is the suite's longest).
test.describe.configure({ mode: 'parallel' });

/** The rules whose outcome depends on the colours alone: all a second theme of the same page can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

type Violation = { id: string; impact?: string | null; nodes: { target: unknown[] }[] };

const described = (found: Violation[]) =>
  found.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(' | ')}`,
  );

/**
 * axe's violations on the page as it is. The colour rules alone run on the axe the first check
 * left in the same document (the second theme of a page), without injecting it again.
 */
async function violations(page: Page, coloursOnly = false) {
  if (!coloursOnly) return described((await axeOn(page).analyze()).violations);
  const result = await page.evaluate(
    (rules) =>
      (window as unknown as { axe: { run: (c: Document, o: object) => Promise<{ violations: Violation[] }> } }).axe.run(
        document,
        { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] },
      ),
    COLOUR_RULES,
  );
  return described(result.violations);
}

/**
 * The page as it is, checked with every rule in the light theme, then with the colour rules in
 * the dark one: the same DOM, so only the colours can differ.
 */
async function inBothThemes(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const [i, theme] of THEMES.entries()) {
    await inTheme(page, theme);
    found.push(...(await violations(page, i > 0)).map((v) => `${theme}: ${v}`));
  }
  return found;
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
          // the page's content, every part of it streamed in (no skeleton busy); by role, as a
          // streamed part is in the document, hidden, before it takes its place
          await expect(page.getByRole('main')).toBeVisible();
          await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
          const v = await inBothThemes(page);
          if (v.length) found[path] = v;
        }
        expect(found).toEqual({});
      });
    }
  });

  test.describe(`${size.name}, dialogs`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, storageState: STORAGE.admin });

    // Each dialog and menu is opened once and checked in both themes.
    test('an open dialog and an open menu pass axe, light and dark', async ({ page }) => {
      const check = async (what: string) => expect(await inBothThemes(page), what).toEqual([]);
      await page.goto('/team');
      await openAccountMenu(page);
      await check('account menu');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Reset password' }).first().click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await check('reset password dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('alertdialog')).toBeHidden();
      await page.keyboard.press('?');
      await expect(page.getByTestId('shortcuts-dialog')).toBeVisible();
      await check('keyboard shortcuts');
      await page.keyboard.press('Escape');
      // The search's bulk cancel and its Save as view.
      await page.goto('/reservations?status=confirmed&sort=-date');
      await page.getByTestId('reservations-table').getByRole('checkbox').nth(1).check();
      await page.getByTestId('bulk-cancel').click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await check('bulk cancel');
      await page.keyboard.press('Escape');
      await page.getByTestId('views-menu').click();
      await page.getByRole('menuitem', { name: 'Save this search as a view…' }).click();
      await expect(page.getByTestId('save-view-form')).toBeVisible();
      await check('save a view');
      await page.keyboard.press('Escape');
      if (size.name === 'phone') {
        await page.getByTestId('mobile-menu-button').click();
        await expect(page.getByTestId('mobile-nav')).toBeVisible();
        await check('navigation sheet');
      }
    });
  });

  test.describe(`${size.name}, signed out`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, storageState: { cookies: [], origins: [] } });
    test('the sign-in page passes axe, light and dark', async ({ page }) => {
      await page.goto('/login');
      await page.getByLabel('E-mail').fill('not an address');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByText(/e-mail/i).nth(1)).toBeVisible();
      expect(await inBothThemes(page)).toEqual([]);
    });
  });
}
