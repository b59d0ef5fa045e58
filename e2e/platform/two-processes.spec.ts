import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

import { createGuestbookClient, type GuestbookClient } from '../../lib/guestbook';
import type { CommitmentRow, Entity } from '../../lib/guestbook/schemas';
import { sandboxControls } from '../../lib/sandbox/control-client';
import { DEMO_PARTNER } from '../../lib/sandbox/seed/demo';
import { startTestPostgres, type TestPostgres } from '../../lib/server/db/test-postgres';
import { addStaffAccount, startProcess, type Started } from '../../scripts/processes';
import { buildActions } from '../action-list';
import { spareDashboardPort, spareSandboxPort } from '../env';
import { csrfFor, httpSignIn } from '../http-sign-in';
import { e2eAuthSecret, leaksIn } from '../leaks';
import { expect, test } from '../test';

/*
 * Two dashboard processes of the same production build on one PostgreSQL, in front of a sandbox
 * of their own: what one process does, the other respects (allocation locks, sessions, server
 * actions), and a process killed in the middle of an apply leaves no lock behind.
 */

const SANDBOX = `http://127.0.0.1:${spareSandboxPort()}`;
const PORTS = [spareDashboardPort(0), spareDashboardPort(1)] as const;
const BASES = PORTS.map((p) => `http://127.0.0.1:${p}`);
const LOG = '.data/e2e/two-processes.log';
const OPERATOR = { email: 'two.processes@example.test', password: 'one truth across servers' };

let postgres: TestPostgres;
let sandbox: Started | undefined;
const dashboards: (Started | undefined)[] = [];
let dataDir: string;
let log: WriteStream;
let env: Record<string, string>;
let cookie: string;
let client: GuestbookClient;

const startSandbox = async () =>
  (sandbox = await startProcess({
    name: 'sandbox',
    command: process.execPath,
    args: ['--import', 'tsx', 'lib/sandbox/main.ts', '--port', String(spareSandboxPort()), '--memory'],
    ready: /listening on/,
    quiet: true,
    log,
    timeoutMs: 60_000,
  }));

const startDashboard = async (i: 0 | 1) =>
  (dashboards[i] = await startProcess({
    name: `dashboard ${'AB'[i]}`,
    command: process.execPath,
    args: ['--import', 'tsx', 'scripts/server.ts', '--port', String(PORTS[i])],
    // B is deployed behind a proxy that compresses (docs/operations.md); A is reached directly.
    env: { ...env, NEXTAUTH_URL: BASES[i], ...(i === 1 && { DASHBOARD_COMPRESSION: 'host' }) },
    ready: /Ready on/,
    quiet: true,
    log,
    timeoutMs: 90_000,
  }));

test.beforeAll(async () => {
  test.setTimeout(240_000);
  mkdirSync(path.dirname(LOG), { recursive: true });
  log = createWriteStream(LOG);
  postgres = await startTestPostgres();
  dataDir = mkdtempSync(path.join(tmpdir(), 'gb-two-'));
  env = {
    DASHBOARD_DATA_DIR: dataDir,
    DASHBOARD_DATABASE_URL: postgres.url,
    DASHBOARD_PROCESSES: '2',
    GUESTBOOK_API_URL: SANDBOX,
    AUTH_SECRET: e2eAuthSecret(),
    NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  };
  await startSandbox();
  expect(await addStaffAccount({ email: OPERATOR.email, role: 'operator', password: OPERATOR.password }, env)).toBe(0);
  await Promise.all([startDashboard(0), startDashboard(1)]);
  // Signed in through A; every action below is posted to either process with this one cookie.
  const answer = await httpSignIn(OPERATOR.email, OPERATOR.password, {
    csrf: await csrfFor(undefined, BASES[0]),
    base: BASES[0],
  });
  expect(answer.error).toBeNull();
  cookie = answer.cookies.join('; ');
  client = createGuestbookClient({
    baseUrl: SANDBOX,
    authUrl: SANDBOX,
    audience: `${SANDBOX}/`,
    clientId: DEMO_PARTNER.clientId,
    clientSecret: DEMO_PARTNER.clientSecret,
  });
});

