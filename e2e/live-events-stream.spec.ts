import { DEMO_PASSWORD } from '../lib/server/auth/demo-accounts';
import { defaultEntity, partner, today } from './demo-world';
import { DASHBOARD_URL, STORAGE } from './env';
import { sandboxApi } from './sandbox';
import { addMember, signedInBrowser, signOutThroughMenu } from './staff';
import { expect, test, type BrowserContext } from './test';

/**
 * The event stream (/api/events) as an attacker holding a viewer's cookie would read it: raw
 * HTTP, no page. A viewer receives the reservation changes every page shows them, never the
 * team's, and nothing once signed out.
 */

interface Received {
  event: string;
  id?: string;
  data: string;
}

const cookieOf = async (context: BrowserContext) =>
  (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');

/** Opens the stream with a browser's cookies, as its EventSource would, and collects what arrives. */
async function openStream(cookie: string, lastEventId?: string) {
  const abort = new AbortController();
  const res = await fetch(`${DASHBOARD_URL}/api/events`, {
    headers: {
      Cookie: cookie,
      Accept: 'text/event-stream',
      'Accept-Encoding': 'gzip, br',
      'Sec-Fetch-Site': 'same-origin',
      ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
    },
    signal: abort.signal,
  });
  const received: Received[] = [];
  let ended = false;
  void (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const field = (name: string) =>
            block
              .split('\n')
              .find((l) => l.startsWith(`${name}: `))
              ?.slice(name.length + 2);
          const data = field('data');
          if (data !== undefined) received.push({ event: field('event') ?? 'message', id: field('id'), data });
        }
      }
    } catch {
      // aborted
    }
    ended = true;
  })();
  return { res, received, ended: () => ended, close: () => abort.abort() };
}

/** The changes received; presence (a member opening a reservation's page) is not a change of data. */
const changes = (r: Received[]) =>
  r.filter((e) => e.event === 'change' && (JSON.parse(e.data) as { kind: string }).kind !== 'presence.changed');
const kinds = (r: Received[]) => changes(r).map((e) => (JSON.parse(e.data) as { kind: string }).kind);

/**
 * The changes of this test's own making: the team's, and the cancels of the reservations it
 * canceled. The worker's world is shared with the specs before it, so a stream can carry others
 * in between, even of the same reservation (another spec's change of it, sent or found late).
 */
const ours = (r: Received[], reservations: string[]) =>
  changes(r).filter((e) => {
    const { kind, ids } = JSON.parse(e.data) as { kind: string; ids?: { reservation?: string } };
    return (
      kind === 'team.changed' || (kind === 'reservation.canceled' && reservations.includes(ids?.reservation ?? ''))
    );
  });
const ourKinds = (r: Received[], reservations: string[]) =>
  ours(r, reservations).map((e) => (JSON.parse(e.data) as { kind: string }).kind);

