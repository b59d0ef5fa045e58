import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { decode, encode } from 'next-auth/jwt';

import type { StaffRole } from '../lib/auth/roles';
import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import en from '../messages/en.json' with { type: 'json' };
import { ACTIONS, buildActions, READS, readUrl } from './action-list';
import { DASHBOARD_URL, STORAGE } from './env';
import { e2eAuthSecret } from './leaks';
import { sandboxRequestMark, sandboxRequestsSince } from './sandbox';
import { callAction, postAction } from './server-actions';
import { addMember, signedInBrowser } from './staff';
import { request as apiRequest, expect, test, type APIRequestContext, type APIResponse, type Browser } from './test';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** A read route called as the dashboard's own page would (a GET; `headers` to pose as another site). */
const readCall = (file: string) => (api: APIRequestContext, entityId: string, headers?: Record<string, string>) =>
  api.get(readUrl(DASHBOARD_URL, file, entityId), { headers, maxRedirects: 0 });

/**
 * Every route handler under app/ (next-auth's own excepted), with the role it needs and a
 * well-formed call; a file serving two methods has a row per method (`file#METHOD`). The test
 * below fails for a route file that has no row here.
 */
const ROUTES: Record<
  string,
  {
    role: StaffRole;
    call: (api: APIRequestContext, entityId: string, headers?: Record<string, string>) => Promise<APIResponse>;
  }
> = {
  ...Object.fromEntries(Object.entries(READS).map(([file, read]) => [file, { role: read.role, call: readCall(file) }])),
  'app/api/entities/[id]/logo/route.ts': {
    role: 'admin',
    call: (api, entityId) =>
      api.post(`${DASHBOARD_URL}/api/entities/${entityId}/logo`, {
        headers: { Origin: DASHBOARD_URL },
        multipart: { file: { name: 'logo.png', mimeType: 'image/png', buffer: PNG } },
        maxRedirects: 0,
      }),
  },
  'app/api/holds/[id]/release/route.ts': {
    role: 'operator',
    call: (api, entityId) =>
      api.post(`${DASHBOARD_URL}/api/holds/00000000-0000-4000-8000-000000000007/release`, {
        headers: { Origin: DASHBOARD_URL },
        data: JSON.stringify({ entityId, reason: 'page-closed' }),
        maxRedirects: 0,
      }),
  },
  'app/api/reservations/export/route.ts': {
    role: 'viewer',
    call: (api) =>
      api.get(`${DASHBOARD_URL}/api/reservations/export?status[in]=confirmed&sort=-date`, { maxRedirects: 0 }),
  },
  'app/api/events/route.ts': {
    role: 'viewer',
    call: (api) =>
      api.get(`${DASHBOARD_URL}/api/events`, { headers: { 'Sec-Fetch-Site': 'same-origin' }, maxRedirects: 0 }),
  },
  'app/api/activity/export/route.ts': {
    role: 'admin',
    call: (api) => api.get(`${DASHBOARD_URL}/api/activity/export?action=sign-in&result=refused`, { maxRedirects: 0 }),
  },
  'app/api/exports/[id]/route.ts': {
    role: 'viewer',
    call: (api) => api.get(`${DASHBOARD_URL}/api/exports/00000000-0000-4000-8000-000000000008`, { maxRedirects: 0 }),
  },
};

/** The GET routes a link downloads from (a file, not data a page reads): guarded alike, but not read rows. */
const DOWNLOADS = new Set([
  'app/api/reservations/export/route.ts',
  'app/api/activity/export/route.ts',
  'app/api/exports/[id]/route.ts',
]);

/**
 * The route handlers public by design, each with the reason; they take no session, and the test
 * below checks that they answer an anonymous caller without revealing the configuration.
 */
const PUBLIC_ROUTES: Record<string, { why: string; path: string }> = {
  'app/api/health/live/route.ts': {
    why: "an orchestrator's liveness probe holds no session",
    path: '/api/health/live',
  },
  'app/api/health/ready/route.ts': {
    why: "an orchestrator's readiness probe holds no session",
    path: '/api/health/ready',
  },
};

