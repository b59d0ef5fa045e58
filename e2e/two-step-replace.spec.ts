import { totpCode } from '../lib/server/auth/totp';
import { buildActions } from './action-list';
import { DASHBOARD_URL, STORAGE } from './env';
import { csrfFor, httpSignIn, pageAs } from './http-sign-in';
import { actionHeaders } from './server-actions';
import { addMember } from './staff';
import { expect, test } from './test';

/*
 * A member's second factor replaced through the account actions, sent over HTTP as a script
 * would. With only a copy of the session cookie (a stolen cookie, an unlocked host-stand browser),
 * beginning and confirming a new factor is refused, and the owner's own factor still signs in.
 * The owner replaces it with the password and a current code (here a recovery code): their other
 * sessions end, and the activity log has the replacement.
 */

const PASSWORD = 'a second factor kept by its owner 2026';
const stamp = () => `${Date.now()}.${Math.floor(Math.random() * 1e6)}`;

/** Posts one of the account's server actions with `cookies`, as the browser would; its answer's text. */
async function account(name: 'beginTwoStepAction' | 'confirmTwoStepAction', cookies: string[], input: unknown) {
  const action = buildActions().find((a) => a.key === `lib/actions/account.ts#${name}`)!;
  const res = await fetch(`${DASHBOARD_URL}${action.path}`, {
    method: 'POST',
    headers: { ...actionHeaders(action.id, DASHBOARD_URL), Cookie: cookies.join('; ') },
    body: JSON.stringify([input]),
  });
  return res.text();
}
const secretIn = (answer: string) => /"secret":"([A-Z2-7]+)"/.exec(answer)?.[1];
const codesIn = (answer: string) => JSON.parse(/"recoveryCodes":(\[[^\]]*\])/.exec(answer)?.[1] ?? '[]') as string[];

test('a copied session cookie cannot replace the second factor; the owner replaces it with the password and a code', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `replace.${stamp()}@demo.test`;
  const { enrolmentCode } = await addMember(browser, {
    email,
    name: 'Replace Test',
    role: 'operator',
    password: PASSWORD,
  });
  const now = new Date();
  const csrf = await csrfFor('127.0.3.51');
  const owner = await httpSignIn(email, PASSWORD, { csrf, localAddress: '127.0.3.51' });
  expect(owner.error).toBeNull();

  // The owner enrols (no factor yet: the enrolment code the admin was shown, no other proof).
  const secret = secretIn(await account('beginTwoStepAction', owner.cookies, { step: 'begin', enrolmentCode }))!;
  expect(secret).toBeTruthy();
  const codes = codesIn(await account('confirmTwoStepAction', owner.cookies, { code: totpCode(secret, now) }));
  expect(codes).toHaveLength(10);
  // A second session of the owner (another device), signed in with the next code.
  const later = new Date(now.getTime() + 30_000);
  const other = await httpSignIn(email, PASSWORD, {
    csrf: await csrfFor('127.0.3.52'),
    localAddress: '127.0.3.52',
    code: totpCode(secret, later),
  });
  expect(other.error).toBeNull();

  // The attacker holds a copy of the owner's cookies and nothing else.
  const stolen = [...owner.cookies];
  const begun = await account('beginTwoStepAction', stolen, { step: 'begin' });
  expect(secretIn(begun), 'a copied cookie began a new factor').toBeUndefined();
  expect(begun).toContain('To replace it, enter your current password and a code from your app');
  const guessed = await account('beginTwoStepAction', stolen, {
    step: 'begin',
    current: 'a guess at the password',
    currentCode: '123456',
  });
  expect(secretIn(guessed)).toBeUndefined();
  expect(guessed).toContain('The current password is not right.');
  // A confirmation with a code of the attacker's own app finds nothing it may confirm.
  const mine = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const confirmed = await account('confirmTwoStepAction', stolen, { code: totpCode(mine, now) });
  expect(codesIn(confirmed)).toEqual([]);
  // The owner's factor is untouched: their other session is open, and a recovery code signs in.
  expect((await pageAs(other.cookies)).status).toBe(200);

  // The owner replaces it: the password and a current code (a recovery code), then the new app's first code.
  const replacing = await account('beginTwoStepAction', owner.cookies, {
    step: 'begin',
    current: PASSWORD,
    currentCode: codes[0],
  });
  const newSecret = secretIn(replacing)!;
  expect(newSecret, replacing.slice(0, 300)).toBeTruthy();
  const withoutPassword = await account('confirmTwoStepAction', owner.cookies, { code: totpCode(newSecret, now) });
  expect(codesIn(withoutPassword)).toEqual([]);
  const newCodes = codesIn(
    await account('confirmTwoStepAction', owner.cookies, { code: totpCode(newSecret, now), current: PASSWORD }),
  );
  expect(newCodes).toHaveLength(10);
  // The owner's other session has ended; this one goes on.
  expect((await pageAs(other.cookies)).location).toMatch(/\/login/);
  expect((await pageAs(owner.cookies)).status).toBe(200);
  // The old factor's recovery codes sign in no more; the new app does.
  const after = await csrfFor('127.0.3.53');
  expect((await httpSignIn(email, PASSWORD, { csrf: after, localAddress: '127.0.3.53', code: codes[1] })).error).toBe(
    'second_factor_invalid',
  );
  expect(
    (await httpSignIn(email, PASSWORD, { csrf: after, localAddress: '127.0.3.53', code: newCodes[0] })).error,
  ).toBeNull();

  // The activity log has the replacement, and the refused attempts.
  const admin = await browser.newContext({ storageState: STORAGE.admin });
  const csv = await (
    await admin.request.get(`${DASHBOARD_URL}/api/activity/export?staff=${encodeURIComponent(email)}`, {
      headers: { 'Sec-Fetch-Site': 'same-origin' },
    })
  ).text();
  await admin.close();
  const rows = csv.split('\r\n');
  expect(rows.filter((r) => r.includes(',confirm-two-step,ok,') && r.includes('replaced'))).toHaveLength(1);
  expect(rows.filter((r) => r.includes(',begin-two-step,failed,')).length).toBeGreaterThanOrEqual(2);
});
