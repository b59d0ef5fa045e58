/** Pages in Chromium: the routes measured, a page load's LCP and content time, an interaction's INP, signing in. */
import { chromium, type Page } from '@playwright/test';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../e2e/chromium';
import { quantile, round, spread } from '../stats';
import { repeatedRequests, requestMark, sandboxLog } from './sandbox-log';

/** Page routes measured, with the element whose appearance means the page's content is there. */
export const ROUTES: { name: string; path: string; ready: string }[] = [
  { name: 'home', path: '/', ready: '[data-testid="today-reservations"]' },
  { name: 'delegates', path: '/delegates', ready: 'table' },
  { name: 'entities', path: '/entities', ready: 'table' },
  { name: 'allocations grid', path: '/allocations', ready: '[data-testid^="alloc-row-"]' },
  {
    name: 'reservations search',
    path: '/reservations?status[in]=confirmed,pending&sort=-date',
    ready: '[data-testid="reservations-table"]',
  },
];

export const GRID_READY = '[data-testid^="alloc-row-"]';

async function pageLoad(page: Page, url: string, ready: string): Promise<{ lcp: number; content: number }> {
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator(ready).first().waitFor();
  const content = Date.now() - started;
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1]!.startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve(NaN), 3000);
      }),
  );
  return { lcp, content };
}

/**
 * Interaction to next paint of one action, from the Event Timing API (the longest event of the
 * action). The API reports no event shorter than 16 ms: 0 means every event of the action was.
 */
export async function interaction(page: Page, act: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { __inp: number; __inpObserver?: PerformanceObserver };
    // one observer per page at a time: the one of the previous interaction stops
    w.__inpObserver?.disconnect();
    w.__inp = 0;
    w.__inpObserver = new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__inp = Math.max(w.__inp, e.duration);
    });
    w.__inpObserver.observe({ type: 'event', buffered: false, durationThreshold: 16 } as PerformanceObserverInit);
  });
  await act();
  await page.waitForTimeout(300);
  return page.evaluate(() => (window as unknown as { __inp: number }).__inp);
}

export type Views = Awaited<ReturnType<typeof measureViews>>;

/**
 * `runs` loads of one page, each with the API requests it caused: LCP and content-visible times,
 * API requests per view, token requests, and every request repeated within one view.
 */
export async function measureViews(page: Page, url: string, ready: string, sandboxUrl: string, runs: number) {
  const samples = [];
  const perView: number[] = [];
  let tokens = 0;
  const repeated = new Set<string>();
  for (let r = 0; r < runs; r++) {
    const mark = await requestMark(sandboxUrl);
    samples.push(await pageLoad(page, url, ready));
    await page.waitForLoadState('networkidle');
    const sent = await sandboxLog(sandboxUrl, mark);
    perView.push(sent.filter((e) => e.path.startsWith('/v2/')).length);
    tokens += sent.filter((e) => e.path === '/oauth/token').length;
    for (const k of repeatedRequests(sent)) repeated.add(k);
  }
  return {
    samples,
    lcp_ms: spread(samples.map((s) => s.lcp)),
    content_ms: spread(samples.map((s) => s.content)),
    perView,
    tokens,
    repeated: [...repeated],
  };
}

/** The first view of `views`, and the views after it (median / p95). */
export const firstView = (v: Views) => ({
  lcp_ms: round(v.samples[0]!.lcp),
  content_ms: v.samples[0]!.content,
  api_requests: v.perView[0]!,
});
export const viewsAfter = (v: Views) => ({
  lcp_ms: spread(v.samples.slice(1).map((x) => x.lcp)),
  content_ms: spread(v.samples.slice(1).map((x) => x.content)),
  api_requests: round(quantile(v.perView.slice(1), 0.5)),
});

/** INP of `samples` keyboard steps and mouse drags of a boundary on the grid page already open. */
export async function gridInteractions(page: Page, samples: number): Promise<{ keyboard: number[]; drag: number[] }> {
  const boundaries = page.locator('[data-testid^="boundary-"]');
  await boundaries.first().waitFor();
  const keyboard = [];
  for (let r = 0; r < samples; r++) keyboard.push(await interaction(page, () => boundaries.first().press('ArrowLeft')));
  // A drag step with the mouse: press on a boundary, move it a few seats, release.
  const drag = [];
  for (let r = 0; r < samples; r++) {
    const box = (await boundaries.nth(1).boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    drag.push(
      await interaction(page, async () => {
        await page.mouse.move(x, y);
        await page.mouse.down();
        await page.mouse.move(x + (r % 2 ? -24 : 24), y, { steps: 6 });
        await page.mouse.up();
      }),
    );
  }
  return { keyboard, drag };
}

/** Signs in as the demo admin. */
export async function signIn(page: Page, base: string) {
  await page.goto(`${base}/login`);
  await page.getByLabel('E-mail').fill('admin@demo.test');
  await page.getByLabel('Password').fill('guestbook-demo-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
}

export const launchBrowser = () => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