/** Every route.ts and route.js anywhere under app/. */
function routeFiles(dir = 'app'): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return routeFiles(full);
    return /^route\.[jt]s$/.test(name) ? [full.split(path.sep).join('/')] : [];
  });
}

/** The activity rows of `action` by `staff` with `result`, counted in the admin's CSV export of the Activity page's filters. */
async function auditCount(admin: APIRequestContext, action: string, staff: string, result: string): Promise<number> {
  const query = new URLSearchParams({ action, staff, result });
  const res = await admin.get(`/api/activity/export?${query}`, { headers: { 'Sec-Fetch-Site': 'same-origin' } });
  expect(res.status(), await res.text()).toBe(200);
  // a row starts with its time; a message's own line breaks are inside quotes
  return (await res.text()).split('\r\n').filter((line) => /^\d{4}-\d{2}-\d{2}T/.test(line)).length;
}

/** One request context per role for the test, signed in as that role's demo member (closed when the test ends, e2e/test.ts). */
const contexts = new Map<StaffRole | 'anonymous', Promise<APIRequestContext>>();
test.beforeEach(() => contexts.clear());
function contextFor(browser: Browser, role: StaffRole | 'anonymous'): Promise<APIRequestContext> {
  let ctx = contexts.get(role);
  if (!ctx) {
    ctx = browser
      .newContext({ storageState: role === 'anonymous' ? { cookies: [], origins: [] } : STORAGE[role] })
      .then((c) => c.request);
    contexts.set(role, ctx);
  }
  return ctx;
}

test('every server action of the build has a row in the authorization matrix', () => {
  const actions = buildActions();
  expect(actions.length).toBeGreaterThanOrEqual(Object.keys(ACTIONS).length);
  expect(actions.map((a) => a.key).filter((k) => !(k in ACTIONS))).toEqual([]);
});

test('every route handler has a row in the authorization matrix', () => {
  const files = routeFiles().filter((f) => !f.startsWith('app/api/auth/'));
  expect(files.length).toBeGreaterThan(0);
  const rows = new Set(Object.keys(ROUTES).map((key) => key.split('#')[0]));
  expect(files.filter((f) => !rows.has(f) && !(f in PUBLIC_ROUTES))).toEqual([]);
  // Every GET route handler the browser reads through is a read row (guarded against other sites).
  const readFiles = files.filter((f) => /export const GET\b/.test(readFileSync(f, 'utf8')));
  expect(
    readFiles.filter((f) => !(f in READS) && !(`${f}#GET` in READS) && !(f in PUBLIC_ROUTES) && !DOWNLOADS.has(f)),
  ).toEqual([]);
});

test('the public routes answer an anonymous caller with check names only: no address, identity or credential', async ({
  browser,
}) => {
  const anonymous = await contextFor(browser, 'anonymous');
  for (const [file, route] of Object.entries(PUBLIC_ROUTES)) {
    const res = await anonymous.get(`${DASHBOARD_URL}${route.path}`, { maxRedirects: 0 });
    expect(res.status(), `${file} (${route.why})`).toBe(200);
    const body = await res.text();
    expect(Object.keys(JSON.parse(body) as object), file).toEqual(expect.arrayContaining(['status']));
    for (const secret of [
      DEMO_PARTNER.clientId,
      DEMO_PARTNER.clientSecret,
      'http',
      '127.0.0.1',
      'localhost',
      e2eAuthSecret(),
    ]) {
      expect(body, `${file} reveals ${secret.slice(0, 4)}…`).not.toContain(secret);
    }
  }
  const ready = (await (await anonymous.get(`${DASHBOARD_URL}/api/health/ready`)).json()) as {
    checks: Record<string, string>;
  };
  expect(ready.checks).toEqual({ database: 'ok', token_service: 'ok', api: 'ok' });
});

const SESSION_COOKIE = 'next-auth.session-token';

