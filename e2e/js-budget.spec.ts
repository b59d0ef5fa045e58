import { gzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { STORAGE } from './env';

test.use({ storageState: STORAGE.admin });

/** Gzip bytes of the script chunks a route's HTML references (Next 16 no longer prints "First Load JS"). */
export async function scriptBytes(request: APIRequestContext, path: string): Promise<number> {
  const html = await (await request.get(path)).text();
  const sources = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]!))];
  let total = 0;
  for (const src of sources) total += gzipSync(await (await request.get(src)).body()).length;
  return total;
}

/** Budgets over the framework's own baseline, an empty page of this build (its not-found page), for the pages staff live in. */
export const JS_BUDGET_KB: Record<string, number> = {
  '/': 40,
  '/delegates': 40,
  '/entities': 40,
  '/reservations': 40,
  '/allocations': 80,
};

test('JavaScript sent per route stays within its budget over the framework baseline', async ({ request }) => {
  const baseline = await scriptBytes(request, '/no-such-page');
  expect(baseline).toBeGreaterThan(50_000);
  const over: string[] = [];
  for (const [path, budgetKb] of Object.entries(JS_BUDGET_KB)) {
    const bytes = await scriptBytes(request, path);
    const extraKb = (bytes - baseline) / 1024;
    console.log(`${path}: ${(bytes / 1024).toFixed(1)} kB gzip, baseline + ${extraKb.toFixed(1)} kB (budget + ${budgetKb} kB)`);
    if (extraKb > budgetKb) over.push(`${path} is baseline + ${extraKb.toFixed(1)} kB, over its ${budgetKb} kB budget`);
  }
  console.log(`baseline: ${(baseline / 1024).toFixed(1)} kB gzip`);
  expect(over).toEqual([]);
});
