import { readFileSync } from 'node:fs';

import { defaultEntity, partner, today } from './demo-world';
import { STORAGE } from './env';
import { openSearch } from './reservation-results';
import { controls, sandboxApi, sandboxControl, sandboxSend, type SandboxReservation } from './sandbox';
import { expect, test, type APIRequestContext } from './test';

/*
 * Reservations canceled together: rows picked on the search's page, one confirmation that names
 * how many and the guests to be e-mailed, then each canceled through the same guarded action as
 * one alone. A row the API refuses is reported by name with the API's reason; the others are done.
 */

test.use({ storageState: STORAGE.operator });

const read = async (request: APIRequestContext, id: string) =>
  ((await sandboxApi(request, `/v2/reservations/${id}`, partner, defaultEntity)) as { data: SandboxReservation }).data;

test('select four reservations and cancel them in one confirmation: three are canceled and e-mailed, the fourth, canceled elsewhere meanwhile, is reported by name', async ({
  page,
  request,
}) => {
  // The latest confirmed reservations: far from those other specs take from the start of the list.
  const search = `status=confirmed&date%5Bgte%5D=${today()}&sort=-date`;
  await page.goto(`/reservations?${search}`);
  const rows = page.locator('[data-testid^="reservation-row-"]');
  await expect(rows.first()).toBeVisible();
  const ids: string[] = [];
  for (let i = 0; i < 4; i++) {
    const row = rows.nth(i);
    ids.push((await row.getAttribute('data-testid'))!.replace('reservation-row-', ''));
    await row.getByRole('checkbox').check();
  }
  const before = await Promise.all(ids.map((id) => read(request, id)));
  expect(before.map((r) => r.status)).toEqual(['confirmed', 'confirmed', 'confirmed', 'confirmed']);

  // Meanwhile the fourth is canceled through another channel of the partner.
  const elsewhere = await sandboxSend(request, 'POST', `/v2/reservations/${ids[3]}/cancel`, partner, defaultEntity);
  expect(elsewhere.status).toBe(200);

  await page.getByTestId('bulk-cancel').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: 'Cancel 4 reservations?' })).toBeVisible();
  for (const r of before) await expect(dialog.getByTestId('bulk-cancel-confirmation')).toContainText(r.guest.email);
  await dialog.getByRole('button', { name: 'Yes, cancel 4' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  const report = page.getByTestId('bulk-report');
  await expect(report).toContainText('3 of 4 canceled.');
  const name = (r: SandboxReservation) => `${r.guest.first_name} ${r.guest.last_name}`;
  for (const r of before.slice(0, 3))
    await expect(report.getByTestId(`bulk-result-${r.id}`)).toHaveText(`${name(r)}: canceled`);
  await expect(report.getByTestId(`bulk-result-${ids[3]}`)).toContainText(`${name(before[3]!)}: refused: `);
  await expect(report.getByTestId(`bulk-result-${ids[3]}`)).toContainText(/cancel/i);

  // The sandbox holds four cancellations: three by the dashboard, each with its e-mail.
  const after = await Promise.all(ids.map((id) => read(request, id)));
  expect(after.map((r) => r.status)).toEqual(['canceled', 'canceled', 'canceled', 'canceled']);
  const outbox = (await sandboxControl(request, 'GET', '/_sandbox/outbox')) as {
    data: { kind: string; reservation_id: string }[];
  };
  const mails = outbox.data.filter((m) => m.kind === 'cancellation' && ids.slice(0, 3).includes(m.reservation_id));
  expect(mails).toHaveLength(3);

  // Ended part-way: the member who started it has an inbox item saying so, linked to the reservations.
  const item = page.getByTestId('inbox-item').filter({ hasText: 'Your bulk cancel ended part-way: 3 of 4' });
  await expect(async () => {
    await page.goto('/inbox');
    await expect(item).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(item.getByTestId('inbox-item-what')).toHaveText(
    'Your bulk cancel ended part-way: 3 of 4 reservations canceled; the others were refused or not tried.',
  );
  await expect(item.getByTestId('inbox-item-reason')).toHaveText('You started it');
  await expect(item.getByRole('link', { name: 'Open reservations' })).toHaveAttribute('href', '/reservations');

  // One audit row each for the three, and the refusal of the fourth.
  await page.goto('/activity?action=cancel-reservation&staff=operator%40demo.test');
  for (const id of ids.slice(0, 3))
    await expect(page.getByTestId('activity-row').filter({ has: page.locator(`[data-record="${id}"]`) })).toHaveCount(
      1,
    );
  await expect(
    page.getByTestId('activity-row').filter({ has: page.locator(`[data-record="${ids[3]!}"]`) }),
  ).toContainText(/failed/i);
});

test('every reservation matching a search, across its pages, is canceled by a job on the server: it finishes after the tab that started it closed, and its outcome shows in a second browser', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // The latest confirmed reservations, from a day that leaves more than a page of them.
  const latest = (await sandboxApi(
    request,
    '/v2/reservations?status=confirmed&sort=-date&limit=100',
    partner,
    defaultEntity,
  )) as {
    data: SandboxReservation[];
  };
  const day = latest.data[29]!.date;
  const count = async () =>
    (
      (await sandboxApi(
        request,
        `/v2/reservations?status=confirmed&date[gte]=${day}&limit=1`,
        partner,
        defaultEntity,
      )) as {
        pagination: { total_items: number };
      }
    ).pagination.total_items;
  const total = await count();
  expect(total).toBeGreaterThanOrEqual(30);
  expect(total).toBeLessThanOrEqual(100);

  await page.goto(`/reservations?status=confirmed&date%5Bgte%5D=${day}`);
  await expect(page.locator('[data-testid^="reservation-row-"]')).toHaveCount(25);
  await page.getByRole('checkbox', { name: /^Select every row of this page/ }).check();
  const all = page.getByTestId('select-all-matching');
  await expect(all).toContainText('All 25 on this page are selected.');
  await all.getByRole('button', { name: `Select all ${total} matching this search` }).click();
  await expect(all).toContainText(`All ${total} reservations matching this search are selected`);

  await page.getByTestId('bulk-cancel').click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: `Cancel ${total} reservations?` })).toBeVisible();
  await expect(dialog).toContainText('It goes on if you leave this page or close the tab');
  // Guest Book slowed down, so that the job is still running when its tab closes.
  await controls.setFaults({ latency_ms: 150 });
  try {
    await dialog.getByRole('button', { name: `Yes, cancel ${total}` }).click();
    await expect(page.getByTestId('bulk-jobs')).toHaveAttribute('data-state', 'running');
    await page.close();
    expect(await count()).toBeGreaterThan(0);

    // Another browser of the same member: the header shows the job's progress, then its outcome.
    const second = await browser.newContext({ storageState: STORAGE.operator });
    const other = await second.newPage();
    await other.goto('/');
    const indicator = other.getByTestId('bulk-jobs');
    await expect(indicator).toHaveAttribute('data-state', 'finished', { timeout: 60_000 });
    await indicator.click();
    const outcome = other.getByTestId('bulk-job');
    await expect(outcome.getByTestId('bulk-report')).toContainText(`${total} of ${total} canceled.`);
    expect(await count()).toBe(0);
    // Closed there, it is gone from every page of the member.
    await outcome.getByTestId('bulk-report').getByRole('button', { name: 'Close', exact: true }).click();
    await expect(outcome).toBeHidden();
    await other.reload();
    await expect(other.getByTestId('inbox-bell')).toBeVisible();
    await expect(other.getByTestId('bulk-jobs')).toHaveCount(0);
    await second.close();
  } finally {
    await controls.clearFaults();
  }
});