/** Cancels an upcoming confirmed reservation through the admin's reservation page; returns its id. */
async function cancelOne(context: BrowserContext, request: Parameters<typeof sandboxApi>[0]): Promise<string> {
  const res = (await sandboxApi(
    request,
    `/v2/reservations?status=confirmed&date[gte]=${today()}&sort=-date&limit=1`,
    partner,
    defaultEntity,
  )) as { data: { id: string }[] };
  const id = res.data[0]!.id;
  const page = await context.newPage();
  await page.goto(`/reservations/${id}`);
  await page.getByRole('button', { name: 'Cancel reservation' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  // The status, and the refusal the page would show instead: a failure says which it was.
  const shown = async () =>
    [
      await page.getByTestId('reservation-status').textContent(),
      // gone with the button once canceled
      ...(await page.getByTestId('cancel-error').allTextContents()),
    ].join('|');
  await expect.poll(shown, { timeout: 20_000 }).toBe('canceled');
  await page.close();
  return id;
}

test("a viewer's raw stream gets reservation changes but no team change, and nothing once signed out", async ({
  browser,
  request,
}) => {
  const admin = await browser.newContext({ storageState: STORAGE.admin });
  const viewer = await signedInBrowser(browser, 'viewer@demo.test', DEMO_PASSWORD);
  await expect(viewer.page).not.toHaveURL(/\/login/);
  await expect(viewer.page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();

  // The viewer's cookie, kept as an attacker would keep a copy of it.
  const viewerCookie = await cookieOf(viewer.context);
  const seen = await openStream(viewerCookie);
  const all = await openStream(await cookieOf(admin));
  expect(seen.res.status).toBe(200);
  expect(seen.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  expect(seen.res.headers.get('cache-control')).toBe('no-cache, no-transform');
  expect(seen.res.headers.get('x-accel-buffering')).toBe('no');
  expect(seen.res.headers.get('content-encoding')).toBeNull();

  // A team change, then a reservation change: the admin's stream has both, in that order.
  const suffix = Date.now().toString(36);
  await addMember(browser, {
    email: `live-${suffix}@demo.test`,
    name: 'Live Test',
    role: 'viewer',
    password: `pw-${suffix}-long-enough-1`,
  });
  const canceled = await cancelOne(admin, request);
  await expect.poll(() => ourKinds(all.received, [canceled])).toEqual(['team.changed', 'reservation.canceled']);
  // The viewer's has the reservation's, with its id, and never the team's (sent before it).
  await expect.poll(() => ourKinds(seen.received, [canceled])).toEqual(['reservation.canceled']);
  expect(kinds(seen.received)).not.toContain('team.changed');
  const change = ours(seen.received, [canceled])[0]!;
  expect(change.id).toMatch(/^\d+$/);
  expect(JSON.parse(change.data)).toMatchObject({
    kind: 'reservation.canceled',
    ids: { reservation: canceled },
    who: { name: 'Alex Admin' },
    data: { status: 'canceled' },
  });

  // A reconnect with Last-Event-ID catches up from the table: what came after that id, nothing before.
  const teamChange = ours(all.received, [canceled])[0]!.id!;
  const again = await openStream(await cookieOf(admin), teamChange);
  await expect.poll(() => ourKinds(again.received, [canceled])).toEqual(['reservation.canceled']);
  expect(changes(again.received).every((e) => Number(e.id) > Number(teamChange))).toBe(true);
  again.close();

  // Signed out: the stream ends, and the next change reaches the admin only.
  await signOutThroughMenu(viewer.page);
  await expect(viewer.page).toHaveURL(/\/login/);
  const next = await cancelOne(admin, request);
  await expect.poll(() => ourKinds(all.received, [next])).toEqual(['team.changed', 'reservation.canceled']);
  await expect.poll(() => seen.ended()).toBe(true);
  expect(ourKinds(seen.received, [canceled, next])).toEqual(['reservation.canceled']);
  // And a new stream with the copied cookie is refused.
  const after = await openStream(viewerCookie);
  expect(after.res.status).toBe(401);
  all.close();
  await Promise.all([admin.close(), viewer.context.close()]);
});

test('a browser refused its stream (its member holds as many as a process allows) opens it again, and catches up on what it missed', async ({
  browser,
  request,
}) => {
  const viewer = await browser.newContext({ storageState: STORAGE.viewer });
  const admin = await browser.newContext({ storageState: STORAGE.admin });
  // Six streams of the viewer's, as six other browsers of theirs would hold: the most a process allows.
  const cookie = await cookieOf(viewer);
  const held = await Promise.all(Array.from({ length: 6 }, () => openStream(cookie)));
  try {
    expect(held.map((s) => s.res.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const list = await viewer.newPage();
    const answers: number[] = [];
    list.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/events') answers.push(r.status());
    });
    const res = (await sandboxApi(
      request,
      `/v2/reservations?status=confirmed&date[gte]=${today()}&sort=date&limit=1`,
      partner,
      defaultEntity,
    )) as { data: { id: string }[] };
    const id = res.data[0]!.id;
    await list.goto(`/reservations?date%5Bgte%5D=${today()}&sort=date`);
    const row = list.locator('tr', { has: list.locator(`a[href="/reservations/${id}"]`) });
    await expect(row).toContainText('confirmed');
    await expect.poll(() => answers).toContain(429);
    // Said in the header, for as long as the page follows nothing.
    await expect(list.getByTestId('live-paused')).toContainText('Updates paused: reconnecting…', { timeout: 15_000 });
    // A second tab shares the first one's stream, and asks it whether it is open: it says so too.
    const detail = await viewer.newPage();
    await detail.goto(`/reservations/${id}`);
    await expect(detail.getByTestId('reservation-status')).toHaveText('confirmed');
    await expect(detail.getByTestId('live-paused')).toContainText('Updates paused: reconnecting…', {
      timeout: 15_000,
    });
    await list.evaluate(() => Object.assign(window, { stillHere: true }));

    // Canceled by the admin while the viewer's browser has no stream: its list cannot know yet.
    const page = await admin.newPage();
    await page.goto(`/reservations/${id}`);
    await page.getByRole('button', { name: 'Cancel reservation' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(page.getByTestId('reservation-status')).toHaveText('canceled');
    await expect(row).toContainText('confirmed');

    // One of the six closes: the browser's next try is let in, and brings the cancel it missed.
    held[0]!.close();
    await expect(row).toContainText('canceled', { timeout: 45_000 });
    await expect(row.getByTestId('change-mark')).toHaveText('Canceled by Alex Admin');
    expect(answers.at(-1)).toBe(200);
    await expect(list.getByTestId('live-paused')).toHaveCount(0);
    await expect(detail.getByTestId('reservation-status')).toHaveText('canceled');
    await expect(detail.getByTestId('live-paused')).toHaveCount(0);
    expect(await list.evaluate(() => (window as { stillHere?: boolean }).stillHere)).toBe(true);
  } finally {
    // The worker's later tests sign in as the same viewer, on the same process.
    for (const s of held) s.close();
    await Promise.all([admin.close(), viewer.close()]);
  }
});

test('a browser refused its stream, whose session then ends in another tab, goes to the sign-in page at its next try instead of reconnecting for good', async ({
  browser,
}) => {
  const viewer = await signedInBrowser(browser, 'viewer@demo.test', DEMO_PASSWORD);
  await expect(viewer.page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
  // The sign-in's page and its stream are left; then six streams of this member's, as six other
  // browsers would hold (the most a process allows): this browser's next one is refused.
  await viewer.page.goto('about:blank');
  const cookie = await cookieOf(viewer.context);
  const held: Awaited<ReturnType<typeof openStream>>[] = [];
  try {
    await expect
      .poll(
        async () => {
          const stream = await openStream(cookie);
          if (stream.res.status === 200) held.push(stream);
          else stream.close();
          return held.length;
        },
        { timeout: 15_000 },
      )
      .toBe(6);
    const list = await viewer.context.newPage();
    const answers: number[] = [];
    list.on('response', (r) => {
      if (new URL(r.url()).pathname === '/api/events') answers.push(r.status());
    });
    await list.goto('/reservations');
    await expect.poll(() => answers).toContain(429);
    await expect(list.getByTestId('live-paused')).toContainText('Updates paused: reconnecting…', { timeout: 15_000 });

    // Signed out in another tab of the same browser: the session ends, and the six streams with it.
    const other = await viewer.context.newPage();
    await other.goto('/');
    await signOutThroughMenu(other);
    await expect(other).toHaveURL(/\/login/);
    await expect.poll(() => held.every((s) => s.ended()), { timeout: 45_000 }).toBe(true);

    // The list's next try (now: the browser is back online) is refused as signed out, and the page says so by going to sign-in.
    await list.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(list).toHaveURL(/\/login/, { timeout: 15_000 });
    expect(answers.at(-1)).toBe(401);
  } finally {
    for (const s of held) s.close();
    await viewer.context.close();
  }
});
