import { gzipSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';

/**
 * The script chunks a route's HTML references: the JavaScript it loads before it is interactive.
 * A `noModule` script (the polyfills) is left out: a browser that runs modules never loads it.
 */
async function firstScripts(request: APIRequestContext, url: string): Promise<{ src: string; body: Buffer }[]> {
  const html = await (await request.get(url)).text();
  const tags = [...html.matchAll(/<script[^>]+src="([^"]+\.js)"[^>]*>/g)].filter((m) => !/\snoModule\b/i.test(m[0]));
  const sources = [...new Set(tags.map((m) => m[1]!))];
  return Promise.all(
    sources.map(async (src) => ({ src, body: await (await request.get(new URL(src, url).href)).body() })),
  );
}

/** Gzip bytes of the script chunks a route's HTML references (Next 16 no longer prints "First Load JS"). */
export async function scriptBytes(request: APIRequestContext, url: string): Promise<number> {
  const scripts = await firstScripts(request, url);
  return scripts.reduce((total, s) => total + gzipSync(s.body).length, 0);
}

/** Budgets in kB of gzip JavaScript over the framework's own baseline (an empty page of the same build). */
export const ROUTE_BUDGET_KB = 120;
export const GRID_BUDGET_KB = 93;

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
