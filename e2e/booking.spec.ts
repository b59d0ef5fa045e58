import { uuidFrom } from '../lib/sandbox/ids';
import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { assignedSet, rowsOf } from './allocation-helpers';
import { axeOn } from './axe';
import { dateAhead, openForm, search, slot, take, unique } from './booking-steps';
import { defaultEntity, partner } from './demo-world';
import { STORAGE } from './env';
import {
  controls,
  sandboxApi,
  sandboxPutCommitments,
  sandboxRequestMark,
  sandboxRequestsSince,
  sandboxSend,
  type SandboxReservation,
} from './sandbox';
import { openSearchByKeyboard } from './staff';
import { expect, test, type APIRequestContext, type Page } from './test';

/*
 * Booking for a guest as an operator, for the default entity (Harbour & Vine Direct, default
 * locale en-GB). Each test books on a date of its own, far from the seeded reservations, and
 * counts what it created rather than what exists.
 */

test.use({ storageState: STORAGE.operator });

const entity = { ...defaultEntity, entityId: DEMO_PARTNER.defaultEntityId };
const direct = { id: DEMO_PARTNER.defaultEntityId, name: 'Harbour & Vine Direct', org_id: defaultEntity.orgId };
const WHARF = uuidFrom('venue:wharf');
/**
 * The Wharf Kitchen's dinner commitment (every day 18:00–22:30), allocated to the default entity
 * in a program without access to unallocated seats; on a Saturday nothing else there is open to it.
 */
const WHARF_DINNER = '18fad8c2-e3c6-5b50-8f8d-3a30832fa084';

const reservationsOf = async (request: APIRequestContext, lastName: string) =>
  (
    (await sandboxApi(
      request,
      `/v2/reservations?guest_last_name=${encodeURIComponent(lastName)}&limit=100`,
      partner,
      entity,
    )) as { data: SandboxReservation[] }
  ).data;
const reservationsOn = async (request: APIRequestContext, date: string) =>
  (
    (await sandboxApi(request, `/v2/reservations?date=${date}&status[neq]=canceled&limit=100`, partner, entity)) as {
      pagination: { total_items: number };
    }
  ).pagination.total_items;
/** Whether the sandbox still holds the hold: releasing it again answers 404 once it is gone (used, or released). */
const holdIsGone = async (request: APIRequestContext, id: string) =>
  (await sandboxSend(request, 'DELETE', `/v2/holds/${id}`, partner, entity)).status === 404;

test('search, take a slot, fill the guest and confirm: one reservation in the entity default locale, one e-mail, no hold left', async ({
  page,
  request,
}) => {
  const date = dateAhead(120);
  const last = unique('Booker');
  const email = `${last.toLowerCase()}@guest.test`;
  await page.goto('/reservations');
  await page.getByTestId('new-reservation').click();
  await expect(page).toHaveURL(/\/reservations\/new$/);
  await expect(page.getByTestId('booking-entity')).toHaveText('Harbour & Vine Direct');
  const outboxBefore = (await controls.outbox()).length;

  await search(page, { venue: WHARF, date, party: 2 });
  await expect(page.getByTestId('slot').first()).toBeVisible();
  await expect(slot(page, '19:00')).toContainText(/\d+ seats? left/);
  const holdId = await take(page, '19:00');

  await expect(page.getByTestId('guest-locale-hint')).toContainText(
    'The default language of this brand or channel, English (United Kingdom) (en-GB)',
  );
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('E-mail').fill('not an e-mail');
  await page.getByTestId('booking-confirm').click();
  await expect(page.getByTestId('guest-email-error')).toHaveText('Enter an e-mail address.');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Phone (optional)').fill('+44 20 7946 0000');
  await page.getByLabel('Notes (optional)').fill('Window table, please');
  await page.getByTestId('booking-confirm').click();

  await expect(page).toHaveURL(/\/reservations\/[0-9a-f-]{36}\?booked=1$/);
  await expect(page.getByTestId('booked-notice')).toContainText(
    `A confirmation e-mail was sent to ${email} in English (United Kingdom) (en-GB).`,
  );
  const id = page.url().match(/reservations\/([0-9a-f-]{36})/)![1]!;

  const made = await reservationsOf(request, last);
  expect(made).toHaveLength(1);
  expect(made[0]).toMatchObject({
    id,
    status: 'confirmed',
    date,
    time: '19:00',
    party_size: 2,
    venue_id: WHARF,
    locale: 'en-GB',
    notes: 'Window table, please',
    guest: { first_name: 'Ada', last_name: last, email, phone: '+44 20 7946 0000' },
  });
  const outbox = await controls.outbox();
  const mails = outbox.filter((m) => m.reservation_id === id);
  expect(mails).toHaveLength(1);
  expect(mails[0]).toMatchObject({ kind: 'confirmation', to: email, locale: 'en-GB' });
  expect(outbox.length).toBe(outboxBefore + 1);
  expect(await holdIsGone(request, holdId)).toBe(true);
});

