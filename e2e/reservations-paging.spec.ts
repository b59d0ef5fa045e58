import type { Reservation } from '../lib/guestbook/schemas';
import { defaultEntity, partner } from './demo-world';
import { STORAGE } from './env';
import { expectSamePage, markPage } from './same-page';
import { sandboxApi } from './sandbox';
import { expect, test, type APIRequestContext, type Page } from './test';

test.use({ storageState: STORAGE.viewer });

// Oldest first, less an invented name: a search no other test made, which the dashboard holds no answer of.
const SEARCH = `sort=date&guest_last_name[nin]=Paging${Date.now()}`;

/** The ids of one page of the search, read from the sandbox directly. */
async function sandboxPage(request: APIRequestContext, page: number): Promise<string[]> {
  const res = (await sandboxApi(
    request,
    `/v2/reservations?${SEARCH}&page=${page}&limit=25`,
    partner,
    defaultEntity,
  )) as { data: Reservation[] };
  return res.data.map((r) => r.id);
}

const shownIds = async (page: Page) =>
  await page
    .getByTestId('reservations-table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.replace('reservation-row-', '')));

/**
 * The pages of the search the browser asks the dashboard for (GET /api/reservations/search) from
 * now on, as `N`: the dashboard answers them from its copy of the reservations, or asks the API.
 */
function searchReads(page: Page): string[] {
  const reads: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/reservations/search') reads.push(url.searchParams.get('page') ?? '1');
  });
  return reads;
}

/** Holds the browser's reads of page `n` of the search until `release` is called. */
async function holdPage(page: Page, n: number): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/api/reservations/search' && url.searchParams.get('page') === String(n),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return { release };
}

test('paging keeps the previous rows until the next arrive, reads the next page ahead, and Back comes from the cache', async ({
  page,
  request,
}) => {
  const [first, second, third] = [
    await sandboxPage(request, 1),
    await sandboxPage(request, 2),
    await sandboxPage(request, 3),
  ];
  // Paging alone decides what is read here: a change another test or the sync records meanwhile
  // would rightly make the pages read again (live-updates.spec.ts), so the event stream is held off.
  await page.route('**/api/events', (route) => route.abort());
  const reads = searchReads(page);
  await page.goto(`/reservations?${SEARCH}`);
  await expect(page.getByTestId('pager-status')).toHaveText(/^Page 1 of \d+$/);
  expect(await shownIds(page)).toEqual(first);
  // Page 1 came with the page; the page after it is read ahead, once...
  await expect.poll(() => reads).toEqual(['2']);
  // ...and its answer has reached the browser (no request in flight).
  await page.waitForLoadState('networkidle');
  // A marker in the page's own DOM: a reload or a server-rendered navigation would drop it.
  const heading = page.getByRole('heading', { level: 1, name: 'Reservations' });
  await expect(heading).toBeVisible();
  await markPage(page);

  // Page 2 was read ahead: it shows at once; page 3 is then read ahead, and held on its way.
  const held = await holdPage(page, 3);
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByTestId('pager-status')).toHaveText(/^Page 2 of/);
  expect(await shownIds(page)).toEqual(second);

  // Page 3 has not arrived: page 2's rows stay, marked as loading.
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=3(&|$)/);
  await expect(page.getByTestId('results-loading')).toHaveText('Loading page 3…');
  expect(await shownIds(page)).toEqual(second);
  await expect(page.getByTestId('reservations-table')).toHaveAttribute('aria-busy', 'true');
  held.release();
  await expect(page.getByTestId('pager-status')).toHaveText(/^Page 3 of/, { timeout: 20_000 });
  await expect(page.getByTestId('results-loading')).toHaveCount(0);
  expect(await shownIds(page)).toEqual(third);
  await expectSamePage(page);
  await expect.poll(() => reads).toContain('4');
  // page 3 read once (the click waited for the read ahead), page 4 ahead of it
  expect(reads.filter((n) => n === '3')).toEqual(['3']);

  // Back: pages 2 and 1 come from the cache, with no read.
  await page.waitForLoadState('networkidle');
  const readBefore = reads.length;
  await page.goBack();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByTestId('pager-status')).toHaveText(/^Page 2 of/);
  expect(await shownIds(page)).toEqual(second);
  await page.goBack();
  await expect(page).not.toHaveURL(/page=/);
  await expect(page.getByTestId('pager-status')).toHaveText(/^Page 1 of/);
  expect(await shownIds(page)).toEqual(first);
  await expectSamePage(page);
  expect(reads.slice(readBefore)).toEqual([]);

  // The address is still the source of truth: Forward, then a reload, shows the page it names.
  await page.goForward();
  await expect(page.getByTestId('pager-status')).toHaveText(/^Page 2 of/);
  await page.reload();
  await expect(page.getByTestId('pager-status')).toHaveText(/^Page 2 of/);
  expect(await shownIds(page)).toEqual(second);
});

test('a page link opened on its own shows that page', async ({ page, request }) => {
  await page.goto('/reservations?sort=date');
  const next = await page.getByRole('link', { name: 'Next' }).getAttribute('href');
  expect(next).toBe('/reservations?sort=date&page=2');
  await page.goto(next!);
  expect(await shownIds(page)).toEqual(await sandboxPage(request, 2));
});