/** A copy of the admin's session, re-signed to expire `maxAge` seconds from now (negative: already expired). */
async function adminSessionExpiringIn(maxAge: number): Promise<APIRequestContext> {
  const state = JSON.parse(readFileSync(STORAGE.admin, 'utf8')) as {
    cookies: { name: string; value: string; domain: string; path: string }[];
  };
  const cookie = state.cookies.find((c) => c.name === SESSION_COOKIE)!;
  const secret = e2eAuthSecret();
  const claims = await decode({ token: cookie.value, secret });
  expect(claims?.staffId, 'the admin session carries its account id').toBeTruthy();
  const { iat: _iat, exp: _exp, jti: _jti, ...token } = claims!;
  const value = await encode({ token, secret, maxAge });
  return apiRequest.newContext({
    storageState: {
      cookies: [{ ...cookie, value, expires: -1, httpOnly: true, secure: false, sameSite: 'Lax' }],
      origins: [],
    },
  });
}

/** A signed-in admin whose account an admin then disables: the session cookie stays in the browser. */
async function disabledAdminSession(browser: Browser): Promise<APIRequestContext> {
  const email = `matrix.disabled.${Date.now()}@demo.test`;
  await addMember(browser, { email, name: 'Matrix Disabled', role: 'admin', password: 'a long enough password' });
  const member = await signedInBrowser(browser, email, 'a long enough password');
  await expect(member.page.getByTestId('shell-staff-name')).toHaveText('Matrix Disabled');
  const admin = await (await browser.newContext({ storageState: STORAGE.admin })).newPage();
  await admin.goto('/team');
  await admin.getByTestId(`member-${email}`).getByRole('button', { name: 'Disable' }).click();
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Disable' }).click();
  // The badge, not the row's text: the address itself reads "disabled".
  await expect(admin.getByTestId(`member-${email}`).getByText('disabled', { exact: true })).toBeVisible();
  await admin.close();
  return member.context.request;
}

test('a disabled account and an expired session are refused every action and route handler, and nothing reaches the API', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // The re-signed session is a working one while it has not expired: what refuses below is the expiry.
  const fresh = await adminSessionExpiringIn(3_600);
  const select = buildActions().find((a) => a.key === 'lib/actions/select-entity.ts#selectEntityAction')!;
  expect(await callAction(fresh, select.path, select.id, [{ id: DEMO_PARTNER.defaultEntityId }])).toContain(
    '"ok":true',
  );

  // A disabled account still holds a well-signed session: every guard answers that it has ended.
  // An expired one is not a session at all: the sign-in check in front of every page and route
  // sends it to /login before anything runs.
  const callers = {
    'disabled account': await disabledAdminSession(browser),
    'expired session': await adminSessionExpiringIn(-3_600),
  };
  for (const [who, api] of Object.entries(callers)) {
    const refused = async (res: APIResponse, what: string) => {
      if (who === 'expired session') {
        expect(res.status(), `${what} as ${who}`).toBe(307);
        expect(res.headers()['location'], `${what} as ${who}`).toMatch(/\/login/);
      } else {
        expect(await res.text(), `${what} as ${who}`).toContain('Your session has ended. Sign in again.');
      }
    };
    const mark = await sandboxRequestMark(request);
    for (const action of buildActions()) {
      const res = await postAction(api, `${DASHBOARD_URL}${action.path}`, action.id, [ACTIONS[action.key]!.input()], {
        maxRedirects: 0,
      });
      await refused(res, action.key);
    }
    // Route handlers guard themselves (the proxy does not buffer their bodies): 401, the session named.
    for (const [file, route] of Object.entries(ROUTES)) {
      const res = await route.call(api, DEMO_PARTNER.defaultEntityId);
      expect(res.status(), `${file} as ${who}`).toBe(401);
      expect(((await res.json()) as { error: string }).error, `${file} as ${who}`).toBe(
        'Your session has ended. Sign in again.',
      );
    }
    const sent = (await sandboxRequestsSince(request, mark)).filter(
      (r) => r.path.startsWith('/v2') && r.method !== 'GET',
    );
    expect(sent, `${who} reached the API`).toEqual([]);
    // A page is no longer served either: the browser is sent to sign in.
    const home = await api.get(`${DASHBOARD_URL}/`, { maxRedirects: 0 });
    expect(home.status(), `GET / as ${who}`).toBeGreaterThanOrEqual(300);
    expect(home.headers()['location'], `GET / as ${who}`).toMatch(/\/login/);
  }
});

