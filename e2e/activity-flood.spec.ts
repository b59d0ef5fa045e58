import { DEMO_ACCOUNTS } from '../lib/server/auth/demo-accounts';
import { attemptsOf } from './activity-rows';
import { DASHBOARD_URL, STORAGE } from './env';
import { csrfFor, httpSignIn } from './http-sign-in';
import { expect, test } from './test';

/*
 * The activity log against a flood of refused sign-ins, sent as a script would: at once, from
 * one address, with invented e-mails and a spoofed X-Forwarded-For on every request. The log
 * keeps one row for each refusal alike from that address (a quarter of an hour each), counting
 * the attempts; the admin's Activity page shows the changes apart from the sign-ins, and its
 * member filter names no invented address.
 */

const viewer = DEMO_ACCOUNTS.find((a) => a.role === 'viewer')!;
const FLOOD = 150;

test(`${FLOOD} refused sign-ins at once from one address are a few rows of the log, counting every attempt`, async ({
  browser,
}) => {
  const attacker = '127.0.7.1';
  const stamp = Date.now();
  const csrf = await csrfFor(attacker);
  const answers = await Promise.all(
    Array.from({ length: FLOOD }, (_, i) =>
      httpSignIn(i % 5 ? `flood.${stamp}.${i}@invented.test` : viewer.email, `wrong password ${i}`, {
        csrf,
        localAddress: attacker,
        headers: { 'X-Forwarded-For': `198.51.100.${i % 250}` },
      }),
    ),
  );
  expect(answers.filter((a) => a.error === null)).toEqual([]);

  const admin = await browser.newContext({ storageState: STORAGE.admin });
  const csv = await (
    await admin.request.get(`${DASHBOARD_URL}/api/activity/export?action=sign-in&result=refused`, {
      headers: { 'Sec-Fetch-Site': 'same-origin' },
    })
  ).text();
  const [header, ...lines] = csv.trimEnd().split('\r\n');
  const times = header!.split(',').indexOf('times');
  const flood = lines.filter((l) => l.includes(`password from ${attacker}`));
  // Two accounts named (the viewer's, and "unknown account" for every invented e-mail), each
  // refused for one of three reasons (invalid, paused, throttled): at most six rows, twelve
  // should the quarter of an hour turn during the flood.
  expect(flood.length).toBeGreaterThanOrEqual(2);
  expect(flood.length).toBeLessThanOrEqual(12);
  expect(flood.reduce((n, l) => n + Number(l.split(',')[times]), 0)).toBe(FLOOD);
  expect(csv).not.toContain('@invented.test');

  // The admin's Activity page: the changes by default, none of the flood among them.
  const page = await admin.newPage();
  await page.goto('/activity?limit=200');
  await expect(page.getByLabel('Show')).toHaveValue('changes');
  const rows = page.getByTestId('activity-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.filter({ hasText: `from ${attacker}` })).toHaveCount(0);
  await expect(page.getByLabel('Action').locator('option', { hasText: /^Signed in$/ })).toHaveCount(0);
  // The sign-ins, apart: the flood's rows, each with its count.
  await page.getByLabel('Show').selectOption('sign-ins');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/kind=sign-ins/);
  const floodRows = rows.filter({ hasText: `from ${attacker}` });
  await expect(floodRows.first()).toBeVisible();
  expect(await attemptsOf(floodRows)).toBe(FLOOD);
  await expect(floodRows.filter({ hasText: /\d+ attempts, last:/ }).first()).toBeVisible();
  // The member filter lists accounts, never what was typed as one.
  const members = await page.getByLabel('Member').locator('option').allTextContents();
  expect(members).toContain('An unknown account');
  expect(members).not.toContain('unknown account');
  expect(members.filter((m) => m.includes('@invented.test'))).toEqual([]);
  await admin.close();
});
