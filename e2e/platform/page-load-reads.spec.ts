import { STORAGE } from '../env';
import { expect, test, type Request } from '../test';

/*
 * A console page comes with everything its header shows: the bell's figure, the request budget and
 * the member's bulk actions are read with the layout, from the dashboard's database. As the page
 * loads, the header asks the dashboard for nothing; Today and the overview, read from the live copy,
 * ask for nothing but the event stream that keeps them live.
 */

test.use({ storageState: STORAGE.operator });

/** A read of the browser's own: a GET of an /api route. */
const isRead = (r: Request) => r.method() === 'GET' && new URL(r.url()).pathname.startsWith('/api/');

/** What the header would read for itself. */
const HEADER_READS = ['/api/notifications/unread', '/api/request-budget', '/api/bulk-jobs'];

for (const { path, own } of [
  { path: '/today', own: [] },
  { path: '/', own: [] },
  // the search reads its next page ahead; the grid asks who else is on it
  { path: '/reservations', own: ['/api/reservations/search'] },
  { path: '/allocations', own: ['/api/presence'] },
]) {
  test(`${path} loads with its header's figures and no read of the header's own`, async ({ page }) => {
    const reads: string[] = [];
    page.on('request', (r) => {
      if (isRead(r)) reads.push(new URL(r.url()).pathname);
    });
    await page.goto(path);
    await expect(page.getByTestId('inbox-bell')).toBeVisible();
    await expect(page.getByTestId('rate-limit')).toBeAttached();
    await page.waitForLoadState('networkidle');
    // the toasts' live region comes once the browser is idle, with no read either
    await expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached();
    expect(reads.filter((p) => HEADER_READS.includes(p))).toEqual([]);
    expect([...new Set(reads)].sort()).toEqual(['/api/events', ...own].sort());
  });
}