test('choosing another time releases the first hold; leaving the form releases the second', async ({
  page,
  request,
}) => {
  const date = dateAhead(121);
  await openForm(page);
  await search(page, { venue: WHARF, date, party: 2 });
  const mark = await sandboxRequestMark(request);
  const first = await take(page, '19:00');
  const second = await take(page, '19:30');
  expect(second).not.toBe(first);
  const deletes = (await sandboxRequestsSince(request, mark)).filter((r) => r.method === 'DELETE');
  expect(deletes.map((r) => [r.path, r.status])).toEqual([[`/v2/holds/${first}`, 204]]);
  expect(await holdIsGone(request, first)).toBe(true);

  const leaving = await sandboxRequestMark(request);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect
    .poll(async () =>
      (await sandboxRequestsSince(request, leaving))
        .filter((r) => r.method === 'DELETE')
        .map((r) => [r.path, r.status]),
    )
    .toEqual([[`/v2/holds/${second}`, 204]]);
  expect(await holdIsGone(request, second)).toBe(true);

  // The audit row of a hold given up says that no booking was made, and why.
  await page.goto('/activity?action=release-hold');
  const rows = page.getByTestId('activity-row');
  await expect(rows.first()).toBeVisible();
  // In words: each field named, the recorded outcome and reason in the reader's language.
  const changes = page.getByTestId('activity-table');
  await expect(changes).toContainText(/Outcome:\s*released, nothing booked/);
  await expect(changes).toContainText(/Why:\s*the form was left/);
  // The hold is the row's record: its changes do not name it again.
  await expect(rows.first().getByTestId('activity-changes')).not.toContainText('Hold');
});

test('closing the tab releases the hold', async ({ browser, request }) => {
  const context = await browser.newContext({ storageState: STORAGE.operator });
  const page = await context.newPage();
  await openForm(page);
  await search(page, { venue: WHARF, date: dateAhead(122), party: 2 });
  const held = await take(page, '20:00');
  const mark = await sandboxRequestMark(request);
  await page.close({ runBeforeUnload: true });
  await expect
    .poll(async () =>
      (await sandboxRequestsSince(request, mark)).filter((r) => r.method === 'DELETE').map((r) => [r.path, r.status]),
    )
    .toEqual([[`/v2/holds/${held}`, 204]]);
  await context.close();
});

