import { uuidFrom } from '../lib/sandbox/ids';
import { DEMO_PARTNER, NO_SHOW_REGULAR } from '../lib/sandbox/seed/demo';
import { axeOn } from './axe';
import { dateAhead, openForm, search, take, unique } from './booking-steps';
import { defaultEntity, partner } from './demo-world';
import { STORAGE } from './env';
import { keepOnGuest } from './guest-notes-steps';
import { controls, sandboxApi, sandboxRequestMark, sandboxRequestsSince, type SandboxReservation } from './sandbox';
import { expect, test, type APIRequestContext, type Page } from './test';

/*
 * A guest's history and staff's notes and tags, as an operator meets them: on a regular's
 * reservations and in the booking flow once the guest's e-mail is typed. The demo world's
 * NO_SHOW_REGULAR (Harriet Quinn) has two recent no-shows at the default entity and a table ahead.
 */

test.use({ storageState: STORAGE.operator });

const entity = { ...defaultEntity, entityId: DEMO_PARTNER.defaultEntityId };
const WHARF = uuidFrom('venue:wharf');
const NO_SHOWS_FLAG = '2 no-shows in 90 days';

const reservationsOf = async (request: APIRequestContext, email: string) =>
  (
    (await sandboxApi(
      request,
      `/v2/reservations?guest_email=${encodeURIComponent(email)}&sort=-date&limit=100`,
      partner,
      entity,
    )) as { data: SandboxReservation[] }
  ).data;

