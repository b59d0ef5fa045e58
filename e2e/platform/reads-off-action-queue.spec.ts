import { defaultEntity, partner } from '../demo-world';
import { STORAGE } from '../env';
import { sandboxApi, upcomingConfirmed, type SandboxReservation } from '../sandbox';
import { expect, test, type Request } from '../test';

/*
 * Next's client sends server actions one at a time: a read done as an action would hold a Save
 * back until it is answered. The browser's reads go through GET routes instead, so a write
 * pressed while reads are in flight leaves at once, before they are answered.
 */

test.use({ storageState: STORAGE.operator });

/** A browser request of a read: a GET of a read route, or (as reads once were) a server action. */
const isRead = (r: Request) =>
  (r.method() === 'GET' && new URL(r.url()).pathname.startsWith('/api/')) ||
  (r.method() === 'POST' && !!r.headers()['next-action']);

test('a Save pressed while a ⌘K lookup is in flight leaves the browser before the lookup is answered, and the API holds the change', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const reservations = await upcomingConfirmed(request, 5);
  const target = reservations.at(-1);
  expect(target, 'a confirmed upcoming reservation in the sandbox').toBeTruthy();
  const notes = `Saved past the reads ${Date.now()}`;

  await page.goto(`/reservations/${target!.id}`);
  await page.getByRole('button', { name: 'Modify reservation' }).click();
  const form = page.getByTestId('modify-form');
  await form.getByLabel('Notes').fill(notes);
  await page.waitForLoadState('networkidle');

  // Every request of the page and when it was answered, in the order the browser reported them.
  const events: { kind: 'sent' | 'answered'; request: Request }[] = [];
  page.on('request', (r) => events.push({ kind: 'sent', request: r }));
  page.on('requestfinished', (r) => events.push({ kind: 'answered', request: r }));
  page.on('requestfailed', (r) => events.push({ kind: 'answered', request: r }));
  const indexOf = (kind: 'sent' | 'answered', r: Request) =>
    events.findIndex((e) => e.kind === kind && e.request === r);

  // A first lookup, answered at once: the menu and its code are ready for the one below.
  await page.getByTestId('global-search-button').click();
  await page.getByTestId('global-search-input').fill(target!.guest.last_name);
  await expect(page.getByTestId('global-search-results').getByRole('option').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await page.waitForLoadState('networkidle');
  events.length = 0;

  // The lookup below is held on its way until the Save has left (as when its answer waits for a
  // slow API): it stays in flight while the Save is pressed.
  let answerLookup = () => {};
  const held = new Promise<void>((resolve) => (answerLookup = resolve));
  await page.route(
    (url) => url.pathname === '/api/search',
    async (route) => {
      await held;
      await route.fallback();
    },
  );
  await page.getByTestId('global-search-button').click();
  await page.getByTestId('global-search-input').fill(target!.guest.email);
  await expect.poll(() => events.some((e) => e.kind === 'sent' && isRead(e.request))).toBe(true);
  const lookup = events.find((e) => e.kind === 'sent' && isRead(e.request))!.request;
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('global-search-input')).toHaveCount(0);
  expect(indexOf('answered', lookup), 'the lookup is still unanswered when Save is pressed').toBe(-1);

  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect
    .poll(() => events.some((e) => e.kind === 'sent' && e.request !== lookup && e.request.method() === 'POST'), {
      message: 'the Save left the browser (not held back behind the lookup)',
    })
    .toBe(true);
  const save = events.find((e) => e.kind === 'sent' && e.request !== lookup && e.request.method() === 'POST')!.request;
  expect(save.headers()['next-action'], 'the Save is a server action').toBeTruthy();
  // The Save left the browser before the lookup was answered: it did not wait behind it.
  const lookupAnswered = indexOf('answered', lookup);
  expect(
    lookupAnswered === -1 || indexOf('sent', save) < lookupAnswered,
    'the Save left while the lookup was in flight',
  ).toBe(true);
  answerLookup();

  // The Save completes, and a change of the notes alone is held for its Undo's window, then sent:
  // the API holds it. The lookup is answered in its own time.
  await expect(page.getByTestId('modify-saved')).toHaveText('Saved.', { timeout: 60_000 });
  await expect.poll(() => indexOf('answered', lookup), { timeout: 30_000 }).toBeGreaterThan(-1);
  await expect
    .poll(
      async () =>
        (
          (await sandboxApi(request, `/v2/reservations/${target!.id}`, partner, defaultEntity)) as {
            data: SandboxReservation;
          }
        ).data.notes,
      { timeout: 60_000, message: 'the held change reached the API' },
    )
    .toBe(notes);
});
