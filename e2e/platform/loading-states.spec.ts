import { axeOn } from '../axe';
import { STORAGE } from '../env';
import { controls, sandboxRequestMark, sandboxRequestsSince } from '../sandbox';
import { expect, test, type Locator, type Page, type Request, type Route } from '../test';

/**
 * A click answers at once: with the dashboard's answer to the navigation held on its way (as when
 * the page waits for a slow API: the copy out of step, or a read it does not hold), each page that
 * can wait shows its heading and a skeleton shaped like its content first, and the content then
 * takes its place once the answer is let through. The order is asserted, never a duration.
 */
test.use({ storageState: STORAGE.admin });

/** Each sidebar page: its heading (the same in the skeleton and the page) and what shows it has loaded. */
const PAGES = [
  { link: 'Reservations', heading: 'Reservations', content: 'reservations-table' },
  // These read only the dashboard's own database (its copy of the partner's directory and of the
  // next two weeks' reservations, the audit log, the team), never the API: they have no loading
  // state (below), and only the page that comes is checked.
  { link: 'Overview', heading: 'Overview', content: 'today-block', database: true },
  { link: 'Today', heading: 'Today', content: 'today-scope', database: true },
  { link: 'Partner', heading: 'Partner', content: 'identity-name', database: true },
  { link: 'Managed partners', heading: 'Managed partners', content: 'delegate-table', database: true },
  { link: 'Brands & channels', heading: 'Brands & channels', content: 'entity-table', database: true },
  { link: 'Allocations', heading: 'Seat allocations', content: 'allocation-grid', database: true },
  { link: 'Venues', heading: 'Venues', content: 'venue-table', database: true },
  { link: 'Markets', heading: 'Markets', content: 'market-list', database: true },
  { link: 'Activity', heading: 'Activity', content: 'activity-table', database: true },
  { link: 'Team', heading: 'Team', content: 'team-table', database: true },
] as const;

/**
 * The page's loading state (`page-skeleton`), or once the page's heading has come, the skeleton of
 * what it still reads (the overview's sections, the search's results, the grid).
 */
const SKELETONS = '[data-testid="page-skeleton"], [aria-busy="true"][data-testid$="-loading"]';
const skeletonOf = (page: Page) => page.locator(SKELETONS).first();

/** A list's table, or its empty state when it has no rows. */
const listOf = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .or(page.getByTestId(`${testId}-empty`))
    .first();

/**
 * Holds the dashboard's answers to the navigations to `pathname` (their RSC requests; the
 * prefetches of their loading states pass) until `release` is called.
 */
async function holdNavigation(page: Page, pathname: (path: string) => boolean): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => pathname(url.pathname),
    async (route: Route) => {
      const headers = route.request().headers();
      if (headers['rsc'] === '1' && !headers['next-router-prefetch']) await released;
      await route.fallback();
    },
  );
  return { release };
}

/**
 * Does `act` (a hover, a tap on the menu) and waits until the loading state it fetched for
 * `pathname` has arrived, as it has by the time a person clicks. The router first asks for each
 * link's route tree, then, a few at a time, for what each shows first: on a busy machine the tree
 * of `pathname` can be in long before its loading state is even asked for. So this waits for a
 * request of `pathname` beyond its tree, and for all the router's prefetches (of any link) to be
 * over. `waitForLoadState('networkidle')` would not: it resolves at once once the page has been idle.
 */
async function prefetchedBy(page: Page, pathname: (path: string) => boolean, act: () => Promise<void>) {
  const pending = new Set<Request>();
  let contentAsked = 0;
  let lastDone = 0;
  const onRequest = (request: Request) => {
    const headers = request.headers();
    if (!headers['next-router-prefetch']) return;
    pending.add(request);
    if (pathname(new URL(request.url()).pathname) && headers['next-router-segment-prefetch'] !== '/_tree') {
      contentAsked += 1;
    }
  };
  // the router stops reading a prefetch once it has what it keeps: that shows as a failed request
  const onDone = (request: Request) => {
    if (pending.delete(request)) lastDone = performance.now();
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  try {
    await act();
    // asked for and arrived, and no further prefetch for a moment
    await expect
      .poll(() => contentAsked > 0 && pending.size === 0 && performance.now() - lastDone > 300, {
        intervals: [100],
        timeout: 20_000,
      })
      .toBe(true);
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
    page.off('requestfailed', onDone);
  }
}

const searchPage = (path: string) => path === '/reservations';
const recordPage = (path: string) => /^\/reservations\/[0-9a-f-]{36}$/.test(path);

/**
 * After a click: the skeleton is shown (busy, with the page's heading) while the page's answer is
 * held, then the content replaces it once `held` is released. `heading` is the page's own (the
 * same in both); a record's page names the record only once read, so its skeleton's heading says
 * what it is (`skeletonHeading`). A page of the database (`database`) is not held, and comes.
 */
async function expectSkeletonThenContent(
  page: Page,
  content: Locator,
  {
    heading,
    skeletonHeading = heading,
    database = false,
    held,
  }: { heading?: string; skeletonHeading?: string; database?: boolean; held?: { release: () => void } },
) {
  const h1 = page.getByRole('heading', { level: 1 });
  if (database) {
    await expect(content).toBeVisible();
    await expect(page.locator(SKELETONS)).toHaveCount(0);
    if (heading) await expect(h1).toHaveText(heading);
    return;
  }
  const skeleton = skeletonOf(page);
  await expect(skeleton).toBeVisible();
  await expect(skeleton).toHaveAttribute('aria-busy', 'true');
  // the page's answer is held: the content cannot be there yet while its skeleton is
  await expect(content).toHaveCount(0);
  if (skeletonHeading) await expect(h1).toHaveText(skeletonHeading);
  held?.release();
  await expect(content).toBeVisible({ timeout: 30_000 });
  await expect(page.locator(SKELETONS)).toHaveCount(0);
  if (heading) await expect(h1).toHaveText(heading);
}

// The skeletons of the pages that can wait are seen from the phone's menu, a record and the axe runs below.
test('each sidebar link opens its page, whole, and marks it current in the menu', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/markets');
  await expect(page.getByTestId('market-list')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const { link, heading, content } of PAGES) {
    await test.step(link, async () => {
      await nav.getByRole('link', { name: link, exact: true }).click();
      // the reservations search, too, comes from the copy here
      await expectSkeletonThenContent(page, listOf(page, content), { heading, database: true });
      await expect(nav.getByRole('link', { name: link, exact: true })).toHaveAttribute('aria-current', 'page');
    });
  }
});

