import { readFileSync } from 'node:fs';

import { ACTIONS, buildActions } from './action-list';
import { DASHBOARD_URL, STORAGE } from './env';
import { postAction } from './server-actions';
import { addMember, signedInBrowser } from './staff';
import { expect, test } from './test';

/*
 * The activity log as an admin works through it: every row reached by paging, filters picked
 * from lists and a date range, and a CSV export holding exactly the rows the filters match.
 */

const PASSWORD = 'a long evening of audits';

test.use({ storageState: STORAGE.admin });
const ROWS = 210;

test('page through more than 200 rows of one member, filter by date range, and export exactly them', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  const email = `audited.viewer.${Date.now()}@demo.test`;
  await addMember(browser, { email, name: 'Audited Viewer', role: 'viewer', password: PASSWORD });
  const member = await signedInBrowser(browser, email, PASSWORD);
  await expect(member.page).toHaveURL(/\/$/);
  const context = member.context;

  // 210 actions this viewer may not take, sent as a script would: each refusal is an audit row.
  const key = 'lib/actions/booking.ts#releaseHoldAction';
  const release = buildActions().find((a) => a.key === key)!;
  for (let sent = 0; sent < ROWS; sent += 70)
    await Promise.all(
      Array.from({ length: 70 }, () =>
        postAction(context.request, `${DASHBOARD_URL}${release.path}`, release.id, [ACTIONS[key]!.input()]).then(
          async (r) => expect(await r.text()).toContain('This needs the Operator role'),
        ),
      ),
    );

  // The member and the action are picked from the filters' lists; the range is today (UTC).
  const today = new Date().toISOString().slice(0, 10);
  await page.goto('/activity');
  await page.getByLabel('Member').selectOption(email);
  await page.getByLabel('Action').selectOption('release-hold');
  await page.getByLabel('From (UTC)').fill(today);
  await page.getByLabel('To (UTC)').fill(today);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/staff=.*action=release-hold.*from=.*to=/);

  const rows = page.getByTestId('activity-row');
  const sizes: number[] = [];
  for (;;) {
    await expect(rows.first()).toBeVisible();
    const times = await rows.locator('time').evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime')!));
    // The text shown (on a phone a cell also holds its column's name, hidden on wider screens).
    const who = await rows.locator('td:nth-child(2)').allInnerTexts();
    expect(new Set(who)).toEqual(new Set([email]));
    sizes.push(times.length);
    const older = page.getByTestId('activity-older');
    if ((await older.count()) === 0) break;
    const href = (await older.getAttribute('href'))!;
    await older.click();
    await expect(page).toHaveURL(`${DASHBOARD_URL}${href}`);
    await expect(page.getByTestId('activity-page-info')).toContainText('older than the page before');
    if (sizes.length > 10) throw new Error('paging does not end');
  }
  expect(sizes).toEqual([50, 50, 50, 50, 10]);

  // Another day holds none of them.
  await page.goto(`/activity?staff=${encodeURIComponent(email)}&action=release-hold&from=2020-01-01&to=2020-01-31`);
  await expect(page.getByTestId('activity-empty')).toBeVisible();
  // said once, by the table: no "No rows" line under it
  await expect(page.getByTestId('activity-page-info')).toHaveCount(0);

  // The export of today's filters holds exactly the 210 rows.
  await page.goto(`/activity?staff=${encodeURIComponent(email)}&action=release-hold&from=${today}&to=${today}`);
  const downloading = page.waitForEvent('download');
  await page.getByTestId('activity-export').click();
  const csv = readFileSync((await (await downloading).path())!, 'utf8')
    .trimEnd()
    .split('\r\n');
  expect(csv[0]).toBe(
    '\uFEFFat,staff,action,result,resource_type,resource_id,entity_id,message,before,after,times,last_at',
  );
  const lines = csv.slice(1);
  expect(lines).toHaveLength(ROWS);
  expect(new Set(lines.map((l) => l.split(',').slice(1, 3).join(',')))).toEqual(new Set([`${email},release-hold`]));
  expect(new Set(lines.map((l) => l.split(',')[0]!.slice(0, 10)))).toEqual(new Set([today]));

  // The export itself is in the log, with the filters and the rows sent.
  await page.goto('/activity?action=export-activity');
  await expect(rows.first()).toContainText(email);
  await expect(rows.first().getByTestId('activity-changes')).toContainText(/Rows exported:\s*210/);
  await context.close();
});
