import { totpCode } from '../lib/server/auth/totp';
import { buildActions } from './action-list';
import { DASHBOARD_URL, STORAGE } from './env';
import { csrfFor, httpSignIn } from './http-sign-in';
import { actionHeaders } from './server-actions';
import { addMember } from './staff';
import { expect, test } from './test';

/*
 * Someone who knows a member's password guesses second-factor codes from many addresses at once.
 * Each code is counted in the account's run of wrong codes before it is checked: the first 5 are
 * checked, the others refused unchecked while the account is held (30 s, doubling with each next
 * wrong code). Every refusal is in the activity log, the right password without a code too. The
 * member's own browser, known by its device cookie, is counted apart: it signs in while the account
 * is held, and the member is told of the wrong codes on their account page.
 */

const PASSWORD = 'someone else knows this password 2026';
const GUESSES = 9;

test('concurrent code guesses with the right password are counted, held, logged and told to the member, whose own browser still signs in', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `guessed.${Date.now()}@demo.test`;
  const { enrolmentCode } = await addMember(browser, {
    email,
    name: 'Guessed Member',
    role: 'viewer',
    password: PASSWORD,
  });
  const owner = await httpSignIn(email, PASSWORD, { csrf: await csrfFor('127.0.4.61'), localAddress: '127.0.4.61' });
  expect(owner.error).toBeNull();
  const send = async (name: string, input: unknown) => {
    const action = buildActions().find((a) => a.key === `lib/actions/account.ts#${name}`)!;
    const res = await fetch(`${DASHBOARD_URL}${action.path}`, {
      method: 'POST',
      headers: { ...actionHeaders(action.id, DASHBOARD_URL), Cookie: owner.cookies.join('; ') },
      body: JSON.stringify([input]),
    });
    return res.text();
  };
  const secret = /"secret":"([A-Z2-7]+)"/.exec(await send('beginTwoStepAction', { step: 'begin', enrolmentCode }))![1]!;
  expect(await send('confirmTwoStepAction', { code: totpCode(secret, new Date()) })).toContain('recoveryCodes');
  const device = owner.cookies.filter((c) => c.includes('gb_device'));

  // The right password without a code, then GUESSES wrong codes at once, each from its own address
  // (10 in all: the most an account takes from devices it does not know in an hour).
  const csrf = await csrfFor('127.0.4.1');
  expect((await httpSignIn(email, PASSWORD, { csrf, localAddress: '127.0.4.1' })).error).toBe('second_factor');
  const wrong = String((Number(totpCode(secret, new Date())) + 500_000) % 1_000_000).padStart(6, '0');
  const guesses = await Promise.all(
    Array.from({ length: GUESSES }, (_, i) =>
      httpSignIn(email, PASSWORD, { csrf, localAddress: `127.0.4.${10 + i}`, code: wrong }),
    ),
  );
  expect(guesses.map((g) => g.error)).toEqual(Array(GUESSES).fill('second_factor_invalid'));
  // While the account is held, the right code from a browser it does not know is refused like a wrong one.
  const right = () => totpCode(secret, new Date(Date.now() + 30_000));
  const stranger = await httpSignIn(email, PASSWORD, { csrf, localAddress: '127.0.4.60', code: right() });
  expect(stranger.error).toBe('second_factor_invalid');

  const admin = await browser.newContext({ storageState: STORAGE.admin });
  const csv = await (
    await admin.request.get(`${DASHBOARD_URL}/api/activity/export?action=sign-in&staff=${encodeURIComponent(email)}`, {
      headers: { 'Sec-Fetch-Site': 'same-origin' },
    })
  ).text();
  await admin.close();
  const rows = csv.split('\r\n');
  expect(rows.filter((r) => r.includes('second_factor_asked: password from 127.0.4.1'))).toHaveLength(1);
  const counted = rows.filter((r) => /second_factor_invalid \(\d in a row\)/.test(r));
  expect(counted.map((r) => /\((\d) in a row\)/.exec(r)![1]).sort()).toEqual(['1', '2', '3', '4', '5']);
  expect(rows.filter((r) => r.includes('second_factor_paused'))).toHaveLength(GUESSES - 5 + 1);

  // The owner's own browser (its device cookie) is counted apart: it signs in at once, held account
  // or not, and the owner is told of the wrong codes.
  const ownersCsrf = await csrfFor('127.0.4.61');
  const back = await httpSignIn(email, PASSWORD, {
    csrf: { ...ownersCsrf, cookie: [ownersCsrf.cookie, ...device].join('; ') },
    localAddress: '127.0.4.61',
    code: right(),
  });
  expect(back.error).toBeNull();
  const page = await fetch(`${DASHBOARD_URL}/account`, { headers: { Cookie: back.cookies.join('; ') } });
  expect(await page.text()).toContain(
    'Before your last sign-in, 5 wrong two-step codes were given with your password. If that was not you, change your password now.',
  );
  // …and the guesses from elsewhere are still held.
  const after = await httpSignIn(email, PASSWORD, { csrf, localAddress: '127.0.4.62', code: right() });
  expect(after.error).toBe('second_factor_invalid');
});
