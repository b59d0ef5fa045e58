import { readFileSync } from 'node:fs';

import { SHARED_ACTIVITY_ACTIONS } from '../lib/activity/visibility';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../lib/server/auth/demo-accounts';
import { ACTIONS, buildActions } from './action-list';
import { DASHBOARD_URL, STORAGE, WORKER, workerServers } from './env';
import { csrfFor, httpSignIn } from './http-sign-in';
import { postAction } from './server-actions';
import { expect, test, type APIRequestContext } from './test';

/*
 * Who reads the activity log, asked as a viewer's script would: whatever filters, paging or page
 * size it sends, a viewer's session reads the changes to reservations and entities, never a
 * sign-in, a team change, a saved view or an export. And a refused sign-in never keeps what was
 * typed as the identifier: a password typed into the e-mail field is in no audit row and no log line.
 */

const viewer = DEMO_ACCOUNTS.find((a) => a.role === 'viewer')!;
const admin = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;

/** The actions of the rows a page of the Activity log hands its table (the rows travel in the page's payload). */
function rowActions(html: string): string[] {
  return [...html.matchAll(/staffEmail\\?":\\?"[^"\\]*\\?",\\?"action\\?":\\?"([a-z0-9-]+)/g)].map((m) => m[1]!);
}

async function call(request: APIRequestContext, key: string, input: unknown) {
  const action = buildActions().find((a) => a.key === key)!;
  return postAction(request, `${DASHBOARD_URL}${action.path}`, action.id, [input]);
}

test('a viewer reads only the changes to reservations and entities, whatever the filters ask', async ({ browser }) => {
  const viewerContext = await browser.newContext({ storageState: STORAGE.viewer });
  const adminContext = await browser.newContext({ storageState: STORAGE.admin });
  // Rows of every kind: sign-ins (of the admin, and refused), the admin's private saved view and
  // a team change, and a reservation change (the viewer's refused release of a hold).
  const csrf = await csrfFor('127.0.0.43');
  expect((await httpSignIn(admin.email, DEMO_PASSWORD, { csrf, localAddress: '127.0.0.43' })).error).toBeNull();
  expect((await httpSignIn(admin.email, 'not the password', { csrf, localAddress: '127.0.0.43' })).error).toBe(
    'invalid',
  );
  const view = ACTIONS['lib/actions/views.ts#saveViewAction']!.input() as { name: string };
  expect((await call(adminContext.request, 'lib/actions/views.ts#saveViewAction', view)).status()).toBe(200);
  const policy = ACTIONS['lib/actions/team.ts#setTwoStepPolicyAction']!.input();
  expect((await call(adminContext.request, 'lib/actions/team.ts#setTwoStepPolicyAction', policy)).status()).toBe(200);
  const release = ACTIONS['lib/actions/booking.ts#releaseHoldAction']!.input();
  await call(viewerContext.request, 'lib/actions/booking.ts#releaseHoldAction', release);

  // The admin reads them all (the sign-ins apart from the changes, or with them).
  const adminPage = await (await adminContext.request.get(`${DASHBOARD_URL}/activity?kind=all&limit=200`)).text();
  for (const action of ['sign-in', 'save-view', 'set-two-step-policy', 'release-hold'])
    expect(rowActions(adminPage)).toContain(action);

  for (const query of [
    '',
    '?limit=200',
    '?kind=sign-ins&limit=200',
    '?kind=all&limit=200',
    '?action=sign-in',
    '?action=save-view',
    '?action=set-two-step-policy',
    `?staff=${encodeURIComponent(admin.email)}`,
    '?staff=unknown%20account',
    '?result=refused&limit=200',
    '?cursor=2999-01-01T00:00:00.000Z_ffffffff-ffff-4fff-bfff-ffffffffffff&limit=200',
  ]) {
    const res = await viewerContext.request.get(`${DASHBOARD_URL}/activity${query}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    const actions = rowActions(html);
    expect(
      actions.filter((a) => !SHARED_ACTIVITY_ACTIONS.includes(a)),
      `rows of /activity${query}`,
    ).toEqual([]);
    // Nor in the filters' lists, nor as a sign-in's message (the address it came from).
    for (const hidden of [
      'value="save-view"',
      'value="sign-in"',
      '>Saved a view of the reservations<',
      '>Signed in<',
      '127.0.0.43',
      view.name,
    ])
      expect(html.includes(hidden), `${hidden} in /activity${query}`).toBe(false);
    if (query === '' || query === '?limit=200') expect(actions).toContain('release-hold');
  }
  // The export stays the admins'.
  const exported = await viewerContext.request.get(`${DASHBOARD_URL}/api/activity/export?action=sign-in`, {
    headers: { 'Sec-Fetch-Site': 'same-origin' },
  });
  expect(exported.status()).toBe(403);
  await viewerContext.close();
  await adminContext.close();
});

test('a password typed into the e-mail field is kept nowhere: the refusal names "unknown account"', async ({
  browser,
}) => {
  const typed = `Velvet-Harbour-${Date.now()}-Lantern`;
  const csrf = await csrfFor('127.0.0.44');
  expect((await httpSignIn(typed, viewer.email, { csrf, localAddress: '127.0.0.44' })).error).toBe('invalid');
  // A known account typed in capitals is named as the account.
  expect((await httpSignIn(viewer.email.toUpperCase(), 'wrong', { csrf, localAddress: '127.0.0.44' })).error).toBe(
    'invalid',
  );

  const adminContext = await browser.newContext({ storageState: STORAGE.admin });
  const csv = await (
    await adminContext.request.get(`${DASHBOARD_URL}/api/activity/export?action=sign-in`, {
      headers: { 'Sec-Fetch-Site': 'same-origin' },
    })
  ).text();
  await adminContext.close();
  const rows = csv.split('\r\n').filter((r) => r.includes('password from 127.0.0.44'));
  expect(rows).toHaveLength(2);
  expect(rows.some((r) => r.includes(',unknown account,sign-in,refused,'))).toBe(true);
  expect(rows.some((r) => r.includes(`,${viewer.email},sign-in,refused,`))).toBe(true);
  expect(csv.toLowerCase()).not.toContain(typed.toLowerCase());

  // Nor in the server's JSON log: its refusal line is there, naming no one.
  const log = () => readFileSync(workerServers(WORKER).log, 'utf8');
  await expect.poll(() => log().includes('"address":"127.0.0.44"')).toBe(true);
  expect(log().toLowerCase()).not.toContain(typed.toLowerCase());
});