/**
 * From the click (a menu link, a go-to shortcut, the account menu's link) until the page has come,
 * with the page's answer held, a line pulses at the top of the page's area, over the page still
 * there; then the page shows, and the line is gone.
 */
async function expectOpeningLine(page: Page, path: string, content: string, open: () => Promise<void>) {
  const opening = page.locator('main').getByTestId('page-opening');
  await expect(opening).toHaveCount(0);
  const held = await holdNavigation(page, (p) => p === path);
  await open();
  await expect(opening).toBeVisible();
  await expect(page.getByTestId('market-list')).toBeVisible();
  held.release();
  await expect(listOf(page, content)).toBeVisible();
  await expect(page.getByTestId('market-list')).toHaveCount(0);
  await expect(opening).toHaveCount(0);
}

test('a page of the dashboard’s own data, opened from the menu or a go-to shortcut, shows the opening line at the top of the page’s area at once, then the page', async ({
  page,
}) => {
  await page.goto('/markets');
  await expect(page.getByTestId('market-list')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await test.step('a menu link', () =>
    expectOpeningLine(page, '/venues', 'venue-table', () =>
      nav.getByRole('link', { name: 'Venues', exact: true }).click(),
    ));
  await page.goto('/markets');
  await expect(page.getByTestId('market-list')).toBeVisible();
  await test.step('g then t', () =>
    expectOpeningLine(page, '/team', 'team-table', async () => {
      await page.keyboard.press('g');
      await page.keyboard.press('t');
    }));
});

test('a reservation shows its skeleton, then the record', async ({ page }) => {
  await page.goto('/reservations?sort=date');
  const reservationLink = page.getByTestId('reservations-table').locator('a[href^="/reservations/"]').first();
  await expect(reservationLink).toBeVisible();
  // The pointer on the row fetches the record's loading state; it has arrived before the click.
  await prefetchedBy(page, recordPage, () => reservationLink.hover());
  const held = await holdNavigation(page, recordPage);
  await reservationLink.click();
  await expectSkeletonThenContent(page, page.getByTestId('reservation-guest'), {
    skeletonHeading: 'Reservation',
    held,
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the navigation sheet’s links show the skeleton, then the page', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/markets');
    await expect(page.getByTestId('market-list')).toBeVisible();
    for (const { link, heading, content } of PAGES.filter((p) => !('database' in p))) {
      await test.step(link, async () => {
        const held = await holdNavigation(page, searchPage);
        const sheet = page.getByTestId('mobile-nav');
        // as a person reads the menu: its links' loading states, fetched as it opened, have arrived
        await prefetchedBy(page, searchPage, async () => {
          await page.getByTestId('mobile-menu-button').tap();
          await expect(sheet).toBeVisible();
        });
        await sheet.getByRole('link', { name: link, exact: true }).tap();
        await expectSkeletonThenContent(page, listOf(page, content), { heading, held });
        // nothing of the skeleton or the page is wider than the phone
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      });
    }
  });

  test('the menu closes at the tap, and the line at the top of the page’s area shows until the page has come', async ({
    page,
  }) => {
    await page.goto('/markets');
    await expect(page.getByTestId('market-list')).toBeVisible();
    const sheet = page.getByTestId('mobile-nav');
    await expectOpeningLine(page, '/venues', 'venue-table', async () => {
      await page.getByTestId('mobile-menu-button').tap();
      await sheet.getByRole('link', { name: 'Venues', exact: true }).tap();
      await expect(sheet).toHaveCount(0);
    });
    await expect(page).toHaveURL(/\/venues$/);
    // the account menu, too, closes at the tap on its link
    await page.goto('/markets');
    await expect(page.getByTestId('market-list')).toBeVisible();
    await expectOpeningLine(page, '/account', 'language-form', async () => {
      await page.getByTestId('account-menu-button').tap();
      await page
        .getByTestId('account-menu')
        .getByRole('menuitem', { name: /^Account/ })
        .tap();
    });
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`pages while they load pass axe (${colorScheme})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.emulateMedia({ colorScheme });
    const analyseSkeleton = async () => {
      await expect(skeletonOf(page)).toBeVisible();
      const result = await axeOn(page).include('main').analyze();
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual(
        [],
      );
      // the analysis ran on the skeleton: it is still there
      await expect(skeletonOf(page)).toBeVisible();
    };
    // Reached as staff reach them, by a click in the console, their answers held until axe is done
    // with each skeleton.
    await page.goto('/reservations?sort=date');
    const reservation = page.getByTestId('reservations-table').locator('a[href^="/reservations/"]').first();
    // the pointer comes to the row first, which fetches the record's loading state
    await prefetchedBy(page, recordPage, () => reservation.hover());
    await holdNavigation(page, (path) => searchPage(path) || recordPage(path));
    await test.step('a reservation', async () => {
      await reservation.click();
      await analyseSkeleton();
    });
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const link of PAGES.filter((p) => !('database' in p)).map((p) => p.link)) {
      await test.step(link, async () => {
        await nav.getByRole('link', { name: link, exact: true }).click();
        await analyseSkeleton();
      });
    }
  });
}

/**
 * A page that reads only the dashboard's own database (its copy of the directory, the team, the
 * activity log, the account, the day of service from the live copy)
 * has no loading state of its own, and no route-level one above it: React sends a Suspense
 * boundary's content hidden, for a script to swap in, once the page's first 12.8 kB are written
 * (facebook/react#35460), so a page under a `loading.tsx` would paint its skeleton first even when
 * its content is ready. Without JavaScript, as before any script has run, the browser shows the
 * content. Pages waiting for the API stream in behind their skeleton, as they should, and are not
 * checked here.
 */
test.describe('a page loaded in full, before any script runs', () => {
  test.use({ javaScriptEnabled: false });

  const LOADED = [
    { path: '/entities', heading: 'Brands & channels', content: 'entity-table' },
    { path: '/today', heading: 'Today', content: 'today-scope' },
    { path: '/team', heading: 'Team', content: 'team-table' },
    { path: '/activity', heading: 'Activity', content: 'activity-table' },
  ] as const;

  for (const { path, heading, content } of LOADED) {
    test(`${path} shows its content, not its skeleton`, async ({ page }) => {
      const answer = await page.goto(path);
      expect(answer?.status()).toBe(200);
      await expect(listOf(page, content)).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByTestId('page-skeleton')).toHaveCount(0);
      // nothing of the page waits in a hidden element for a script
      expect(await answer!.text()).not.toMatch(/<div hidden id="S:/);
    });
  }
});

test.afterEach(async () => {
  await controls.clearFaults();
});

// Last of the file: what it reads while the window is first copied is no other test's concern.
test('the overview comes from the dashboard’s copy: with the API slow, its heading, today and the next days show without waiting for it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // The overview's reads of reservations are searches, each as the sandbox logged it, for a failure to name.
  const reservationReads = async (mark: number) =>
    (await sandboxRequestsSince(request, mark))
      .filter((r) => r.method === 'GET' && r.path === '/v2/reservations')
      .map((r) => `${r.at} ${r.method} ${r.path}${r.query} context ${r.context ?? '-'} by ${r.user_agent ?? '-'}`);
  // In a fresh run the sync's first read of the window (its requests say "(sync)") may still be
  // to come; it is waited for in the sandbox's log, not by loading pages that would ask the API
  // meanwhile and spend the budget the other specs of this worker count on.
  await expect
    .poll(
      async () =>
        (await controls.requests()).some(
          (r) => r.user_agent?.endsWith('(sync)') && r.path === '/v2/reservations' && r.method === 'GET',
        ),
      { timeout: 80_000, intervals: [2_000] },
    )
    .toBe(true);
  await expect
    .poll(
      async () => {
        const mark = await sandboxRequestMark(request);
        await page.goto('/');
        await expect(page.getByTestId('today-block')).toBeVisible({ timeout: 30_000 });
        return (await reservationReads(mark)).length;
      },
      { timeout: 60_000, intervals: [5_000] },
    )
    .toBe(0);
  await page.goto('/markets');
  await expect(page.getByTestId('market-list')).toBeVisible();
  await controls.setFaults({ latency_ms: 3000 });
  const mark = await sandboxRequestMark(request);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  await expect(page.getByTestId('today-block')).toBeVisible();
  await expect(page.getByRole('heading', { name: /^Covers, next \d+ days$/ })).toBeVisible();
  await expect(page.getByTestId('attention')).toBeVisible();
  expect(await reservationReads(mark)).toEqual([]);
});