/** WCAG violations of the page as it is, in the light theme and then the dark one. */
async function axeInBothThemes(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    const { violations } = await axeOn(page).analyze();
    found.push(...violations.map((v) => `${theme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

/** Searches the Wharf on `date`, takes the 19:00 table for two and types the guest's details. */
async function bookingFor(page: Page, date: string, guest: { first: string; last: string; email: string }) {
  await openForm(page);
  await search(page, { venue: WHARF, date, party: 2 });
  await take(page, '19:00');
  await page.getByLabel('First name').fill(guest.first);
  await page.getByLabel('Last name').fill(guest.last);
  await page.getByLabel('E-mail').fill(guest.email);
}

test('a guest with two no-shows shows the flag on a new booking for the same e-mail; a new guest is a first visit', async ({
  page,
  request,
}) => {
  const last = unique('Newcomer');
  await bookingFor(page, dateAhead(140), { first: 'Nell', last, email: `${last.toLowerCase()}@guest.test` });
  const lookup = page.getByTestId('guest-lookup');
  await expect(lookup).toContainText('No earlier reservations with this e-mail.');
  await expect(lookup.getByTestId('guest-flags')).toHaveText('First visit');

  await page.getByLabel('E-mail').fill(NO_SHOW_REGULAR.email.toUpperCase());
  await expect(lookup.getByTestId('guest-flags')).toContainText(NO_SHOWS_FLAG);
  await expect(lookup.getByTestId('guest-flags')).not.toContainText('First visit');
  const hers = await reservationsOf(request, NO_SHOW_REGULAR.email);
  const count = (status: string) => hers.filter((r) => r.status === status).length;
  await expect(lookup.getByTestId('guest-lookup-summary')).toContainText(
    `${count('completed')} visit${count('completed') === 1 ? '' : 's'}, 2 no-shows`,
  );
  expect(await axeInBothThemes(page)).toEqual([]);

  await page.getByTestId('booking-confirm').click();
  await expect(page).toHaveURL(/\/reservations\/[0-9a-f-]{36}\?booked=1$/);
  const id = page.url().match(/reservations\/([0-9a-f-]{36})/)![1]!;
  // the new reservation's page: the flag, and this reservation among hers
  await expect(page.getByTestId('guest-card').getByTestId('guest-flags')).toContainText(NO_SHOWS_FLAG);
  await expect(page.getByTestId('guest-no-shows')).toHaveText('2');
  await expect(page.getByTestId(`guest-history-${id}`)).toContainText('this one');
  for (const r of hers) await expect(page.getByTestId(`guest-history-${r.id}`)).toBeVisible();
});

test("a tag added by an operator shows on the guest's other reservations and in the audit log, and is never sent to the API or in an e-mail", async ({
  page,
  browser,
  request,
}) => {
  const [ahead, other] = (await reservationsOf(request, NO_SHOW_REGULAR.email)).filter(
    (r) => r.status === 'confirmed' || r.status === 'completed',
  );
  const tag = unique('shellfish ').slice(0, 32);
  const note = `Allergic to shellfish (${unique('n')})`;
  const occasion = unique('occasion ').slice(0, 32);

  await page.goto(`/reservations/${ahead!.id}`);
  const notes = await keepOnGuest(page, { note, tag, occasion });
  // a tag too long is refused where it is typed
  await notes.getByTestId('guest-tags-input').fill('x'.repeat(33));
  await notes.getByTestId('guest-tags-add').click();
  await expect(notes.getByText('At most 32 characters.')).toBeVisible();

  // the guest's other reservation shows the guest's note and tag, not this reservation's tag
  await page.goto(`/reservations/${other!.id}`);
  await expect(notes.getByTestId('guest-tags')).toContainText(tag);
  await expect(notes.getByLabel('Note', { exact: true })).toHaveValue(note);
  await expect(notes.getByTestId('reservation-tags-editor')).toContainText('No tags yet.');
  // and the history lists the tagged reservation with its tag
  await expect(page.getByTestId(`guest-history-${ahead!.id}`)).toContainText(occasion);

  // a viewer sees the guest's tag and note, with nothing to change them
  const viewer = await browser.newContext({ storageState: STORAGE.viewer });
  const viewing = await viewer.newPage();
  await viewing.goto(`/reservations/${other!.id}`);
  await expect(viewing.getByTestId('guest-tags')).toContainText(tag);
  await expect(viewing.getByTestId('guest-note')).toHaveText(note);
  await expect(viewing.getByRole('button', { name: /Add tag|Save note|Remove tag/ })).toHaveCount(0);
  await viewer.close();

  // the audit log has each change, who made it and the guest
  const admin = await browser.newContext({ storageState: STORAGE.admin });
  const activity = await admin.newPage();
  await activity.goto('/activity?action=add-guest-tag');
  const row = activity.getByTestId('activity-row').filter({ hasText: tag });
  await expect(row).toContainText(NO_SHOW_REGULAR.email);
  await expect(row).toContainText('operator@demo.test');
  await admin.close();

  // a booking for the same guest: the look-up shows the tag and note; the guest's e-mail and the API hold neither
  const outboxBefore = (await controls.outbox()).length;
  await bookingFor(page, dateAhead(141), { first: 'Harriet', last: 'Quinn', email: NO_SHOW_REGULAR.email });
  await expect(page.getByTestId('guest-lookup-tags')).toContainText(tag);
  await expect(page.getByTestId('guest-lookup-note')).toHaveText(note);
  await page.getByTestId('booking-confirm').click();
  await expect(page).toHaveURL(/\/reservations\/[0-9a-f-]{36}\?booked=1$/);
  const booked = page.url().match(/reservations\/([0-9a-f-]{36})/)![1]!;
  const outbox = await controls.outbox();
  expect(outbox.length).toBe(outboxBefore + 1);
  expect(outbox.filter((m) => m.reservation_id === booked)).toEqual([
    expect.objectContaining({ kind: 'confirmation', to: NO_SHOW_REGULAR.email }),
  ]);
  const sent = JSON.stringify(outbox) + JSON.stringify(await reservationsOf(request, NO_SHOW_REGULAR.email));
  for (const secret of [tag, note, occasion, 'shellfish']) expect(sent).not.toContain(secret);
});

test("a guest's history costs at most one API request of the entity in view, the other entities read from their books", async ({
  page,
  request,
}) => {
  await page.goto('/');
  await controls.setFaults({ latency_ms: 250 });
  try {
    const mark = await sandboxRequestMark(request);
    const started = performance.now();
    const res = await page.request.get(`/api/guests/history?email=${encodeURIComponent(NO_SHOW_REGULAR.email)}`, {
      headers: { 'Sec-Fetch-Site': 'same-origin' },
    });
    const took = Math.round(performance.now() - started);
    const body = (await res.json()) as { ok: boolean; data: { requests: number; summary: { noShows: number } } };
    expect(body.ok).toBe(true);
    expect(body.data.summary.noShows).toBe(2);
    // the target: at most 2 API requests; this design: one search by e-mail at most, never one per entity
    const sent = (await sandboxRequestsSince(request, mark)).filter((r) => r.path.startsWith('/v2/'));
    expect(sent.length, sent.map((r) => `${r.path}?${r.query}`).join('\n')).toBeLessThanOrEqual(2);
    const byEmail = sent.filter((r) => r.query.includes('guest_email'));
    expect(byEmail.length).toBeLessThanOrEqual(1);
    expect(byEmail.length).toBe(body.data.requests);
    console.log(`guest history at 250 ms of API latency: ${took} ms, ${sent.length} API request(s)`);
    // reported, not asserted (no wall-clock assertion): the target is 450 ms at 250 ms of API latency
    test.info().annotations.push({
      type: 'guest history at 250 ms latency',
      description: `${took} ms, ${sent.length} API request(s)`,
    });
  } finally {
    await controls.clearFaults();
  }
});