test('an action aimed at an entity not assigned to the credentials is refused by name, and nothing is sent', async ({
  browser,
  request,
}) => {
  const foreign = '7c1d3a52-9e0f-4b6a-8d21-5f4e3c2b1a09';
  const api = await contextFor(browser, 'admin');
  const mark = await sandboxRequestMark(request);
  const aimed: [string, unknown][] = [
    [
      'lib/actions/entities.ts#updateEntityAction',
      { id: foreign, name: 'Not Ours', default_locale: 'en-GB', default_program_id: '' },
    ],
    ['lib/actions/entities.ts#replaceEntityProgramsAction', { id: foreign, programs: [] }],
    [
      'lib/actions/allocations.ts#applyAllocationAction',
      { changes: [{ commitmentId: '00000000-0000-4000-8000-000000000002', entityId: foreign, before: 0, after: 1 }] },
    ],
    ['lib/actions/allocations.ts#restoreAllocationAction', { sets: [{ entityId: foreign, data: [] }] }],
    ['lib/actions/select-entity.ts#selectEntityAction', { id: foreign }],
    [
      'lib/actions/booking.ts#placeHoldAction',
      {
        ...(ACTIONS['lib/actions/booking.ts#placeHoldAction']!.input() as object),
        entityId: foreign,
      },
    ],
    [
      'lib/actions/booking.ts#releaseHoldAction',
      {
        ...(ACTIONS['lib/actions/booking.ts#releaseHoldAction']!.input() as object),
        entityId: foreign,
      },
    ],
    [
      'lib/actions/booking.ts#createBookingAction',
      {
        ...(ACTIONS['lib/actions/booking.ts#createBookingAction']!.input() as object),
        entityId: foreign,
      },
    ],
  ];
  const actions = new Map(buildActions().map((a) => [a.key, a]));
  for (const [key, input] of aimed) {
    const action = actions.get(key)!;
    expect(await callAction(api, action.path, action.id, [input]), key).toMatch(/not assigned to this dashboard/);
  }
  for (const file of [
    'app/api/entities/[id]/logo/route.ts#GET',
    'app/api/entities/[id]/program-change/route.ts',
    'app/api/allocations/seats-booked/route.ts',
    'app/api/availability/route.ts',
  ]) {
    const read = await ROUTES[file]!.call(api, foreign);
    expect(read.status(), file).toBe(422);
    expect(((await read.json()) as { error: string }).error, file).toMatch(/not assigned to this dashboard/);
  }
  const logo = await ROUTES['app/api/entities/[id]/logo/route.ts']!.call(api, foreign);
  expect(logo.status()).toBe(422);
  expect(((await logo.json()) as { error: string }).error).toMatch(/not assigned to this dashboard/);
  const release = await ROUTES['app/api/holds/[id]/release/route.ts']!.call(api, foreign);
  expect(release.status()).toBe(422);
  expect(((await release.json()) as { error: string }).error).toMatch(/not assigned to this dashboard/);
  const sent = (await sandboxRequestsSince(request, mark)).filter(
    (r) => r.path.startsWith('/v2') && r.method !== 'GET',
  );
  expect(sent).toEqual([]);
});