test.afterAll(async () => {
  await Promise.all([...dashboards, sandbox].map((p) => p?.stop()));
  await postgres?.stop();
  log?.end();
  rmSync(dataDir, { recursive: true, force: true });
});

interface Change {
  commitmentId: string;
  entityId: string;
  before: number;
  after: number;
}

/** Posts the allocation apply to process `i` as the browser would; answers the outcome's status or the error. */
async function apply(i: number, changes: Change[]): Promise<string> {
  const action = buildActions().find((a) => a.key === 'lib/actions/allocations.ts#applyAllocationAction')!;
  const res = await fetch(`${BASES[i]}${action.path}`, {
    method: 'POST',
    headers: {
      'Next-Action': action.id,
      'Content-Type': 'text/plain;charset=UTF-8',
      Accept: 'text/x-component',
      Origin: BASES[i]!,
      Cookie: cookie,
    },
    body: JSON.stringify([{ changes }]),
  });
  const body = await res.text();
  return (
    body.match(/"status":"(applied|conflict|failed)"/)?.[1] ??
    `${res.status} ${body.match(/"error":"([^"]*)"/)?.[1] ?? body.slice(0, 200)}`
  );
}

const rowsOf = async (e: Entity): Promise<CommitmentRow[]> =>
  (await client.asEntity(e).listCommitments({ status: ['assigned'], limit: 100 })).data;
const seats = (rows: CommitmentRow[], id: string) => rows.find((r) => r.id === id)?.entity_seats ?? 0;

// The sandbox inherits the run's SANDBOX_CONTROL_TOKEN (playwright.config.ts); the control client sends it.
const controls = sandboxControls(SANDBOX);
const sandboxLog = async (since = 0) =>
  (await controls.requests(since)).map((r) => ({ ...r, started_ms: r.started_ms ?? Date.parse(r.at) }));

/** Two entities with at least `n` assigned commitments in common, where each holds seats. */
async function pairSharing(n: number) {
  const entities = (await client.listEntities({ limit: 100 })).data;
  const rows = new Map(await Promise.all(entities.map(async (e) => [e.id, await rowsOf(e).catch(() => [])] as const)));
  for (const e1 of entities)
    for (const e2 of entities) {
      if (e1.id === e2.id) continue;
      const shared = rows
        .get(e1.id)!
        .filter(
          (r) =>
            (r.entity_seats ?? 0) >= 1 && rows.get(e2.id)!.some((s) => s.id === r.id && (s.entity_seats ?? 0) >= 1),
        );
      if (shared.length >= n)
        return { e1, e2, shared: shared.map((r) => r.id), rows1: rows.get(e1.id)!, rows2: rows.get(e2.id)! };
    }
  throw new Error(`no two entities share ${n} commitments`);
}

