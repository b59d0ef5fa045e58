import { STORAGE } from './env';
import { expect, test, type APIRequestContext } from './test';

/**
 * The console's frame hydrates in parts (components/ui/hydrate-apart.tsx): the header's tools, the
 * partner's name and the navigation each arrive in the first HTML in their place, as parts that
 * React hydrates after the page around it, in slices; none is sent after the page for a script to
 * move in. A click in the header before its part is hydrated is handled.
 */
test.use({ storageState: STORAGE.operator });

/** The first HTML of a page as the signed-in member's browser receives it. */
async function firstHtml(request: APIRequestContext, path: string) {
  const res = await request.get(path);
  expect(res.status()).toBe(200);
  return res.text();
}

test('the frame’s parts arrive complete in the first HTML, each hydrated apart', async ({ page }) => {
  for (const path of ['/today', '/activity', '/reservations']) {
    const html = await firstHtml(page.request, path);
    const header = /<header class="[^"]*border-b[^"]*print:hidden">([\s\S]*?)<\/header>/.exec(html)?.[1];
    expect(header, `${path} has the console's header`).toBeTruthy();
    // `<!--&-->` opens a part hydrated apart, in its place; `<!--$?-->` a part whose content comes later.
    expect(header!.match(/<!--&-->/g)?.length ?? 0, `${path}: the header's parts`).toBeGreaterThanOrEqual(3);
    expect(header).not.toContain('<!--$?-->');
    const aside = /<aside[^>]*>([\s\S]*?)<\/aside>/.exec(html)?.[1];
    expect(aside, `${path}: the navigation is a part of its own`).toMatch(/<!--&--><nav/);
  }
});

test('a click in the header as soon as the page has loaded opens the account menu', async ({ page }) => {
  // At `load` the page's scripts have run; the header's part may not be hydrated yet: the click hydrates it first.
  await page.goto('/today', { waitUntil: 'load' });
  await page.getByTestId('account-menu-button').click();
  await expect(page.getByTestId('account-menu')).toBeVisible();
  await expect(page.getByTestId('sign-out')).toBeVisible();
});
