import { readFileSync } from 'node:fs';

import { ACCOUNT_LIMIT, ADDRESS_LIMIT, UNKNOWN_DEVICES_LIMIT } from '../lib/server/auth/login-limiter';
import { attemptsOf, signInWords } from './activity-rows';
import { SERVER_LOGS, STORAGE, WORKER } from './env';
import { csrfFor, httpSignIn, pageAs } from './http-sign-in';
import { addMember, signedInBrowser, signOutThroughMenu } from './staff';
import { expect, test } from './test';

/*
 * Brute force against the production build, sent as a script would: concurrently, each request
 * with a header of its own choosing, from loopback source addresses of its own (127.0.0.x), so
 * that the limits these tests exhaust are not the browser tests' (127.0.0.1).
 */

const PASSWORD = 'the right password 2026';
const stamp = () => `${Date.now()}.${Math.floor(Math.random() * 1e6)}`;
const count = (answers: { error: string | null }[], error: string | null) =>
  answers.filter((a) => a.error === error).length;

test(`a new X-Forwarded-For on every request does not escape the address limit (${ADDRESS_LIMIT.max} failures), nor throttle the addresses it names`, async ({
  browser,
}) => {
  const email = `xff.${stamp()}@demo.test`;
  await addMember(browser, { email, name: 'Xff Target', role: 'viewer', password: PASSWORD });
  const attacker = '127.0.0.51';
  const bystander = '127.0.0.52';
  const csrf = await csrfFor(attacker);
  const attempts = ADDRESS_LIMIT.max + 15;
  // Every request claims to come from somewhere else, the bystander's address among them.
  const answers = await Promise.all(
    Array.from({ length: attempts }, (_, i) =>
      httpSignIn(`guess.${i}@demo.test`, 'wrong password 1', {
        csrf,
        localAddress: attacker,
        headers: { 'X-Forwarded-For': i % 2 ? bystander : `203.0.113.${i}` },
      }),
    ),
  );
  expect(count(answers, 'invalid')).toBe(ADDRESS_LIMIT.max);
  expect(count(answers, 'throttled')).toBe(attempts - ADDRESS_LIMIT.max);
  // The right password from the attacker's address is throttled too, whatever header it sends.
  const retry = await httpSignIn(email, PASSWORD, {
    csrf,
    localAddress: attacker,
    headers: { 'X-Forwarded-For': '198.51.100.200' },
  });
  expect(retry).toMatchObject({ error: 'throttled', cookies: [] });
  // The address the attacker named in half of its requests signs in as usual.
  const owner = await httpSignIn(email, PASSWORD, { csrf: await csrfFor(bystander), localAddress: bystander });
  expect(owner.error).toBeNull();
  expect((await pageAs(owner.cookies, '/')).status).toBe(200);
});

test(`50 concurrent wrong passwords for one account: the right one is then refused from that address, with the same answer, and not from the owner's`, async ({
  browser,
}) => {
  const email = `lockout.${stamp()}@demo.test`;
  await addMember(browser, { email, name: 'Lockout Target', role: 'operator', password: PASSWORD });
  // The owner's browser signed in before: it holds the account's device cookie.
  const ownersCsrf = await csrfFor('127.0.0.63');
  const device = deviceCookieOf(await httpSignIn(email, PASSWORD, { csrf: ownersCsrf, localAddress: '127.0.0.63' }));

  const flood = '127.0.0.61';
  const csrf = await csrfFor(flood);
  const answers = await Promise.all(
    Array.from({ length: 50 }, () => httpSignIn(email, 'wrong password 1', { csrf, localAddress: flood })),
  );
  expect(count(answers, null)).toBe(0);
  expect(count(answers, 'invalid') + count(answers, 'throttled')).toBe(50);
  expect((await httpSignIn(email, PASSWORD, { csrf, localAddress: flood })).cookies).toEqual([]);

  // Below the address's own limit, what refuses the right password is the account's limit, and
  // its answer is the same as for a wrong password or an unknown e-mail.
  const guesser = '127.0.0.62';
  const csrf2 = await csrfFor(guesser);
  const few = await Promise.all(
    Array.from({ length: ACCOUNT_LIMIT.max + 7 }, () =>
      httpSignIn(email, 'wrong password 1', { csrf: csrf2, localAddress: guesser }),
    ),
  );
  expect(count(few, 'invalid')).toBe(ACCOUNT_LIMIT.max + 7);
  const refused = await httpSignIn(email, PASSWORD, { csrf: csrf2, localAddress: guesser });
  expect(refused).toMatchObject({ error: 'invalid', cookies: [] });
  expect(
    await httpSignIn(`nobody.${stamp()}@demo.test`, PASSWORD, { csrf: csrf2, localAddress: guesser }),
  ).toMatchObject({ error: 'invalid', cookies: [] });

  // The owner, from another address with their browser's device cookie, is not kept out.
  const owner = await httpSignIn(email, PASSWORD, {
    csrf: ownersCsrf,
    localAddress: '127.0.0.63',
    headers: { Cookie: `${ownersCsrf.cookie}; ${device}` },
  });
  expect(owner.error).toBeNull();
  expect(owner.cookies.some((c) => c.startsWith('next-auth.session-token='))).toBe(true);
});

