import type { Locator } from '@playwright/test';

/**
 * The attempts the Activity page's rows stand for: a row is one, or the number it shows when
 * refused sign-ins from one address were folded into it (its `data-repeats`).
 */
export function attemptsOf(rows: Locator): Promise<number> {
  return rows.evaluateAll((els) =>
    els.reduce((n, el) => n + Number(el.querySelector('[data-repeats]')?.getAttribute('data-repeats') ?? 1), 0),
  );
}
