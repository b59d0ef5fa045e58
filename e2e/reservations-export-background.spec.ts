import { readFileSync } from 'node:fs';

import { addDays } from '../lib/format/days';
import en from '../messages/en.json' with { type: 'json' };
import { buildActions } from './action-list';
import { defaultEntity, partner } from './demo-world';
import { DASHBOARD_URL } from './env';
import { unreadOnBell } from './inbox-steps';
import { resultsLive, shownResultCount } from './reservation-results';
import { controls, sandboxApi } from './sandbox';
import { callAction } from './server-actions';
import { newSignedInMember } from './staff';
import { expect, test, type APIRequestContext } from './test';

const START_EXPORT = 'lib/actions/exports.ts#startExportAction';

test('an export prepared in the background: the member leaves, the bell says when the file is ready, and it is the streamed export’s file; nobody else can download it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { page, context } = await newSignedInMember(browser, 'exporter');
  await page.goto('/reservations?status[in]=confirmed,pending&sort=-date');
  await resultsLive(page);
  const total = await shownResultCount(page);
  expect(total).toBeGreaterThan(100); // more than one API page
  // The same search streamed to the browser, to compare the prepared file with.
  const [streamed] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const streamedBytes = readFileSync((await streamed.path())!);

  await page.getByRole('button', { name: 'Prepare in the background' }).click();
  await expect(page.getByTestId('export-background')).toContainText(
    `Preparing ${total} reservations on the server: you can leave this page`,
  );
  // The member leaves at once; the bell on the next page hears of the file.
  await page.goto('/venues');
  await expect.poll(() => unreadOnBell(page), { timeout: 90_000, intervals: [1_000] }).toBeGreaterThan(0);
  await page.getByTestId('inbox-bell').click();
  const item = page
    .getByTestId('inbox-item')
    .filter({ hasText: `Your export of ${total} reservations is ready to download.` });
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('inbox-item-reason')).toHaveText('You started it');
  await item.getByRole('link', { name: 'Open your exports' }).click();

  await expect(page).toHaveURL(/\/reservations\/exports$/);
  const row = page.getByTestId('export-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('export-state')).toHaveText('Ready');
  await expect(row).toContainText('Status is any of confirmed, pending');
  const link = row.getByRole('link', { name: 'Download' });
  const href = (await link.getAttribute('href'))!;
  expect(href).toMatch(/^\/api\/exports\/[0-9a-f-]{36}$/);
  const [prepared] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(prepared.suggestedFilename()).toBe(streamed.suggestedFilename());
  expect(readFileSync((await prepared.path())!).equals(streamedBytes)).toBe(true);

  // Another member who learned the address asks for it 4 times at once, as their pages would: not found, each time.
  const other = await newSignedInMember(browser, 'snooper');
  const stolen = await Promise.all(
    Array.from({ length: 4 }, () =>
      other.context.request.get(`${DASHBOARD_URL}${href}`, {
        headers: { 'Sec-Fetch-Site': 'same-origin' },
        maxRedirects: 0,
      }),
    ),
  );
  for (const res of stolen) {
    expect(res.status()).toBe(404);
    expect(((await res.json()) as { error: string }).error).toBe(en.reservations.export.fileGone);
  }
  // The member's own cookie, sent by another site: refused before the file is read.
  for (const headers of <Record<string, string>[]>[
    { 'Sec-Fetch-Site': 'cross-site' },
    { Origin: 'https://evil.example' },
  ]) {
    const res = await context.request.get(`${DASHBOARD_URL}${href}`, { headers, maxRedirects: 0 });
    expect(res.status(), JSON.stringify(headers)).toBe(403);
    expect(await res.text()).not.toContain('guest_email');
  }
  await other.context.close();
  await context.close();
});

/**
 * The demo entity's reservations not canceled, from the first date on which an export may hold
 * them all (EXPORT_MAX_ROWS, 500 in playwright.config.ts): as many as can be, whatever the specs
 * run before in this worker booked.
 */
async function exportableSearch(request: APIRequestContext): Promise<{ query: string; total: number }> {
  const read = async (query: string) =>
    (await sandboxApi(request, `/v2/reservations?${query}`, partner, defaultEntity)) as {
      data: { date: string }[];
      pagination: { total_items: number };
    };
  const first = (await read('status[neq]=canceled&sort=date&limit=1')).data[0]!.date;
  for (let day = 0; ; day++) {
    const query = `status[neq]=canceled&date[gte]=${addDays(first, day)}`;
    const total = (await read(`${query}&limit=1`)).pagination.total_items;
    if (total <= 500) return { query, total };
  }
}

test('one export prepared at a time, and a search that cannot be exported is refused at once', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { page, context } = await newSignedInMember(browser, 'exporter2');
  const search = await exportableSearch(request);
  expect(search.total).toBeGreaterThan(300);
  await page.goto(`/reservations?${search.query}`);
  await resultsLive(page);
  expect(await shownResultCount(page)).toBeGreaterThan(300);
  await controls.setFaults({ latency_ms: 1_500 });
  try {
    const prepare = page.getByRole('button', { name: 'Prepare in the background' });
    await prepare.click();
    await expect(page.getByTestId('export-background')).toContainText('Preparing');
    await prepare.click();
    await expect(page.getByTestId('export-background')).toContainText(en.reservations.export.alreadyPreparing);
    // Its page counts the reservations written so far up while the pages are read.
    await page.goto('/reservations/exports');
    await expect(page.getByTestId('export-state')).toHaveText('Preparing');
    await expect(page.getByTestId('export-reservations')).toHaveText(/^[1-9][\d,]* of [\d,]+$/, { timeout: 20_000 });
  } finally {
    await controls.clearFaults();
  }
  const action = buildActions().find((a) => a.key === START_EXPORT)!;
  const answer = await callAction(context.request, action.path, action.id, [{ query: 'status[between]=confirmed' }]);
  expect(answer).toContain('This search cannot be exported:');

  // The first goes on to its end: the exports page follows it without a reload.
  await expect(page.getByTestId('export-row')).toHaveCount(1);
  await expect(page.getByTestId('export-state')).toHaveText('Ready', { timeout: 90_000 });
  await context.close();
});
