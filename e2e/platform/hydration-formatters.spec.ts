import { DEMO_PARTNER } from '../../lib/sandbox/seed/demo';
import { STORAGE } from '../env';
import { bookTomorrow, cancelOutside, unreadOnBell } from '../inbox-steps';
import { expect, test, type Page } from '../test';

/**
 * A console page's first load makes no Intl number or date formatter in the browser. The first one a
 * page makes loads the browser's locale data: 11–22 ms of main thread on a desktop, four times that
 * on a slow phone, in the middle of hydration. Dates and figures are formatted on the server, and a
 * message's count of zero reads as words (`=0`), so hydrating a page formats nothing with Intl.
 * The member has an unread notification first: the header's bell then counts it, in words the
 * server wrote.
 *
 * The account page is left out: it asks the browser for its own time zone, which only a formatter
 * can tell.
 */
test.use({ storageState: STORAGE.admin });

/** Counts, from the page's first script on, every Intl number or date formatter made and every locale-formatted number or date. */
const COUNT_FORMATTERS = `(() => {
  const made = [];
  window.__formattersMade = made;
  const watch = (owner, key, label, construct) => {
    const original = owner[key];
    const watched = function (...args) {
      made.push(label + ' ' + ((new Error().stack || '').split('\\n')[2] || '').trim());
      return construct ? new original(...args) : original.apply(this, args);
    };
    if (construct) {
      watched.prototype = original.prototype;
      Object.setPrototypeOf(watched, original);
    }
    owner[key] = watched;
  };
  watch(Intl, 'NumberFormat', 'Intl.NumberFormat', true);
  watch(Intl, 'DateTimeFormat', 'Intl.DateTimeFormat', true);
  watch(Number.prototype, 'toLocaleString', 'Number#toLocaleString', false);
  for (const key of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString'])
    watch(Date.prototype, key, 'Date#' + key, false);
})();`;

/** The formatters the page has made since its first script, once it is loaded and idle. */
async function formattersMade(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await page.locator('main [aria-busy="true"]').waitFor({ state: 'detached' });
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) =>
        requestIdleCallback(() => resolve((window as unknown as { __formattersMade: string[] }).__formattersMade)),
      ),
  );
}

/** The first row's link of a list page's table. */
async function firstDetail(page: Page, list: string, table: string, prefix: string): Promise<string> {
  await page.goto(list);
  const href = await page.getByTestId(table).locator(`a[href^="${prefix}"]`).first().getAttribute('href');
  expect(href, `a row of ${list} links to ${prefix}…`).toMatch(new RegExp(`^${prefix}[0-9a-f-]{36}$`));
  return href!;
}

test('no console page makes an Intl number or date formatter while it loads', async ({ page, request }) => {
  // Seventeen pages after the sync's turn: on a busy machine each load, to its idle, takes seconds.
  test.setTimeout(300_000);
  // An unread item in the bell: a guest's cancel of a reservation this member booked. Each look
  // loads the page again: the count the server writes is what this test is about, not the stream.
  const { id } = await bookTomorrow(page, request, 'Formatters');
  await cancelOutside(request, id);
  await expect
    .poll(
      async () => {
        await page.goto('/reservations');
        return unreadOnBell(page);
      },
      { timeout: 120_000, intervals: [3_000] },
    )
    .toBeGreaterThan(0);
  const paths = [
    '/',
    '/today',
    '/identity',
    '/delegates',
    await firstDetail(page, '/delegates', 'delegate-table', '/delegates/'),
    '/entities',
    `/entities/${DEMO_PARTNER.defaultEntityId}`,
    '/entities/new',
    '/venues',
    await firstDetail(page, '/venues', 'venue-table', '/venues/'),
    '/markets',
    '/reservations',
    await firstDetail(page, '/reservations', 'reservations-table', '/reservations/'),
    '/reservations/new',
    '/allocations',
    '/activity',
    '/team',
  ];
  await page.addInitScript(COUNT_FORMATTERS);
  const made: string[] = [];
  for (const path of paths) for (const call of await formattersMade(page, path)) made.push(`${path}: ${call}`);
  expect(made).toEqual([]);
});