test('concurrent applies through both processes on the same entities: each done, none put back, none overlapping', async () => {
  test.setTimeout(180_000);
  const { e1, e2, shared, rows1, rows2 } = await pairSharing(4);
  const [c1, c2, ...singles] = shared as [string, string, ...string[]];
  const ctx = (e: Entity) => e.org_id ?? e.id;
  // The swap case: A moves a seat of c1 from e1 to e2 while B moves one of c2 from e2 to e1
  // (each apply holds both entities, named in opposite orders). The other applies each lower
  // one more cell of e1: every PUT carries e1's complete set, so an overlap would put one back.
  const applies: [number, Change[]][] = [
    [
      0,
      [
        { commitmentId: c1, entityId: e1.id, before: seats(rows1, c1), after: seats(rows1, c1) - 1 },
        { commitmentId: c1, entityId: e2.id, before: seats(rows2, c1), after: seats(rows2, c1) + 1 },
      ],
    ],
    [
      1,
      [
        { commitmentId: c2, entityId: e2.id, before: seats(rows2, c2), after: seats(rows2, c2) - 1 },
        { commitmentId: c2, entityId: e1.id, before: seats(rows1, c2), after: seats(rows1, c2) + 1 },
      ],
    ],
    ...singles.map((c, i): [number, Change[]] => [
      i % 2,
      [{ commitmentId: c, entityId: e1.id, before: seats(rows1, c), after: seats(rows1, c) - 1 }],
    ]),
  ];
  const mark = (await sandboxLog()).at(-1)?.seq ?? 0;
  const outcomes = await Promise.all(applies.map(([i, changes]) => apply(i, changes)));
  expect(outcomes).toEqual(applies.map(() => 'applied'));

  // Every change reported as done is in the sandbox: no cell was put back.
  const [after1, after2] = await Promise.all([rowsOf(e1), rowsOf(e2)]);
  for (const [, changes] of applies)
    for (const c of changes)
      expect(seats(c.entityId === e1.id ? after1 : after2, c.commitmentId), `${c.commitmentId} of ${c.entityId}`).toBe(
        c.after,
      );

  // …and has its audit row, written by whichever process applied it.
  const db = new pg.Client({ connectionString: postgres.url });
  await db.connect();
  const audited = await db.query<{ n: string }>(
    "SELECT count(*) AS n FROM audit_log WHERE action = 'apply-allocation' AND result = 'ok' AND staff_email = $1",
    [OPERATOR.email],
  );
  await db.end();
  expect(Number(audited.rows[0]!.n)).toBe(applies.length);

  // The sandbox saw the applies' writes one after another: no PUT on e1 or e2 started before the
  // previous one had been answered. (Which apply a re-read belongs to cannot be told from the
  // page each action's answer re-renders, so the PUTs are what is compared; the values above are
  // what a put-back cell would change.)
  const puts = (await sandboxLog(mark))
    .filter(
      (r) => r.method === 'PUT' && r.path === '/v2/commitments' && (r.context === ctx(e1) || r.context === ctx(e2)),
    )
    .sort((a, b) => a.started_ms - b.started_ms);
  expect(puts.length).toBeGreaterThanOrEqual(applies.length);
  for (let i = 1; i < puts.length; i++)
    expect(puts[i]!.started_ms, `PUT ${i} starts after PUT ${i - 1} ended`).toBeGreaterThanOrEqual(
      puts[i - 1]!.started_ms + (puts[i - 1]!.duration_ms ?? 0),
    );
});

test('a process killed (SIGKILL) in the middle of an apply leaves no lock: the other applies to the same entity', async () => {
  test.setTimeout(180_000);
  const { e1, shared, rows1 } = await pairSharing(2);
  const [c1, c2] = shared as [string, string];
  const ctx = e1.org_id ?? e1.id;
  const mark = (await sandboxLog()).at(-1)?.seq ?? 0;
  // A's re-read is held up in the sandbox, so A holds e1's lock when it is killed. A is killed
  // while the sandbox still holds that read (it is logged on arrival, its context once answered):
  // a PUT A had already sent would be carried out by the API after A died, with no lock to hold
  // it back, as a request sent cannot be called back.
  await controls.setFaults({ latency_ms: 8_000 });
  const killed = apply(0, [
    { commitmentId: c1, entityId: e1.id, before: seats(rows1, c1), after: seats(rows1, c1) - 1 },
  ]).catch(() => 'killed');
  const reread = (r: Awaited<ReturnType<typeof sandboxLog>>[number]) =>
    r.method === 'GET' && r.path === '/v2/commitments' && !r.user_agent?.endsWith('(sync)');
  await expect.poll(async () => (await sandboxLog(mark)).some(reread), { timeout: 90_000 }).toBe(true);
  await controls.clearFaults();

  const waiting = apply(1, [
    { commitmentId: c2, entityId: e1.id, before: seats(rows1, c2), after: seats(rows1, c2) - 1 },
  ]);
  dashboards[0]!.child.kill('SIGKILL');
  expect(await waiting).toBe('applied');
  expect(await killed).toBe('killed');
  const after = await rowsOf(e1);
  expect(seats(after, c2)).toBe(seats(rows1, c2) - 1);
  expect(seats(after, c1)).toBe(seats(rows1, c1));
  // A's held read is answered to no one once its 8 s are over; only B's apply wrote to e1.
  await new Promise((r) => setTimeout(r, 8_000));
  const puts = (await sandboxLog(mark)).filter((r) => r.method === 'PUT' && r.path === '/v2/commitments');
  expect(puts.map((r) => r.context)).toEqual([ctx]);
  expect(seats(await rowsOf(e1), c1)).toBe(seats(rows1, c1));
  await startDashboard(0);
});