test('a hold that expired before Confirm is reported with a new hold offered, and nothing is booked from it', async ({
  page,
  request,
}) => {
  const date = dateAhead(123);
  const last = unique('Expiry');
  await openForm(page);
  await search(page, { venue: WHARF, date, party: 2, time: '20:30' });
  const expiredHold = await take(page, '20:30');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('E-mail').fill(`${last.toLowerCase()}@guest.test`);

  const mark = await sandboxRequestMark(request);
  await controls.setClock({ advance_s: 11 * 60 });
  try {
    await page.getByTestId('booking-confirm').click();
    await expect(page.getByTestId('hold-expired')).toContainText(
      'The hold on 20:30 expired before the booking was confirmed. No reservation was made.',
    );
    await expect(page.getByTestId('hold-again')).toHaveText('Hold 20:30 again');
    const sent = await sandboxRequestsSince(request, mark);
    // The API was asked once with the expired hold and refused it; nothing was booked.
    expect(sent.filter((r) => r.method === 'POST' && r.path === '/v2/reservations').map((r) => r.status)).toEqual([
      422,
    ]);
    expect(await reservationsOf(request, last)).toEqual([]);

    // The new hold, then the booking with it; what was typed is still there.
    await page.getByTestId('hold-again').click();
    const countdown = page.getByTestId('hold-countdown');
    await expect(countdown).toHaveText(/^\d+:\d\d left$/);
    const fresh = await countdown.getAttribute('data-hold-id');
    expect(fresh).not.toBe(expiredHold);
    await expect(page.getByLabel('Last name')).toHaveValue(last);
    await page.getByTestId('booking-confirm').click();
    await expect(page).toHaveURL(/\?booked=1$/);
    const made = await reservationsOf(request, last);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ date, time: '20:30' });
    // The refused confirm in the activity log: the hold's expiry as the member's clock and zone
    // show a moment (UTC in this browser), not the API's digits.
    await page.goto('/activity?action=create-reservation');
    await expect(page.getByTestId('activity-table')).toContainText(
      /The hold expired at \d{2}:\d{2} UTC before the booking was confirmed/,
    );
  } finally {
    await controls.setClock({ advance_s: -11 * 60 });
  }
});

test('a hold released elsewhere before Confirm: the booking says so, nothing is booked, and the times are offered again', async ({
  page,
  request,
}) => {
  const last = unique('Released');
  await openForm(page);
  await search(page, { venue: WHARF, date: dateAhead(129), party: 2, time: '19:30' });
  const held = await take(page, '19:30');
  await page.getByLabel('First name').fill('Alan');
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('E-mail').fill(`${last.toLowerCase()}@guest.test`);
  // Another tab, or the API's own clean-up, releases the hold behind this page's back.
  expect((await sandboxSend(request, 'DELETE', `/v2/holds/${held}`, partner, entity)).status).toBe(204);

  await page.getByTestId('booking-confirm').click();
  await expect(page.getByTestId('booking-error')).toContainText(
    'The hold was already used or released, so no reservation was made. Choose the time again.',
  );
  await expect(page.getByTestId('hold-countdown')).toHaveCount(0);
  await expect(slot(page, '19:30')).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByLabel('Last name')).toHaveValue(last);
  expect(await reservationsOf(request, last)).toEqual([]);
});

test('the allocation used up to its last seat: one more is refused naming the allocation, and nothing is booked', async ({
  page,
  request,
}) => {
  const date = dateAhead(130, 6);
  // The grid specs may have given the entity seats on the Wharf's other blocks (the late one opens
  // at 21:00 on Saturdays): for this spec the dinner is its only allocation there, as seeded.
  const rows = await rowsOf(request, direct);
  const assigned = assignedSet(rows);
  const others = rows.filter(
    (r) =>
      r.venue_id === WHARF && r.id !== WHARF_DINNER && r.assignment_status === 'assigned' && (r.entity_seats ?? 0) > 0,
  );
  const put = (set: Record<string, number | null>) =>
    sandboxPutCommitments(
      request,
      partner,
      entity,
      Object.entries(set).map(([id, seats]) => ({ id, entity_seats: seats ?? 0 })),
    );
  if (others.length) await put({ ...assigned, ...Object.fromEntries(others.map((r) => [r.id, 0])) });
  try {
    await lastSeatRefused(page, request, date);
  } finally {
    if (others.length)
      await put({
        ...assignedSet(await rowsOf(request, direct)),
        ...Object.fromEntries(others.map((r) => [r.id, r.entity_seats])),
      });
  }
});

