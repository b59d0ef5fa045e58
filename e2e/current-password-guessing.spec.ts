import { request as httpRequest } from 'node:http';

import { UNKNOWN_DEVICES_LIMIT } from '../lib/server/auth/login-limiter';
import { buildActions } from './action-list';
import { DASHBOARD_URL } from './env';
import { csrfFor, httpSignIn } from './http-sign-in';
import { actionHeaders } from './server-actions';
import { addMember } from './staff';
import { expect, test } from './test';

/*
 * A copied session cookie, used by a script from a new loopback address for every guess, tries
 * current passwords on the account page's password change: the per-address limit never applies.
 * The account's own cap across addresses does: after its free tries the check is paused and the
 * session the guesses came with ends. The owner still signs in.
 */

const PASSWORD = 'an owner who keeps the password';

/** A server action posted as the browser would, from a chosen source address. */
function postFrom(localAddress: string, path: string, id: string, cookie: string, args: unknown[]) {
  const url = new URL(path, DASHBOARD_URL);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(
      {
        method: 'POST',
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        localAddress,
        agent: false,
        headers: { ...actionHeaders(id, DASHBOARD_URL), Cookie: cookie },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(args));
  });
}

test('current-password guesses with a copied cookie from a new address each are capped for the account, and end the session', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `guessed.${Date.now()}@demo.test`;
  await addMember(browser, { email, name: 'Guessed Owner', role: 'viewer', password: PASSWORD });
  const signedIn = await httpSignIn(email, PASSWORD, {
    csrf: await csrfFor('127.0.1.200'),
    localAddress: '127.0.1.200',
  });
  expect(signedIn.error).toBeNull();
  const cookie = signedIn.cookies.join('; ');
  const action = buildActions().find((a) => a.key === 'lib/actions/account.ts#changeOwnPasswordAction')!;
  const guess = (i: number) =>
    postFrom(`127.0.1.${i + 1}`, action.path, action.id, cookie, [
      { current: `guess number ${i}`, password: 'a brand new passphrase 42', confirm: 'a brand new passphrase 42' },
    ]);

  const guesses = UNKNOWN_DEVICES_LIMIT.free + 5;
  const answers = await Promise.all(Array.from({ length: guesses }, (_, i) => guess(i)));
  expect(answers.filter((a) => a.status >= 500)).toEqual([]);
  const wrong = answers.filter((a) => a.body.includes('The current password is not right.'));
  const ended = answers.filter((a) => a.body.includes('this session has ended, and you are signed out'));
  // those that came once it had ended
  const out = answers.filter((a) => a.body.includes('Your session has ended. Sign in again.'));
  console.log(
    `${guesses} guesses from ${guesses} addresses: ${wrong.length} checked, ${ended.length} ended the session, ${out.length} came after`,
  );
  expect(wrong.length).toBeLessThanOrEqual(UNKNOWN_DEVICES_LIMIT.free);
  expect(ended.length).toBeGreaterThan(0);
  expect(wrong.length + ended.length + out.length).toBe(guesses);

  // The copied cookie opens nothing any more.
  const after = await fetch(`${DASHBOARD_URL}/account`, { headers: { Cookie: cookie }, redirect: 'manual' });
  expect(after.status).toBe(307);
  expect(after.headers.get('location')).toMatch(/\/login/);
  // The owner signs in, with the password the guesses never changed.
  const owner = await httpSignIn(email, PASSWORD, { csrf: await csrfFor('127.0.1.201'), localAddress: '127.0.1.201' });
  expect(owner.error).toBeNull();
  expect(owner.cookies.length).toBeGreaterThan(0);
});