/** The device cookie a successful sign-in set, as `name=value`. */
function deviceCookieOf(answer: { error: string | null; cookies: string[] }): string {
  expect(answer.error).toBeNull();
  const cookie = answer.cookies.find((c) => c.startsWith('gb_device='));
  expect(cookie, 'a successful sign-in sets the device cookie').toBeTruthy();
  return cookie!;
}

test(`104 concurrent guesses from 26 addresses: at most ${UNKNOWN_DEVICES_LIMIT.free} reach the password check, the right password from a 27th address is refused, and the owner's browser signs in`, async ({
  browser,
}) => {
  const email = `spread.${stamp()}@demo.test`;
  await addMember(browser, { email, name: 'Spread Target', role: 'admin', password: PASSWORD });
  const ownersAddress = '127.0.1.40';
  const ownersCsrf = await csrfFor(ownersAddress);
  const device = deviceCookieOf(await httpSignIn(email, PASSWORD, { csrf: ownersCsrf, localAddress: ownersAddress }));

  // 26 addresses, 4 guesses each (below the per-address limits), all at once.
  const addresses = Array.from({ length: 26 }, (_, i) => `127.0.1.${i + 1}`);
  const csrfs = await Promise.all(addresses.map((a) => csrfFor(a)));
  const guesses = await Promise.all(
    Array.from({ length: 104 }, (_, i) =>
      httpSignIn(email, `wrong guess ${i}`, { csrf: csrfs[i % 26]!, localAddress: addresses[i % 26] }),
    ),
  );
  expect(count(guesses, 'invalid')).toBe(104);

  // The right password from a 27th address: the same answer as a wrong one, no session.
  const fresh = '127.0.1.27';
  expect(await httpSignIn(email, PASSWORD, { csrf: await csrfFor(fresh), localAddress: fresh })).toMatchObject({
    error: 'invalid',
    cookies: [],
  });
  // A forged device cookie does not help.
  const forged = device.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
  expect(
    await httpSignIn(email, PASSWORD, {
      csrf: csrfs[0]!,
      localAddress: addresses[0],
      headers: { Cookie: `${csrfs[0]!.cookie}; ${forged}` },
    }),
  ).toMatchObject({ error: 'invalid', cookies: [] });
  // The owner's browser, with its device cookie.
  const owner = await httpSignIn(email, PASSWORD, {
    csrf: ownersCsrf,
    localAddress: ownersAddress,
    headers: { Cookie: `${ownersCsrf.cookie}; ${device}` },
  });
  expect(owner.error).toBeNull();
  expect((await pageAs(owner.cookies, '/')).status).toBe(200);

  // The activity log: the guesses that met the password check, and those the account's limit refused.
  const admin = await browser.newContext({ storageState: STORAGE.admin });
  const page = await admin.newPage();
  await page.goto(`/activity?action=sign-in&staff=${encodeURIComponent(email)}&limit=200`);
  const rows = page.getByTestId('activity-row');
  await expect(rows.first()).toBeVisible();
  expect(await attemptsOf(rows)).toBe(108);
  expect(await attemptsOf(rows.filter({ hasText: signInWords('invalid', 'password', '127.0.1.') }))).toBe(
    UNKNOWN_DEVICES_LIMIT.free,
  );
  expect(await attemptsOf(rows.filter({ hasText: signInWords('paused', 'password', '127.0.1.') }))).toBe(
    104 - UNKNOWN_DEVICES_LIMIT.free + 2,
  );
  await admin.close();
});

