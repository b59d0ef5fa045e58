import type { Page } from '@playwright/test';

import { todayOf } from '../lib/overview/figures';
import { openingSearchHref } from '../lib/reservations/search-page';
import { partnerClient } from '../lib/sandbox/testing';
import { SANDBOX_URL } from './env';

/** The venues' today, as the dashboard reads it (the date of most of the demo's venues). */
export async function venuesToday(): Promise<string> {
  return todayOf((await partnerClient(SANDBOX_URL).listVenues({ limit: 100 })).data, new Date());
}

/**
 * The address the reservation list opens on (a bare `/reservations` is redirected to it). A page
 * opened at the bare address is drawn again at this one (Next's redirect from a streamed page):
 * a test that reads the page as soon as it has loaded opens this one.
 */
export async function openingListPath(): Promise<string> {
  return openingSearchHref(await venuesToday());
}

/**
 * The reservation search reads the next page ahead once it is shown: let that settle, so what a
 * test counts afterwards is its own.
 */
export async function resultsLive(page: Page) {
  await page.waitForLoadState('networkidle');
}

const BUDGET_BUSY = /request budget is fully used for the moment; nothing was sent\. Try again in (\d+) s/;

/**
 * Opens a reservation search as a member would when the worker's request budget is spent (its
 * earlier specs' exports and bulk writes can fill a minute): while the page says so, wait the
 * seconds it names and open it again, at most `tries` times; then the page is left as it is.
 */
export async function openSearch(page: Page, path: string, tries = 6) {
  for (let i = 0; ; i++) {
    await page.goto(path);
    const busy = await page
      .getByText(BUDGET_BUSY)
      .first()
      .textContent({ timeout: 500 })
      .catch(() => null);
    const seconds = busy?.match(BUDGET_BUSY)?.[1];
    if (!seconds || i === tries) return;
    await page.waitForTimeout(Number(seconds) * 1000);
  }
}

/** A count as the console writes it in the tests' browser (en-GB): "1,234". */
export const countText = (n: number) => new Intl.NumberFormat('en-GB').format(n);

/** The search's count of results, as a number ("1,234" is 1234). */
export async function shownResultCount(page: Page): Promise<number> {
  return Number((await page.getByTestId('result-count').textContent())!.replace(/\D/g, ''));
}
