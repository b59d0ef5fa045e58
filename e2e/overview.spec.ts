import type { CommitmentRow, Entity, Reservation } from '../lib/guestbook/schemas';
import { defaultEntity, partner } from './demo-world';
import { STORAGE } from './env';
import { countText } from './reservation-results';
import { sandboxApi, sandboxQuietMark, sandboxRequestMark, sandboxRequestsSince } from './sandbox';
import { expect, test, type APIRequestContext } from './test';

test.use({ storageState: STORAGE.viewer });

/** Every item of a /v2 list, read directly from the sandbox as the default entity (or another). */
async function sandboxAll<T>(
  request: APIRequestContext,
  path: string,
  context: { orgId?: string | null; entityId?: string } = defaultEntity,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const res = (await sandboxApi(
      request,
      `${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=100`,
      partner,
      context,
    )) as {
      data: T[];
      pagination: { total_pages: number };
    };
    items.push(...res.data);
    if (page >= res.pagination.total_pages) return items;
  }
}

/** What the overview may cost: the shell's reads and its own (docs/architecture.md, The pages). */
const OVERVIEW_REQUESTS_PER_VIEW = 12;

test("the overview's figures are the sandbox's: today's reservations, covers and statuses, seats allocated per venue", async ({
  page,
  request,
}) => {
  await page.goto('/');
  const today = (await page.getByTestId('overview-today').getAttribute('datetime'))!;
  const todays = await sandboxAll<Reservation>(request, `/v2/reservations?date=${today}`);
  const kept = todays.filter((r) => r.status !== 'canceled');
  expect(kept.length, 'the demo world has reservations today').toBeGreaterThan(0);
  await expect(page.getByTestId('today-reservations')).toHaveText(String(kept.length));
  await expect(page.getByTestId('today-covers')).toHaveText(String(kept.reduce((n, r) => n + (r.party_size ?? 0), 0)));
  for (const status of new Set(todays.map((r) => r.status))) {
    await expect(page.getByTestId(`today-status-${status}`).getByTestId('count'), status).toHaveText(
      String(todays.filter((r) => r.status === status).length),
    );
  }

  const rows = await sandboxAll<CommitmentRow>(request, '/v2/commitments?status=assigned');
  const byVenue = new Map<string, number>();
  for (const r of rows) byVenue.set(r.venue_id!, (byVenue.get(r.venue_id!) ?? 0) + (r.entity_seats ?? 0));
  expect(byVenue.size).toBeGreaterThan(0);
  for (const [venueId, seats] of byVenue)
    await expect(page.getByTestId(`allocation-venue-${venueId}`).getByTestId('allocated')).toHaveText(String(seats));

  // A figure is a link to the search that shows it in full, in the API's filter syntax.
  await page.getByTestId('today-reservations').click();
  await expect(page).toHaveURL(
    /\/reservations\?date=.*status%5Bneq%5D=canceled|\/reservations\?date=.*status\[neq\]=canceled/,
  );
  await expect(page.getByTestId('result-count')).toHaveText(countText(kept.length));
});

test(`one view of the overview costs at most ${OVERVIEW_REQUESTS_PER_VIEW} API requests`, async ({ page, request }) => {
  await page.goto('/');
  await expect(page.getByTestId('today-reservations')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const mark = await sandboxQuietMark(request);
  await page.reload();
  await expect(page.getByTestId('today-reservations')).toBeVisible();
  // What the page does once idle counts too: a prefetch of each linked figure would be a search read.
  await page.waitForLoadState('networkidle');
  await sandboxQuietMark(request);
  const sent = (await sandboxRequestsSince(request, mark)).filter((r) => r.path.startsWith('/v2'));
  expect(sent.length, sent.map((r) => `${r.method} ${r.path}${r.query}`).join('\n')).toBeLessThanOrEqual(
    OVERVIEW_REQUESTS_PER_VIEW,
  );
});

/** What the whole-partner view may cost (docs/architecture.md, The pages): 3 shared lists and, per entity, its days' reservations (1–2 pages) and its commitments; 30 on the demo world's 9 entities. */
const partnerRequestsPerView = (entities: number) => 3 + 3 * entities;

test("for the whole partner, today's reservations, covers and statuses and the seats allocated per venue are every entity's added up", async ({
  page,
  request,
}) => {
  await page.goto('/?scope=partner');
  await expect(page.getByTestId('overview-scope')).toContainText('For the whole partner');
  const today = (await page.getByTestId('overview-today').getAttribute('datetime'))!;
  const entities = await sandboxAll<Entity>(request, '/v2/entities', {});
  expect(entities.length, 'the demo partner has several entities').toBeGreaterThan(1);
  const todays: Reservation[] = [];
  const byVenue = new Map<string, number>();
  for (const e of entities) {
    const context = { orgId: e.org_id, entityId: e.id };
    todays.push(...(await sandboxAll<Reservation>(request, `/v2/reservations?date=${today}`, context)));
    for (const r of await sandboxAll<CommitmentRow>(request, '/v2/commitments?status=assigned', context))
      byVenue.set(r.venue_id!, (byVenue.get(r.venue_id!) ?? 0) + (r.entity_seats ?? 0));
  }
  const kept = todays.filter((r) => r.status !== 'canceled');
  await expect(page.getByTestId('today-reservations')).toHaveText(String(kept.length));
  await expect(page.getByTestId('today-covers')).toHaveText(String(kept.reduce((n, r) => n + (r.party_size ?? 0), 0)));
  for (const status of new Set(todays.map((r) => r.status))) {
    await expect(page.getByTestId(`today-status-${status}`).getByTestId('count'), status).toHaveText(
      String(todays.filter((r) => r.status === status).length),
    );
  }
  for (const [venueId, seats] of byVenue)
    await expect(page.getByTestId(`allocation-venue-${venueId}`).getByTestId('allocated')).toHaveText(String(seats));
  // The selected entity's own view counts less than the whole partner.
  const entityView = await page.context().newPage();
  await entityView.goto('/');
  expect(Number(await entityView.getByTestId('today-reservations').textContent())).toBeLessThan(kept.length);
  await entityView.close();

  const mark = await sandboxRequestMark(request);
  await page.reload();
  await expect(page.getByTestId('today-reservations')).toBeVisible();
  const sent = (await sandboxRequestsSince(request, mark)).filter((r) => r.path.startsWith('/v2'));
  console.log(`whole-partner view: ${sent.length} API requests for ${entities.length} entities`);
  expect(sent.length, sent.map((r) => `${r.method} ${r.path}${r.query}`).join('\n')).toBeLessThanOrEqual(
    partnerRequestsPerView(entities.length),
  );
});
