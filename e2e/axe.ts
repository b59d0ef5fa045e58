import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The rules the console is held to: WCAG 2.2 A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * axe on the page with the WCAG rules, run in the page's own frame (legacy mode): the console
 * has no frames of another origin, and the default mode opens a blank page of its own for every
 * analysis, which took most of each check's time.
 */
export const axeOn = (page: Page) => new AxeBuilder({ page }).setLegacyMode().withTags(WCAG_TAGS);

/** Switches the system's theme without a reload; colours that move (transition-colors) are read once they have arrived. */
export async function inTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a instanceof CSSTransition)
        .map((a) => a.finished.catch(() => null)),
    ),
  );
}
