import { expect, test } from '@playwright/test';

import { DEMO_DELEGATES, DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { STORAGE } from './env';
import { sandboxApi } from './sandbox';

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
  await expect(page.getByTestId('result-count')).toHaveText(String(await total({ orgId: 'org_harbour_vine_direct' })));

  // The page in the new entity comes with the switch's own answer (its action sets the cookie, and
  // Next renders the page anew in that answer): the server renders it once, not again on a refresh.
  const renders: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/reservations') renders.push(r.headers()['next-action'] ? 'switch' : 'render');
  });
  const tablefinder = DEMO_DELEGATES[0]!;
  await page.getByLabel('Brand or channel').selectOption(tablefinder.entityId);
  await expect(page.getByTestId('result-count')).toHaveText(String(await total({ orgId: tablefinder.orgId })));
  expect(decodeURIComponent(page.url())).toContain(query);
  await page.waitForLoadState('networkidle');
  expect(renders).toEqual(['switch']);

  const legacy = DEMO_DELEGATES.find((d) => !d.orgId && !d.suspended)!;
  await page.getByLabel('Brand or channel').selectOption(legacy.entityId);
  await expect(page.getByTestId('result-count')).toHaveText(String(await total({ entityId: legacy.entityId })));
  await expect(page.getByTestId('legacy-context')).toBeVisible();
});
