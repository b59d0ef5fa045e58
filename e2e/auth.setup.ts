import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test as setup } from '@playwright/test';

import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../lib/server/auth/demo-accounts';
import { E2E_WORKERS, workerServers } from './env';
import { csrfFor, httpSignIn } from './http-sign-in';

// Each worker's dashboard has a database of its own: every account signs in on each of them.
setup.describe.configure({ mode: 'parallel' });

/** A Set-Cookie header as Playwright's storage state holds the cookie. */
function storedCookie(header: string) {
  const [pair, ...attributes] = header.split(';').map((p) => p.trim());
  const at = pair!.indexOf('=');
  const attr = (name: string) => attributes.find((a) => a.toLowerCase().startsWith(name.toLowerCase()));
  const sameSite = attr('samesite')?.split('=')[1]?.toLowerCase();
  const expires = attr('expires');
  return {
    name: pair!.slice(0, at),
    value: pair!.slice(at + 1),
    domain: '127.0.0.1',
    path: attr('path')?.split('=')[1] ?? '/',
    expires: expires ? Math.floor(new Date(expires.slice('expires='.length)).getTime() / 1000) : -1,
    httpOnly: attr('httponly') !== undefined,
    secure: attr('secure') !== undefined,
    sameSite: (sameSite === 'strict' ? 'Strict' : sameSite === 'none' ? 'None' : 'Lax') as 'Strict' | 'Lax' | 'None',
  };
}

for (let worker = 0; worker < E2E_WORKERS; worker++) {
  const { dashboardUrl, storage } = workerServers(worker);
  setup.describe(`worker ${worker}`, () => {
    for (const account of DEMO_ACCOUNTS) {
      setup(`sign in as ${account.role}`, async ({ request }) => {
        // The workers' servers start side by side; Playwright waited for the last one only.
        await expect
          .poll(async () => (await request.get(`${dashboardUrl}/api/health/live`).catch(() => null))?.status(), {
            message: `the dashboard of worker ${worker} (${dashboardUrl}) to start`,
            timeout: 180_000,
            intervals: [250, 500, 1_000],
          })
          .toBe(200);
        // Signed in over HTTP, as the sign-in form posts it (the form itself is tested in sign-in.spec.ts).
        const csrf = await csrfFor(undefined, dashboardUrl);
        const answer = await httpSignIn(account.email, DEMO_PASSWORD, { csrf, base: dashboardUrl });
        expect(answer.error).toBeNull();
        const state = { cookies: answer.setCookie.map(storedCookie), origins: [] };
        mkdirSync(path.dirname(path.resolve(storage[account.role])), { recursive: true });
        writeFileSync(path.resolve(storage[account.role]), JSON.stringify(state));
        // The session is that member's (every spec then opens pages with it).
        const me = await request.get(`${dashboardUrl}/account`, {
          headers: { cookie: state.cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
          maxRedirects: 0,
        });
        expect(me.status()).toBe(200);
        expect(await me.text()).toContain(account.email);
      });
    }
  });
}
