import { expect, test, type APIRequestContext } from '@playwright/test';
import type { CommitmentRow, Reservation } from '../lib/guestbook/schemas';
import { defaultEntity, partner } from './demo-world';
import { STORAGE } from './env';
import { sandboxApi, sandboxRequestMark, sandboxRequestsSince } from './sandbox';

test.use({ storageState: STORAGE.viewer });

/** Every item of a /v2 list, read directly from the sandbox as the default entity. */
async function sandboxAll<T>(request: APIRequestContext, path: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const res = (await sandboxApi(request, `${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=100`, partner, defaultEntity)) as {
      data: T[];
      pagination: { total_pages: number };
    };
    items.push(...res.data);
    if (page >= res.pagination.total_pages) return items;
  }
}

/** What the overview may cost: the shell's reads and its own (README, Overview). */
const OVERVIEW_REQUESTS_PER_VIEW = 12;

test("the overview's figures are the sandbox's: today's reservations, covers and statuses, seats allocated per venue", async ({ page, request }) => {
  await page.goto('/');
  const today = (await page.getByTestId('overview-today').textContent())!;
  const todays = await sandboxAll<Reservation>(request, `/v2/reservations?date=${today}`);
  const kept = todays.filter((r) => r.status !== 'canceled');
  expect(kept.length, 'the demo world has reservations today').toBeGreaterThan(0);
  await expect(page.getByTestId('today-reservations')).toHaveText(String(kept.length));
  await expect(page.getByTestId('today-covers')).toHaveText(String(kept.reduce((n, r) => n + (r.party_size ?? 0), 0)));
  for (const status of new Set(todays.map((r) => r.status))) {
    await expect(page.getByTestId(`today-status-${status}`).getByTestId('count'), status).toHaveText(String(todays.filter((r) => r.status === status).length));
  }

  const rows = await sandboxAll<CommitmentRow>(request, '/v2/commitments?status=assigned');
  const byVenue = new Map<string, number>();
  for (const r of rows) byVenue.set(r.venue_id!, (byVenue.get(r.venue_id!) ?? 0) + (r.entity_seats ?? 0));
  expect(byVenue.size).toBeGreaterThan(0);
  for (const [venueId, seats] of byVenue) await expect(page.getByTestId(`allocation-venue-${venueId}`).getByTestId('allocated')).toHaveText(String(seats));

  // A figure is a link to the search that shows it in full, in the API's filter syntax.
  await page.getByTestId('today-reservations').click();
  await expect(page).toHaveURL(/\/reservations\?date=.*status%5Bneq%5D=canceled|\/reservations\?date=.*status\[neq\]=canceled/);
  await expect(page.getByTestId('result-count')).toHaveText(String(kept.length));
});

test(`one view of the overview costs at most ${OVERVIEW_REQUESTS_PER_VIEW} API requests`, async ({ page, request }) => {
  await page.goto('/');
  await expect(page.getByTestId('today-reservations')).toBeVisible();
  const mark = await sandboxRequestMark(request);
  await page.reload();
  await expect(page.getByTestId('today-reservations')).toBeVisible();
  const sent = (await sandboxRequestsSince(request, mark)).filter((r) => r.path.startsWith('/v2'));
  expect(sent.length, sent.map((r) => `${r.method} ${r.path}${r.query}`).join('\n')).toBeLessThanOrEqual(OVERVIEW_REQUESTS_PER_VIEW);
});
