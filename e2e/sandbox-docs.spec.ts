import { SANDBOX_URL } from './env';
import { expect, test } from './test';

/* The sandbox's API reference in a browser: every path of its OpenAPI document, nothing from elsewhere. */
test('the API reference at /docs lists every path of the OpenAPI document and loads nothing from another origin', async ({
  page,
  request,
}) => {
  const origins = new Set<string>();
  page.on('request', (r) => origins.add(new URL(r.url()).origin));
  const paths = Object.keys(
    ((await (await request.get(`${SANDBOX_URL}/openapi.json`)).json()) as { paths: object }).paths,
  );
  expect(paths.length).toBeGreaterThan(10);

  await page.goto(`${SANDBOX_URL}/docs`);
  const shown = page.locator('.opblock-summary-path');
  await expect(shown.first()).toBeVisible();
  // Swagger UI breaks long paths with invisible <wbr> hints: compare the text without them.
  const listed = new Set((await shown.allInnerTexts()).map((t) => t.replace(/[\u200B\s]/g, '')));
  expect(paths.filter((p) => !listed.has(p))).toEqual([]);
  expect([...origins]).toEqual([SANDBOX_URL]);
});