async function lastSeatRefused(page: Page, request: APIRequestContext, date: string) {
  const row = (
    (await sandboxApi(request, `/v2/commitments/${WHARF_DINNER}`, partner, entity)) as {
      data: { entity_seats: number | null };
    }
  ).data;
  const seats = row.entity_seats ?? 0;
  expect(seats, 'the entity has seats on the Wharf’s dinner').toBeGreaterThan(1);
  // Another desk books all but the last seat.
  const hold = await sandboxSend(request, 'POST', '/v2/holds', partner, entity, {
    venue_id: WHARF,
    date,
    time: '18:00',
    party_size: seats - 1,
  });
  expect(hold.status, JSON.stringify(hold.body)).toBe(201);
  const booked = await sandboxSend(request, 'POST', '/v2/reservations', partner, entity, {
    hold_id: (hold.body as { id: string }).id,
    guest: { first_name: 'Other', last_name: unique('Desk'), email: 'desk@guest.test' },
  });
  expect(booked.status).toBe(201);

  await openForm(page);
  await search(page, { venue: WHARF, date, party: 1, time: '18:00' });
  await expect(slot(page, '18:00')).toContainText('1 seat left');
  // The last seat goes to another desk while the slot is on screen; then this desk tries to take it.
  const last = await sandboxSend(request, 'POST', '/v2/holds', partner, entity, {
    venue_id: WHARF,
    date,
    time: '18:00',
    party_size: 1,
  });
  expect(last.status).toBe(201);
  const before = await reservationsOn(request, date);
  const mark = await sandboxRequestMark(request);
  await slot(page, '18:00').click();
  const error = page.getByTestId('booking-error');
  await expect(error).toContainText(
    'The 18:00 table is no longer free. The allocation of this brand or channel is used up for',
  );
  await expect(error).toContainText(
    `commitment ${WHARF_DINNER.slice(0, 8)} at The Wharf Kitchen (18:00–22:30), ${seats} seats`,
  );
  await expect(error.getByTestId('booking-grid-link')).toHaveAttribute(
    'href',
    new RegExp(`/allocations\\?venue=${WHARF}&program=`),
  );
  await expect(page.getByTestId('hold-countdown')).toHaveCount(0);

  // A new search says the same before any hold is tried.
  await search(page, { venue: WHARF, date, party: 1 });
  await expect(page.getByTestId('booking-empty')).toHaveAttribute('data-kind', 'allocation-used-up');
  await expect(page.getByTestId('booking-empty')).toContainText(
    `commitment ${WHARF_DINNER.slice(0, 8)} at The Wharf Kitchen`,
  );
  expect(await reservationsOn(request, date)).toBe(before);
  const writes = (await sandboxRequestsSince(request, mark)).filter(
    (r) => r.method === 'POST' && r.path === '/v2/reservations',
  );
  expect(writes).toEqual([]);
}