test('every sign-in attempt is in the activity log with its outcome, the address and the method; a sign-out too', async ({
  browser,
}) => {
  const email = `audited.${stamp()}@demo.test`;
  await addMember(browser, { email, name: 'Audit Target', role: 'viewer', password: PASSWORD });
  const guesser = '127.0.0.71';
  const csrf = await csrfFor(guesser);
  const wrong = await Promise.all(
    Array.from({ length: 8 }, () => httpSignIn(email, 'wrong password 1', { csrf, localAddress: guesser })),
  );
  expect(count(wrong, 'invalid')).toBe(8);
  const owner = await httpSignIn(email, PASSWORD, { csrf: await csrfFor('127.0.0.72'), localAddress: '127.0.0.72' });
  expect(owner.error).toBeNull();

  const admin = await browser.newContext({ storageState: STORAGE.admin });
  const page = await admin.newPage();
  await page.goto(`/activity?action=sign-in&staff=${encodeURIComponent(email)}`);
  const rows = page.getByTestId('activity-row');
  // The refusals alike from one address are counted on one row (two, should the quarter of an hour turn).
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeLessThanOrEqual(5);
  expect(await attemptsOf(rows)).toBe(9);
  await expect(rows.filter({ hasText: signInWords('invalid', 'password', '127.0.0.71') }).first()).toContainText(
    /\d attempts, last:/,
  );
  // 5 met the password check; the e-mail's limit from that address refused the other 3 before it.
  expect(await attemptsOf(rows.filter({ hasText: signInWords('invalid', 'password', '127.0.0.71') }))).toBe(
    ACCOUNT_LIMIT.max,
  );
  expect(await attemptsOf(rows.filter({ hasText: signInWords('paused', 'password', '127.0.0.71') }))).toBe(
    8 - ACCOUNT_LIMIT.max,
  );
  await expect(
    rows
      .filter({ hasText: signInWords(null, 'password', '127.0.0.72') })
      .filter({ has: page.getByText('ok', { exact: true }) }),
  ).toHaveCount(1);

  const session = await signedInBrowser(browser, email, PASSWORD);
  await signOutThroughMenu(session.page);
  await expect(session.page).toHaveURL(/\/login(\?|$)/);
  await page.goto(`/activity?action=sign-out&staff=${encodeURIComponent(email)}`);
  await expect(rows).toHaveCount(1);
  await admin.close();

  // The server's log has a line for each, naming the account and the address.
  const lines = () =>
    readFileSync(SERVER_LOGS[WORKER]!, 'utf8')
      .split('\n')
      .filter((l) => l.includes(email) && l.includes('"event":"sign-'))
      .map((l) => JSON.parse(l.slice(l.indexOf('{'))) as Record<string, unknown>)
      .map((l) => `${l.event} ${l.address ?? '-'} ${l.reason ?? 'ok'}`);
  await expect
    .poll(() => lines().sort())
    .toEqual(
      [
        ...Array.from({ length: ACCOUNT_LIMIT.max }, () => 'sign-in 127.0.0.71 invalid'),
        ...Array.from({ length: 8 - ACCOUNT_LIMIT.max }, () => 'sign-in 127.0.0.71 paused'),
        'sign-in 127.0.0.72 ok',
        'sign-in 127.0.0.1 ok',
        'sign-out - ok',
      ].sort(),
    );
});