test('the rows selected export alone, as the search exports them', async ({ page }) => {
  // after this worker's exports and bulk cancels, the minute's budget may be spent for a few seconds
  await openSearch(page, '/reservations?status=pending&sort=date');
  const rows = page.locator('[data-testid^="reservation-row-"]');
  await expect(rows.nth(2)).toBeVisible();
  const ids: string[] = [];
  for (const i of [0, 2]) {
    ids.push((await rows.nth(i).getAttribute('data-testid'))!.replace('reservation-row-', ''));
    await rows.nth(i).getByRole('checkbox').check();
  }
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export 2 selected' }).click(),
  ]);
  const lines = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split('\r\n');
  expect(lines[0]).toMatch(/^id,status,date,/);
  expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(ids);
  await expect(page.getByTestId('export-status')).toHaveText('Exported 2 reservations.');
});

test('a viewer sees no selection and no bulk cancel', async ({ browser }) => {
  const context = await browser.newContext({ storageState: STORAGE.viewer });
  const page = await context.newPage();
  await page.goto(`/reservations?status=confirmed`);
  await expect(page.locator('[data-testid^="reservation-row-"]').first()).toBeVisible();
  await expect(page.getByTestId('reservations-table').getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByTestId('bulk-cancel')).toHaveCount(0);
  await context.close();
});