test('a hold whose countdown runs out is reported at once, released, and a new one offered; Confirm cannot send it', async ({
  page,
  request,
}) => {
  await page.clock.install();
  await openForm(page);
  await search(page, { venue: WHARF, date: dateAhead(124), party: 2, time: '21:00' });
  const held = await take(page, '21:00');
  const mark = await sandboxRequestMark(request);
  // The browser's clock runs 11 minutes on; the countdown, on the server's clock, reaches zero.
  await page.clock.fastForward('11:00');
  await expect(page.getByTestId('hold-expired')).toContainText(
    'The hold on 21:00 expired before the booking was confirmed.',
  );
  await expect(page.getByTestId('hold-again')).toBeVisible();
  await expect(page.getByTestId('booking-confirm')).toBeDisabled();
  const sent = await sandboxRequestsSince(request, mark);
  expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/v2/holds/${held}`]);
  expect(sent.filter((r) => r.method === 'POST' && r.path === '/v2/reservations')).toEqual([]);
});

test('a release sent from another site, or from a page that does not say where it is, is refused and the hold stays', async ({
  page,
  request,
}) => {
  await openForm(page);
  await search(page, { venue: WHARF, date: dateAhead(125), party: 2 });
  const held = await take(page, '19:00');
  const mark = await sandboxRequestMark(request);
  const body = JSON.stringify({ entityId: DEMO_PARTNER.defaultEntityId, reason: 'page-closed' });
  const attempts: Record<string, string>[] = [
    { Origin: 'https://evil.example' },
    { Origin: 'null' },
    { 'Sec-Fetch-Site': 'cross-site' },
    {},
  ];
  for (const headers of attempts) {
    // The operator's own cookies (this page's context), as a forged form or beacon on another site would send them.
    const res = await page.request.post(`/api/holds/${held}/release`, {
      headers: { 'Content-Type': 'text/plain', ...headers },
      data: body,
    });
    expect(res.status(), JSON.stringify(headers)).toBe(403);
  }
  expect((await sandboxRequestsSince(request, mark)).filter((r) => r.method === 'DELETE')).toEqual([]);
  // The page's own release (leaving the form) still works.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reservations' }).click();
  await expect
    .poll(async () =>
      (await sandboxRequestsSince(request, mark)).filter((r) => r.method === 'DELETE').map((r) => r.status),
    )
    .toEqual([204]);
});

test("the API's 403 for an entity not assigned is named for staff", async ({ page }) => {
  await openForm(page);
  await search(page, { venue: WHARF, date: dateAhead(126), party: 2 });
  await expect(slot(page, '19:00')).toBeVisible();
  await controls.setFaults({ fail_requests: [{ method: 'POST', path: '/v2/holds', status: 403 }] });
  try {
    await slot(page, '19:00').click();
    await expect(page.getByTestId('booking-error')).toContainText(
      'this brand or channel is not assigned to this dashboard',
    );
    await expect(page.getByTestId('hold-countdown')).toHaveCount(0);
  } finally {
    await controls.clearFaults();
  }
});

test("the API's 429 is reported with the time requests resume, and the next try holds the table", async ({ page }) => {
  await openForm(page);
  await search(page, { venue: WHARF, date: dateAhead(127), party: 2 });
  await expect(slot(page, '19:00')).toBeVisible();
  await controls.setFaults({ fail_requests: [{ method: 'POST', path: '/v2/holds', status: 429, count: 1 }] });
  try {
    await slot(page, '19:00').click();
    await expect(page.getByTestId('booking-error')).toContainText(
      /request limit is reached; requests resume at \d\d:\d\d:\d\d UTC/,
    );
    await expect(page.getByTestId('hold-countdown')).toHaveCount(0);
  } finally {
    await controls.clearFaults();
  }
  await expect(async () => {
    await slot(page, '19:00').click();
    await expect(page.getByTestId('hold-countdown')).toHaveText(/left$/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
});

test('the times, the hold and the guest form pass axe, in both themes, on a phone and a desktop', async ({ page }) => {
  for (const [colorScheme, width] of [
    ['light', 1280],
    ['dark', 390],
  ] as const) {
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width, height: 900 });
    await openForm(page);
    await search(page, { venue: WHARF, date: dateAhead(128), party: 2 });
    await take(page, '19:00');
    await page.getByTestId('booking-confirm').click();
    await expect(page.getByTestId('guest-first_name-error')).toBeVisible();
    // The booking flow's own parts (the shell is checked by e2e/accessibility.spec.ts).
    const result = await axeOn(page)
      .include('[data-testid="booking-search-form"]')
      .include('[data-testid="slot-picker"]')
      .include('[data-testid="guest-form"]')
      .analyze();
    expect(
      result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
      `${colorScheme} ${width}px`,
    ).toEqual([]);
  }
});

test.describe('as a viewer', () => {
  test.use({ storageState: STORAGE.viewer });
  test('no "New reservation" on the reservations page, the overview or in global search, and the page is not served', async ({
    page,
  }) => {
    await page.goto('/reservations?sort=date');
    await expect(page.getByTestId('reservations-table')).toBeVisible();
    await expect(page.getByTestId('new-reservation')).toHaveCount(0);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.getByTestId('new-reservation')).toHaveCount(0);
    await openSearchByKeyboard(page);
    const menu = page.getByRole('dialog');
    await expect(menu.getByText('Reservations', { exact: true }).first()).toBeVisible();
    await expect(menu.getByText('New reservation')).toHaveCount(0);
    await page.goto('/reservations/new');
    await expect(page.getByTestId('booking-search-form')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
  });
});

test('an operator finds "New reservation" on the overview and in global search', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('new-reservation')).toHaveAttribute('href', '/reservations/new');
  await openSearchByKeyboard(page);
  await page.getByRole('dialog').getByText('New reservation').click();
  await expect(page).toHaveURL(/\/reservations\/new$/);
  await expect(page.getByTestId('booking-entity')).toBeVisible();
});
