import { gzipSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';

/** Gzip bytes of the script chunks a route's HTML references (Next 16 no longer prints "First Load JS"). */
export async function scriptBytes(request: APIRequestContext, url: string): Promise<number> {
  const html = await (await request.get(url)).text();
  const sources = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]!))];
  let total = 0;
  for (const src of sources) total += gzipSync(await (await request.get(new URL(src, url).href)).body()).length;
  return total;
}

/** Budgets in kB of gzip JavaScript over the framework's own baseline (an empty page of the same build). */
export const ROUTE_BUDGET_KB = 40;
export const GRID_BUDGET_KB = 80;

export interface BudgetReport {
  baselineKb: number;
  routes: { path: string; kb: number; overBaselineKb: number; budgetKb: number }[];
  /** one line per route over its budget */
  over: string[];
}

/** Measures every route against the baseline page of the same origin and lists those over budget. */
export async function checkBudgets(
  request: APIRequestContext,
  origin: string,
  budgets: Record<string, number>,
  baselinePath = '/no-such-page',
): Promise<BudgetReport> {
  const baseline = await scriptBytes(request, `${origin}${baselinePath}`);
  const routes = [];
  for (const [path, budgetKb] of Object.entries(budgets)) {
    const bytes = await scriptBytes(request, `${origin}${path}`);
    routes.push({ path, kb: bytes / 1024, overBaselineKb: (bytes - baseline) / 1024, budgetKb });
  }
  return {
    baselineKb: baseline / 1024,
    routes,
    over: routes
      .filter((r) => r.overBaselineKb > r.budgetKb)
      .map((r) => `${r.path} is baseline + ${r.overBaselineKb.toFixed(1)} kB, over its ${r.budgetKb} kB budget`),
  };
}
