import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../lib/server/auth/demo-accounts';
import { DASHBOARD_URL } from '../env';
import { csrfFor, httpSignIn } from '../http-sign-in';
import { expect, test } from '../test';

/*
 * A script with a copied session cookie sends 60 page loads at once, each from another claimed
 * address (X-Forwarded-For), as fast as it can. The server renders a session's pages a few at a
 * time and holds a few dozen more: the rest are answered 429 at once, before any render, and
 * another member's page is served in full meanwhile.
 */
const AT_ONCE = 60;

async function sessionCookie(email: string, localAddress: string): Promise<string> {
  const signedIn = await httpSignIn(email, DEMO_PASSWORD, { csrf: await csrfFor(localAddress), localAddress });
  expect(signedIn.error).toBeNull();
  return signedIn.cookies.join('; ');
}

type Answer = { status: number; retryAfter: string | null; at: number; page: boolean };

/** Sends AT_ONCE page loads at once, the i-th with the cookie header `cookieFor(i)` and its own claimed address. */
function flood(cookieFor: (i: number) => string): { answers: Answer[]; done: Promise<unknown> } {
  const answers: Answer[] = [];
  const started = performance.now();
  const done = Promise.all(
    Array.from({ length: AT_ONCE }, async (_, i) => {
      const res = await fetch(`${DASHBOARD_URL}/reservations?guest_last_name=${'Flood' + i}`, {
        headers: { cookie: cookieFor(i), 'X-Forwarded-For': `203.0.113.${i + 1}` },
        redirect: 'manual',
      });
      const body = await res.text();
      answers.push({
        status: res.status,
        retryAfter: res.headers.get('retry-after'),
        at: performance.now() - started,
        page: body.includes('</html>'),
      });
    }),
  );
  return { answers, done };
}

test('a flood of page loads from one session is held a few at a time and the excess refused at once, while another member is served', async () => {
  test.setTimeout(120_000);
  const viewer = DEMO_ACCOUNTS.find((a) => a.role === 'viewer')!;
  const operator = DEMO_ACCOUNTS.find((a) => a.role === 'operator')!;
  const flooder = await sessionCookie(viewer.email, '127.0.0.31');
  const colleague = await sessionCookie(operator.email, '127.0.0.32');

  const { answers, done } = flood(() => flooder);
  const colleaguePage = await fetch(`${DASHBOARD_URL}/reservations`, { headers: { cookie: colleague } });
  expect(colleaguePage.status).toBe(200);
  expect(await colleaguePage.text()).toContain('data-testid="reservations-table"');
  await done;

  const refused = answers.filter((a) => a.status === 429);
  const served = answers.filter((a) => a.status === 200);
  const pagesAt = served.map((a) => a.at).sort((a, b) => a - b);
  const lastRefusal = Math.max(...refused.map((a) => a.at));
  const halfServed = pagesAt[Math.floor(pagesAt.length / 2)]!;
  console.log(
    `flood of ${AT_ONCE} page loads: ${served.length} rendered, ${refused.length} refused at once; ` +
      `the last refusal at ${Math.round(lastRefusal)} ms, half the pages served at ${Math.round(halfServed)} ms`,
  );
  expect(served.length + refused.length).toBe(AT_ONCE);
  expect(refused.length, 'more than the session may have held were refused').toBeGreaterThan(0);
  for (const r of refused) expect(r.retryAfter).toBe('1');
  expect(served.every((a) => a.page)).toBe(true);
  // Refused at once, not after waiting in line: every refusal came before half the pages had been
  // served, which came a few at a time (each page after the first three waited for one to end).
  // (How soon after the first pages depends on how fast the client sends the sixty: on a busy
  // machine its last requests leave after the fourth page is served.)
  expect(lastRefusal).toBeLessThan(halfServed);
});

test('decoy session cookies in front of the real one, or the real one spelled otherwise, are still counted as its session', async () => {
  test.setTimeout(120_000);
  const viewer = DEMO_ACCOUNTS.find((a) => a.role === 'viewer')!;
  const session = await sessionCookie(viewer.email, '127.0.0.33');
  const name = session
    .split('; ')
    .find((c) => c.includes('session-token='))!
    .split('=')[0]!;
  const token = session
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))!
    .slice(name.length + 1);
  // Next.js reads the last cookie of a name, percent-decoded: every spelling below is the session.
  const { answers, done } = flood((i) =>
    i % 2
      ? `${name}=decoy-${i}; ${session}`
      : `${name}=decoy-${i}; ${session.replace(token, token.replace(/\./g, '%2E'))}`,
  );
  await done;
  const refused = answers.filter((a) => a.status === 429);
  const served = answers.filter((a) => a.status === 200);
  console.log(
    `flood of ${AT_ONCE} page loads behind decoy cookies: ${served.length} rendered, ${refused.length} refused`,
  );
  expect(served.length + refused.length).toBe(AT_ONCE);
  expect(refused.length, 'the decoys escaped the session’s count').toBeGreaterThan(0);
  // The pages served are the member's own: the decoys did not sign anyone out.
  expect(served.every((a) => a.page)).toBe(true);
});