test('lower roles and anonymous callers are refused every guarded action: one refused audit row each, nothing sent to the API', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await contextFor(browser, 'admin');
  for (const action of buildActions()) {
    const row = ACTIONS[action.key]!;
    const callers: StaffRole[] =
      row.role === 'admin' ? ['viewer', 'operator'] : row.role === 'operator' ? ['viewer'] : [];
    for (const role of callers) {
      const email = `${role}@demo.test`;
      const before = await auditCount(admin, row.audit, email, 'refused');
      const mark = await sandboxRequestMark(request);
      const answer = await callAction(await contextFor(browser, role), action.path, action.id, [row.input()]);
      expect(answer, `${action.key} as ${role}`).toContain(
        `This needs the ${en.team.roleLabel[row.role]} role; you are ${en.team.roleLabel[role]}.`,
      );
      const sent = (await sandboxRequestsSince(request, mark)).filter(
        (r) => r.path.startsWith('/v2') && r.method !== 'GET',
      );
      expect(sent, `${action.key} as ${role} reached the API`).toEqual([]);
      if (row.mutates)
        expect(await auditCount(admin, row.audit, email, 'refused'), `${action.key} audit`).toBe(before + 1);
    }
    const anonymous = await callAction(await contextFor(browser, 'anonymous'), action.path, action.id, [row.input()]);
    expect(anonymous, `${action.key} anonymous`).not.toContain('"ok":true');
  }
  // Route handlers: a role below the route's is refused with 403, an anonymous caller with 401.
  for (const [file, route] of Object.entries(ROUTES)) {
    const callers: StaffRole[] =
      route.role === 'admin' ? ['viewer', 'operator'] : route.role === 'operator' ? ['viewer'] : [];
    for (const role of callers) {
      const res = await route.call(await contextFor(browser, role), DEMO_PARTNER.defaultEntityId);
      expect(res.status(), `${file} as ${role}`).toBe(403);
      expect(((await res.json()) as { error: string }).error, `${file} as ${role}`).toBe(
        `This needs the ${en.team.roleLabel[route.role]} role; you are ${en.team.roleLabel[role]}.`,
      );
    }
    const anonymous = await route.call(await contextFor(browser, 'anonymous'), DEMO_PARTNER.defaultEntityId);
    expect(anonymous.status(), `${file} anonymous`).toBe(401);
    expect(((await anonymous.json()) as { error: string }).error, `${file} anonymous`).toBe(
      'Your session has ended. Sign in again.',
    );
  }
});

test("every read route answers the right role from the dashboard's own pages, uncached, and refuses another site", async ({
  browser,
  request,
}) => {
  const mark = await sandboxRequestMark(request);
  for (const [file, read] of Object.entries(READS)) {
    const api = await contextFor(browser, read.role);
    const call = ROUTES[file]!.call;
    const own = await call(api, DEMO_PARTNER.defaultEntityId, { 'Sec-Fetch-Site': 'same-origin' });
    expect(own.status(), `${file}: ${await own.text()}`).toBe(200);
    expect(((await own.json()) as { ok: boolean }).ok, file).toBe(true);
    expect(own.headers()['cache-control'], file).toBe('private, no-store');
    for (const headers of <Record<string, string>[]>[
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'null' },
    ]) {
      const res = await call(api, DEMO_PARTNER.defaultEntityId, headers);
      expect(res.status(), `${file} with ${JSON.stringify(headers)}`).toBe(403);
      expect(((await res.json()) as { error: string }).error, file).toMatch(
        /only be started from the dashboard’s own pages/,
      );
      expect(res.headers()['cache-control'], file).toBe('private, no-store');
    }
  }
  const sent = (await sandboxRequestsSince(request, mark)).filter(
    (r) => r.path.startsWith('/v2') && r.method !== 'GET',
  );
  expect(sent).toEqual([]);
});

test('malformed input to every mutating action is refused naming the field, with one audit row', async ({
  browser,
}) => {
  const api = await contextFor(browser, 'admin');
  for (const action of buildActions()) {
    const row = ACTIONS[action.key]!;
    if (!row.mutates) continue;
    const before = await auditCount(api, row.audit, 'admin@demo.test', 'refused');
    const answer = await callAction(api, action.path, action.id, [{ ...(row.input() as object), unexpected: 1 }]);
    expect(answer, action.key).toContain('Check the input');
    expect(await auditCount(api, row.audit, 'admin@demo.test', 'refused'), action.key).toBe(before + 1);
  }
});
