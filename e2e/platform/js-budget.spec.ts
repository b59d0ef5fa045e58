import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { DEMO_PARTNER } from '../../lib/sandbox/seed/demo';
import { DASHBOARD_URL, STORAGE } from '../env';
import { checkBudgets, GRID_BUDGET_KB, ROUTE_BUDGET_KB } from '../js-budget';
import { expect, test, type Page } from '../test';

test.use({ storageState: STORAGE.admin });

/** Every route and its budget; pages with an id in their path are measured on real records of the demo world. */
async function routeBudgets(page: Page): Promise<Record<string, number>> {
  await page.goto('/reservations');
  const reservationPath = await page
    .getByTestId('reservations-table')
    .locator('a[href^="/reservations/"]')
    .first()
    .getAttribute('href');
  expect(reservationPath).toMatch(/^\/reservations\/[0-9a-f-]{36}$/);

  return {
    '/': ROUTE_BUDGET_KB,
    '/today': ROUTE_BUDGET_KB,
    '/identity': ROUTE_BUDGET_KB,
    '/delegates': ROUTE_BUDGET_KB,
    '/venues': ROUTE_BUDGET_KB,
    '/markets': ROUTE_BUDGET_KB,
    '/entities': ROUTE_BUDGET_KB,
    '/entities/new': ROUTE_BUDGET_KB,
    [`/entities/${DEMO_PARTNER.defaultEntityId}`]: ROUTE_BUDGET_KB,
    '/reservations': ROUTE_BUDGET_KB,
    '/reservations/new': ROUTE_BUDGET_KB,
    [reservationPath!]: ROUTE_BUDGET_KB,
    '/team': ROUTE_BUDGET_KB,
    '/activity': ROUTE_BUDGET_KB,
    '/account': ROUTE_BUDGET_KB,
    '/login': ROUTE_BUDGET_KB,
    '/allocations': GRID_BUDGET_KB,
  };
}

test('JavaScript sent per route stays within its budget over the framework baseline', async ({ page, request }) => {
  const budgets = await routeBudgets(page);
  const report = await checkBudgets(request, DASHBOARD_URL, budgets);
  expect(report.baselineKb).toBeGreaterThan(50);
  for (const r of report.routes)
    console.log(
      `${r.path}: ${r.kb.toFixed(1)} kB gzip, baseline + ${r.overBaselineKb.toFixed(1)} kB (budget + ${r.budgetKb} kB)`,
    );
  console.log(`baseline: ${report.baselineKb.toFixed(1)} kB gzip`);
  expect(report.over).toEqual([]);
});

test('the budget check names a route that sends more than its budget', async ({ request }) => {
  // A fixture site: an empty page with one small script, and a page that adds 256 kB of
  // incompressible script on top of it.
  const small = 'console.log("framework");';
  const big = randomBytes(256 * 1024).toString('base64');
  const server = createServer((req, res) => {
    const scripts: Record<string, string> = { '/framework.js': small, '/big.js': `window.x = "${big}";` };
    if (req.url! in scripts) return res.writeHead(200, { 'content-type': 'text/javascript' }).end(scripts[req.url!]);
    const extra = req.url === '/heavy' ? '<script src="/big.js"></script>' : '';
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<html><head><script src="/framework.js"></script>${extra}</head><body></body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const report = await checkBudgets(request, origin, {
      '/light': ROUTE_BUDGET_KB,
      '/heavy': ROUTE_BUDGET_KB,
      '/heavy-grid': GRID_BUDGET_KB,
    });
    expect(report.routes.find((r) => r.path === '/heavy')!.overBaselineKb).toBeGreaterThan(ROUTE_BUDGET_KB);
    expect(report.over).toEqual([
      expect.stringMatching(
        new RegExp(`^/heavy is baseline \\+ \\d+\\.\\d kB, over its ${ROUTE_BUDGET_KB} kB budget$`),
      ),
    ]);
  } finally {
    server.close();
  }
});