test('a server action posted to B with the session A signed in works, and both read the same session store', async () => {
  const { e1, shared, rows1 } = await pairSharing(1);
  const c = shared[0]!;
  expect(
    await apply(1, [{ commitmentId: c, entityId: e1.id, before: seats(rows1, c), after: seats(rows1, c) - 1 }]),
  ).toBe('applied');
  expect(
    await apply(0, [{ commitmentId: c, entityId: e1.id, before: seats(rows1, c) - 1, after: seats(rows1, c) }]),
  ).toBe('applied');
});

test('SIGTERM in the middle of an apply: the process stops taking connections, lets the apply finish, then exits', async () => {
  test.setTimeout(120_000);
  const { e1, shared, rows1 } = await pairSharing(1);
  const c = shared[0]!;
  const ctx = e1.org_id ?? e1.id;
  const mark = (await sandboxLog()).at(-1)?.seq ?? 0;
  await controls.setFaults({ latency_ms: 3_000 });
  const running = apply(1, [{ commitmentId: c, entityId: e1.id, before: seats(rows1, c), after: seats(rows1, c) - 1 }]);
  await expect
    .poll(
      async () =>
        (await sandboxLog(mark)).some((r) => r.method === 'GET' && r.path === '/v2/commitments' && r.context === ctx),
      { timeout: 60_000 },
    )
    .toBe(true);
  // The page re-rendered in the action's answer need not wait as long.
  await controls.clearFaults();
  const exited = new Promise<number | null>((resolve) => dashboards[1]!.child.once('exit', (code) => resolve(code)));
  dashboards[1]!.child.kill('SIGTERM');
  // The apply runs to its end and its answer is delivered.
  expect(await running).toBe('applied');
  expect(await exited).toBe(0);
  expect(seats(await rowsOf(e1), c)).toBe(seats(rows1, c) - 1);
  await expect(fetch(`${BASES[1]}/api/health/live`)).rejects.toThrow();
  await startDashboard(1);
});

