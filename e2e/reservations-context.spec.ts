import { DEMO_DELEGATES, DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { STORAGE } from './env';
import { countText } from './reservation-results';
import { sandboxApi, sandboxQuietMark, sandboxRequestsSince, upcomingConfirmed } from './sandbox';
import { expect, test } from './test';

test.use({ storageState: STORAGE.viewer });

const partner = { clientId: DEMO_PARTNER.clientId, clientSecret: DEMO_PARTNER.clientSecret };

test('switching entity keeps the search and reads it in the new entity’s context', async ({ page, request }) => {
  const query = 'status[in]=confirmed,pending&party_size[gte]=3';
  const total = async (context: { orgId?: string | null; entityId?: string }) =>
    (
      (await sandboxApi(request, `/v2/reservations?${query}&limit=1`, partner, context)) as {
        pagination: { total_items: number };
      }
    ).pagination.total_items;

  await page.goto(`/reservations?${query}`);
  await expect(page.getByTestId('result-count')).toHaveText(
    countText(await total({ orgId: 'org_harbour_vine_direct' })),
  );

  // The page in the new entity comes with the switch's own answer (its action sets the cookie, and
  // Next renders the page anew in that answer): the server renders it once, not again on a refresh.
  const renders: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/reservations') renders.push(r.headers()['next-action'] ? 'switch' : 'render');
  });
  const tablefinder = DEMO_DELEGATES[0]!;
  await page.getByLabel('Brand or channel').selectOption(tablefinder.entityId);
  await expect(page.getByTestId('result-count')).toHaveText(countText(await total({ orgId: tablefinder.orgId })));
  expect(decodeURIComponent(page.url())).toContain(query);
  await page.waitForLoadState('networkidle');
  expect(renders).toEqual(['switch']);

  const legacy = DEMO_DELEGATES.find((d) => !d.orgId && !d.suspended)!;
  await page.getByLabel('Brand or channel').selectOption(legacy.entityId);
  await expect(page.getByTestId('result-count')).toHaveText(countText(await total({ entityId: legacy.entityId })));
  await expect(page.getByTestId('legacy-context')).toBeVisible();
});

test('a reservation of another brand or channel says where it is, without asking the API, and its switch shows it', async ({
  page,
  request,
}) => {
  const [reservation] = await upcomingConfirmed(request, 1);
  const switcher = page.getByLabel('Brand or channel');
  await page.goto('/reservations');
  const holder = (await switcher.locator(`option[value="${DEMO_PARTNER.defaultEntityId}"]`).textContent())!;
  await switcher.selectOption(DEMO_DELEGATES[0]!.entityId);
  await expect(switcher).toHaveValue(DEMO_DELEGATES[0]!.entityId);

  const mark = await sandboxQuietMark(request);
  const notice = page.getByTestId('reservation-elsewhere');
  // the entities' books are read by the sync when the dashboard starts
  await expect(async () => {
    await page.goto(`/reservations/${reservation!.id}`);
    await expect(notice).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(notice).toContainText(`This reservation is with ${holder}`);
  const asked = (await sandboxRequestsSince(request, mark)).filter((r) => r.path.includes(reservation!.id));
  expect(asked).toEqual([]);

  await page.getByTestId('switch-to-holder').click();
  await expect(page.getByTestId('reservation-guest')).toBeVisible();
  await expect(switcher).toHaveValue(DEMO_PARTNER.defaultEntityId);
  await expect(notice).toHaveCount(0);
});

test('a switch shows the opening line at the top of the page’s area until the page in the new brand or channel has come', async ({
  page,
}) => {
  await page.goto('/reservations?status[in]=confirmed');
  await expect(page.getByTestId('result-count')).toBeVisible();
  const opening = page.locator('main').getByTestId('page-opening');
  await expect(opening).toHaveCount(0);
  // The switch's answer (the page in the new entity) held until released.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/reservations*', async (route) => {
    if (route.request().headers()['next-action']) await released;
    await route.fallback();
  });
  const tablefinder = DEMO_DELEGATES[0]!;
  await page.getByLabel('Brand or channel').selectOption(tablefinder.entityId);
  await expect(opening).toBeVisible();
  await expect(page.getByTestId('result-count')).toBeVisible();
  release();
  await expect(opening).toHaveCount(0);
  await expect(page.getByLabel('Brand or channel')).toHaveValue(tablefinder.entityId);
  await expect(page.getByLabel('Brand or channel')).toBeEnabled();
});
