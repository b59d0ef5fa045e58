import { readFileSync } from 'node:fs';

import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { STORAGE } from './env';
import { resultsLive, shownResultCount } from './reservation-results';
import { controls, sandboxApi, sandboxRequestMark, sandboxRequestsSince } from './sandbox';
import { expect, test, type APIRequestContext } from './test';

test.use({ storageState: STORAGE.viewer });

const partner = { clientId: DEMO_PARTNER.clientId, clientSecret: DEMO_PARTNER.clientSecret };
const direct = { orgId: 'org_harbour_vine_direct' };

async function allIds(request: APIRequestContext, query: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const res = (await sandboxApi(request, `/v2/reservations?${query}&limit=100&page=${page}`, partner, direct)) as {
      data: { id: string }[];
      pagination: { total_pages: number };
    };
    ids.push(...res.data.map((r) => r.id));
    if (page >= res.pagination.total_pages) return ids;
  }
}

test('exports every page of the current search as CSV, in the search order', async ({ page, request }) => {
  const query = 'status[in]=confirmed,pending&sort=-date';
  await page.goto(`/reservations?${query}`);
  await resultsLive(page);
  const total = await shownResultCount(page);
  expect(total).toBeGreaterThan(100); // more than one API page
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^reservations-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = readFileSync((await download.path())!);
  // The mark that tells a spreadsheet the file is UTF-8 (EF BB BF), then the header: in English,
  // separated by commas.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'id,status,date,time,party_size,guest_first_name,guest_last_name,guest_email,guest_phone,venue,venue_id,program_id,locale,notes,created_at,canceled_at',
  );
  expect(lines.length - 1).toBe(total);
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(await allIds(request, query));
  await expect(page.getByTestId('export-status')).toHaveText(`Exported ${total} reservations.`);
});

test('cancelling an export stops reading pages and saves nothing', async ({ page, request }) => {
  // A search of several pages, however many reservations other specs cancel meanwhile.
  await page.goto('/reservations?status[neq]=canceled');
  await resultsLive(page);
  const total = await shownResultCount(page);
  const pages = Math.ceil(total / 100);
  expect(pages).toBeGreaterThanOrEqual(4);
  await controls.setFaults({ latency_ms: 700 });
  try {
    let downloaded = false;
    page.on('download', () => (downloaded = true));
    const mark = await sandboxRequestMark(request);
    await page.getByRole('button', { name: 'Export CSV' }).click();
    await expect(page.getByTestId('export-progress')).toHaveText(new RegExp(`^[1-9]\\d* of ${total}$`), {
      timeout: 15_000,
    });
    await page.getByRole('button', { name: 'Cancel export' }).click();
    await expect(page.getByTestId('export-status')).toContainText('Export cancelled');
    await page.waitForTimeout(2_500);
    // The pages of the export (limit=100): not the one-row read of the total it may make first.
    const read = (await sandboxRequestsSince(request, mark)).filter(
      (r) => r.path === '/v2/reservations' && new URLSearchParams(r.query).get('limit') === '100',
    );
    expect(read.length).toBeLessThan(pages);
    expect(downloaded).toBe(false);
  } finally {
    await controls.clearFaults();
  }
});

test('an export of a malformed search is refused with the reason, and a column hidden stays hidden', async ({
  page,
}) => {
  const res = await page.request.get('/api/reservations/export?date[gte]=2026-13-45');
  expect(res.status()).toBe(422);
  expect(((await res.json()) as { error: string }).error).toContain('date');

  await page.goto('/reservations');

  // The search's paging loads over the server's render and reads the next page ahead: let it settle.

  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('columnheader', { name: 'Language' })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  const locale = page.getByRole('menuitemcheckbox', { name: 'Language' });
  await expect(locale).toHaveAttribute('aria-checked', 'true');
  await locale.click();
  await expect(locale).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('columnheader', { name: 'Language' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('columnheader', { name: 'Guest' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Language' })).toHaveCount(0);
});