test('a process reached directly gzips its pages; one whose host compresses (DASHBOARD_COMPRESSION=host) sends them as they are', async () => {
  const encodings = await Promise.all(
    BASES.map(async (base) => {
      const res = await fetch(`${base}/login`, { headers: { 'Accept-Encoding': 'gzip, br' } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('</html>');
      return res.headers.get('content-encoding');
    }),
  );
  expect(encodings).toEqual(['gzip', null]);
});

test('readiness answers 503 naming the failing checks while the sandbox is stopped, and 200 once it is back', async () => {
  test.setTimeout(120_000);
  const ready = async () => {
    const res = await fetch(`${BASES[1]}/api/health/ready`);
    return { status: res.status, body: (await res.json()) as { failing?: string[] } };
  };
  await expect.poll(async () => (await ready()).status, { timeout: 30_000 }).toBe(200);
  await sandbox!.stop();
  await expect.poll(async () => (await ready()).status, { timeout: 30_000 }).toBe(503);
  expect((await ready()).body.failing).toEqual(['token_service', 'api']);
  await startSandbox();
  await expect.poll(async () => (await ready()).status, { timeout: 30_000 }).toBe(200);
  expect((await fetch(`${BASES[0]}/api/health/live`)).status).toBe(200);
});

test("one page view's request id is on the JSON log lines of the API calls it made", async () => {
  // A reservation the dashboard's copy does not hold (no such id): the page asks the API, which says it has none.
  const id = randomUUID();
  const res = await fetch(`${BASES[0]}/reservations/${id}`, { headers: { Cookie: cookie } });
  expect(res.status).toBeLessThan(500);
  await res.text();
  const requestId = res.headers.get('x-request-id')!;
  expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
  const linesOf = () =>
    readFileSync(LOG, 'utf8')
      .split('\n')
      .filter((l) => l.startsWith('[dashboard A] {') && l.includes(requestId))
      .map(
        (l) =>
          JSON.parse(l.slice('[dashboard A] '.length)) as {
            msg: string;
            api?: { method: string; path: string; status: number; budgetLeft: number };
            http?: { path: string };
          },
      );
  await expect.poll(() => linesOf().some((l) => l.msg === 'request'), { timeout: 10_000 }).toBe(true);
  const calls = linesOf().filter((l) => l.msg === 'api call');
  expect(calls.length).toBeGreaterThan(0);
  for (const c of calls)
    expect(c.api).toMatchObject({
      method: 'GET',
      path: expect.stringMatching(/^\/v2\//),
      status: expect.any(Number),
      budgetLeft: expect.any(Number),
    });
  // (A 401 may come first: the sandbox restarted above with a new signing key, and the client renews its token.)
  expect(calls.filter((c) => c.api!.status !== 401).map((c) => [c.api!.path, c.api!.status])).toEqual([
    [`/v2/reservations/${id}`, 404],
  ]);
  expect(linesOf().find((l) => l.msg === 'request')!.http!.path).toBe(`/reservations/${id}`);
});

test('a search read through A, which the copy cannot answer, is shown by B at once, then as of when A read it while the API refuses', async () => {
  test.setTimeout(300_000);
  // No date bounds it: the API answers it, and its answer is kept in the database.
  const search = '/reservations?status=confirmed&sort=-created_at';
  const view = async (i: number) => {
    const res = await fetch(`${BASES[i]}${search}`, { headers: { Cookie: cookie } });
    const html = await res.text();
    const note = html.indexOf('data-testid="as-of-note"');
    return {
      status: res.status,
      asOf: note >= 0,
      // what the note says (as of when, and why), for a failure to name
      noteText:
        note < 0
          ? null
          : html
              .slice(note, note + 800)
              .replace(/<[^>]*>/g, ' ')
              .replace(/\s+/g, ' ')
              .slice(0, 300),
      refused: html.includes('data-testid="error-state"'),
      ids: [...new Set([...html.matchAll(/\/reservations\/([0-9a-f-]{36})/g)].map((m) => m[1]))],
    };
  };
  const fromA = await view(0);
  expect(fromA).toMatchObject({ status: 200, asOf: false, refused: false });
  expect(fromA.ids.length).toBeGreaterThan(5);
  // At once, and while no change to the entity's reservations is recorded, B shows A's answer as
  // the API's, with no request of its own.
  const mark = (await sandboxLog()).at(-1)?.seq ?? 0;
  const current = await view(1);
  expect(current).toMatchObject({ status: 200, asOf: false, refused: false, ids: fromA.ids });
  // and the page of a reservation it lists
  const record = await fetch(`${BASES[1]}/reservations/${fromA.ids.at(-1)}`, { headers: { Cookie: cookie } });
  const recordHtml = await record.text();
  expect(record.status).toBe(200);
  expect(recordHtml).toContain('data-testid="reservation-guest"');
  expect(recordHtml).not.toContain('data-testid="as-of-note"');
  const read = (await sandboxLog(mark)).filter(
    (r) => r.path.startsWith('/v2/reservations') && !r.user_agent?.endsWith('(sync)'),
  );
  expect(read).toEqual([]);

  await controls.setFaults({ rate_limit_storm: true, rate_limit_window_s: 10 });
  try {
    // Once A's answer is no longer current (two turns of the sync, 60 s) and the API refused B a
    // request, B shows A's answer with its time.
    await expect.poll(async () => (await view(1)).asOf, { timeout: 100_000, intervals: [2_000] }).toBe(true);
    const fromB = await view(1);
    expect(fromB).toMatchObject({ status: 200, asOf: true, refused: false });
    expect(fromB.ids).toEqual(fromA.ids);
  } finally {
    await controls.clearFaults();
  }
  // Both read anew once the API's window has passed (the tests below need the API); while not,
  // the note they show says until when.
  for (const i of [0, 1])
    await expect.poll(async () => (await view(i)).noteText, { timeout: 120_000, intervals: [2_000] }).toBeNull();
});

test("the two processes' logs hold no secret, token or password hash", () => {
  const text = readFileSync(LOG, 'utf8');
  expect(text).toContain('[dashboard A]');
  const leaks = text
    .split('\n')
    .map((line, i) => ({
      line: i + 1,
      found: leaksIn(line, { 'the session secret': e2eAuthSecret(), 'the operator password': OPERATOR.password }),
    }))
    .filter((l) => l.found.length > 0);
  expect(leaks).toEqual([]);
});
