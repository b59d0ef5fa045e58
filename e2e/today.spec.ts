import { createTranslator } from 'next-intl';

import { addDays } from '../lib/format/days';
import { todayOf } from '../lib/overview/figures';
import de from '../messages/de.json' with { type: 'json' };
import en from '../messages/en.json' with { type: 'json' };
import { partner } from './demo-world';
import { STORAGE } from './env';
import { keepOnGuest } from './guest-notes-steps';
import { bookOutside, entity } from './inbox-steps';
import {
  controls,
  sandboxQuietMark,
  sandboxRequestMark,
  sandboxRequestsSince,
  sandboxSend,
  type SandboxReservation,
} from './sandbox';
import { expect, test, type APIRequestContext, type Page } from './test';

/**
 * The day of service: Today lists the selected entity's reservations of the day at the venues,
 * by venue and quarter hour, with the covers the sandbox holds; it follows a guest's cancel made
 * in the sandbox without a reload; it prints as the pre-service sheet; its pacing counts each
 * quarter's covers on a commitment against the seats the sandbox allocates to the entity, and
 * links to that commitment on the grid.
 */
test.use({ storageState: STORAGE.operator });

interface Commitment {
  id: string;
  assignment_status: string;
  entity_seats: number | null;
  venue_id: string;
  program_id: string;
  days_of_week: number[];
  start_time: string;
  end_time: string;
}

async function all<T>(request: APIRequestContext, path: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const { status, body } = await sandboxSend(request, 'GET', `${path}&limit=100&page=${page}`, partner, entity);
    expect(status).toBe(200);
    const { data, pagination } = body as { data: T[]; pagination: { total_pages?: number; has_more?: boolean } };
    out.push(...data);
    if (!data.length || (pagination.total_pages ?? 0) <= page) return out;
  }
}

/** The day at the venues and the sandbox's reservations of it for the entity. */
async function sandboxDay(request: APIRequestContext) {
  const venues = await all<{ id: string; name: string; time_zone: string }>(request, '/v2/venues?');
  const day = todayOf(venues, new Date());
  const reservations = await all<SandboxReservation>(request, `/v2/reservations?date=${day}`);
  return { venues, day, reservations };
}

/**
 * A table for two today, booked through the partner's API as a guest's other channel would: the
 * day then holds a kept reservation of the test's own, whatever earlier specs canceled or changed.
 */
const bookToday = (request: APIRequestContext) =>
  bookOutside(request, `Today${Date.now().toString(36)}`, undefined, [0]);

const quarterOf = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return `${String(h).padStart(2, '0')}:${String(Math.floor(m / 15) * 15).padStart(2, '0')}`;
};

/** Covers (party sizes of reservations not canceled) per venue and quarter hour. */
function coversByQuarter(reservations: SandboxReservation[]) {
  const out = new Map<string, Map<string, number>>();
  for (const r of reservations) {
    const venue = out.get(r.venue_id) ?? new Map<string, number>();
    out.set(r.venue_id, venue);
    const q = quarterOf(r.time);
    venue.set(q, (venue.get(q) ?? 0) + (r.status === 'canceled' ? 0 : r.party_size));
  }
  return out;
}

/** Today's page shows, venue by venue and quarter by quarter, the covers the sandbox holds now (the copy may be a sync behind: read again until it is not). */
async function expectSheetLikeSandbox(page: Page, request: APIRequestContext, covers: (n: number) => string) {
  await expect(async () => {
    const { reservations } = await sandboxDay(request);
    expect(reservations.length).toBeGreaterThan(0);
    await page.goto('/today');
    for (const [venueId, quarters] of coversByQuarter(reservations)) {
      const sheet = page.getByTestId(`sheet-${venueId}`);
      for (const [quarter, n] of quarters)
        await expect(sheet.getByTestId(`quarter-${quarter}`).getByTestId('quarter-covers')).toHaveText(covers(n), {
          timeout: 1_000,
        });
    }
    await expect(page.locator('[data-testid^="sheet-row-"]')).toHaveCount(reservations.length, { timeout: 1_000 });
  }).toPass({ timeout: 75_000 });
}

for (const [language, locale, code, messages] of [
  ['English', 'en-GB', 'en', en],
  ['German', 'de-DE', 'de', de],
] as const) {
  test.describe(`in ${language}`, () => {
    test.use({ locale });

    test('Today lists the sandbox’s reservations of the day, with the covers of each quarter hour', async ({
      page,
      request,
    }) => {
      test.setTimeout(120_000);
      const t = createTranslator({ locale: code, messages: { today: messages.today } });
      await expectSheetLikeSandbox(page, request, (n) => t('today.sheet.covers', { covers: n }));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(messages.today.title);
      await expect(
        page.getByRole('navigation', { name: messages.shell.nav.label }).getByRole('link').first(),
      ).toHaveText(messages.shell.nav.today);
    });
  });
}

test('a guest’s cancel made in the sandbox shows on the open day as canceled by the guest, without a reload', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const kept = await bookToday(request);
  const row = page.getByTestId(`sheet-row-${kept.id}`);
  await expect(async () => {
    await page.goto('/today');
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 90_000 });
  await expect(row).toHaveAttribute('data-status', kept.status);
  // What changed on the day before now (earlier specs' changes, this table's booking, as the sync
  // finds them) is seen; a mark may come a moment after the row.
  const since = page.getByTestId('since-last-look');
  await expect(async () => {
    if (await since.isVisible()) await since.getByRole('button', { name: 'Mark as seen' }).click();
    await expect(since).toHaveCount(0, { timeout: 3_000 });
    await expect(row.getByTestId('row-mark')).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  const canceled = await sandboxSend(request, 'POST', `/v2/reservations/${kept.id}/cancel`, partner, entity, {});
  expect(canceled.status, JSON.stringify(canceled.body)).toBeLessThan(300);

  await expect(row).toHaveAttribute('data-status', 'canceled', { timeout: 75_000 });
  await expect(row.getByTestId('row-mark')).toHaveText('Canceled by the guest');
  // The notice counts the marked rows: this one, and any other change the sync found meanwhile.
  const marked = await page.getByTestId('row-mark').count();
  await expect(since).toContainText(
    marked === 1
      ? '1 reservation changed since you last looked'
      : `${marked} reservations changed since you last looked`,
  );
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
});

test('a row opens its reservation beside the list, and j moves to the next row', async ({ page, request }) => {
  const { reservations } = await sandboxDay(request);
  await page.goto('/today');
  const guests = page.getByTestId('sheet-guest');
  await expect(guests).toHaveCount(reservations.length, { timeout: 60_000 });
  await page.keyboard.press('j');
  await expect(guests.first()).toBeFocused();
  await page.keyboard.press('Enter');
  const aside = page.getByTestId('reservation-aside');
  await expect(aside).toBeVisible();
  const name = await guests.first().textContent();
  const first = reservations.find((r) => `${r.guest.first_name} ${r.guest.last_name}` === name);
  expect(first).toBeTruthy();
  await expect(aside.getByTestId('aside-email')).toHaveText(first!.guest.email);
  await expect(page).toHaveURL(new RegExp(`open=${first!.id}`));
  await aside.getByRole('link', { name: 'Close' }).click();
  await expect(aside).toBeHidden();
});

test('printed, the day is the pre-service sheet: the guests in time order, nothing of the console around them', async ({
  page,
  request,
}) => {
  const { reservations } = await sandboxDay(request);
  await page.goto('/today');
  await expect(page.getByTestId('sheet-guest')).toHaveCount(reservations.length, { timeout: 60_000 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await expect(page.getByTestId('today-filters')).toBeHidden();
  await expect(page.getByTestId('pacing')).toBeHidden();
  for (const sheet of await page.locator('section[data-testid^="sheet-"]').all()) {
    const times = await sheet.locator('[data-testid^="sheet-row-"] td:first-child').allTextContents();
    expect(times).toEqual([...times].sort());
  }
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
});

test('pacing counts a quarter hour’s covers on a commitment against its seats, and opens the grid on it', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await bookToday(request);
  const { day, reservations } = await sandboxDay(request);
  const weekday = ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const commitments = (await all<Commitment>(request, '/v2/commitments?')).filter(
    (c) => c.assignment_status === 'assigned' && c.days_of_week.includes(weekday),
  );
  const on = (c: Commitment) =>
    reservations.filter(
      (r) =>
        r.status !== 'canceled' &&
        r.venue_id === c.venue_id &&
        r.program_id === c.program_id &&
        r.time.slice(0, 5) >= c.start_time &&
        r.time.slice(0, 5) < c.end_time,
    );
  const busiest = commitments.sort((a, b) => on(b).length - on(a).length)[0];
  expect(busiest && on(busiest).length, 'a commitment with covers today').toBeGreaterThan(0);
  const booked = on(busiest!);
  const byQuarter = coversByQuarter(booked).get(busiest!.venue_id)!;
  const total = booked.reduce((n, r) => n + r.party_size, 0);

  await expect(async () => {
    // pacing shows one venue: the busiest, or the one chosen
    await page.goto(`/today?pacing=${busiest!.venue_id}`);
    const line = page.getByTestId(`pacing-line-${busiest!.id}`);
    await expect(line.getByTestId('pacing-seats')).toHaveText(
      `${total} of ${busiest!.entity_seats} seats booked · ${Math.max(0, busiest!.entity_seats! - total)} left`,
      { timeout: 1_000 },
    );
    for (const [quarter, n] of byQuarter)
      await expect(line.getByTestId(`pacing-cell-${quarter}`).getByTestId('pacing-covers')).toHaveText(String(n), {
        timeout: 1_000,
      });
  }).toPass({ timeout: 75_000 });

  await page.getByTestId(`pacing-line-${busiest!.id}`).getByTestId('pacing-grid-link').click();
  await expect(page).toHaveURL(new RegExp(`/allocations\\?.*commitment=${busiest!.id}`));
  await expect(page.getByTestId(`alloc-row-${busiest!.id}`)).toHaveAttribute('data-focused', 'true');
});

test('a repeat view of Today, with the API slow, is read from the live copy: no API request', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { reservations } = await sandboxDay(request);
  await page.goto('/today');
  await expect(page.getByTestId('sheet-guest')).toHaveCount(reservations.length, { timeout: 60_000 });
  await controls.setFaults({ latency_ms: 250 });
  try {
    await page.goto('/venues');
    const mark = await sandboxQuietMark(request);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Today' }).click();
    await expect(page.getByTestId('sheet-guest')).toHaveCount(reservations.length);
    await expect(page.getByTestId('pacing')).toBeVisible();
    const sent = (await sandboxRequestsSince(request, mark)).filter((r) => !r.path.startsWith('/_sandbox'));
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([]);
  } finally {
    await controls.clearFaults();
  }
});

test('a day beyond the live copy’s two weeks comes from the entity’s book with the sandbox’s guests of that day, without asking the API; a day within them comes whole', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { day } = await sandboxDay(request);
  const far = addDays(day, 30);
  const [before, theDay] = [addDays(far, -1), far];
  const ofTheDay = await all<SandboxReservation>(request, `/v2/reservations?date=${theDay}`);
  // The sync brings the book in step within two of its turns of the dashboard's start; until then the API answers.
  await expect(async () => {
    await page.goto(`/today?date=${before}`);
    await expect(page.getByTestId('filter-date')).toHaveValue(before);
    const mark = await sandboxRequestMark(request);
    await page.getByRole('link', { name: 'Next day' }).click();
    await expect(page.getByTestId('filter-date')).toHaveValue(theDay);
    await expect(page.getByTestId('sheet-guest')).toHaveCount(ofTheDay.length);
    const asked = (await sandboxRequestsSince(request, mark)).filter((r) => r.path.startsWith('/v2/reservations'));
    expect(asked.map((r) => r.query)).toEqual([]);
  }).toPass({ timeout: 90_000, intervals: [2_000] });
  await expect(page.getByTestId('page-skeleton')).toHaveCount(0);
  // today, from the live copy: the page's first answer holds the day, no skeleton
  const answer = await page.request.get('/today');
  const html = await answer.text();
  expect(html).toContain('data-testid="today-scope"');
  expect(html).not.toContain('data-testid="page-skeleton"');
});

test('the team’s tag and note on a guest, and a tag on the reservation, show on the guest’s row of the day', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { reservations } = await sandboxDay(request);
  const guest = reservations.find((r) => r.guest?.email);
  expect(guest, 'a reservation of today with an e-mail').toBeTruthy();
  const stamp = Date.now().toString(36);
  const tag = `VIP ${stamp}`;
  const occasion = `Birthday ${stamp}`;
  const note = `Prefers the window (${stamp})`;

  await page.goto(`/reservations/${guest!.id}`);
  await keepOnGuest(page, { note, tag, occasion });

  await page.goto('/today');
  const row = page.getByTestId(`sheet-row-${guest!.id}`);
  await expect(row.getByTestId('sheet-tags')).toContainText(tag, { timeout: 60_000 });
  await expect(row.getByTestId('sheet-tags')).toContainText(occasion);
  await expect(row.getByTestId('sheet-team-note')).toHaveText(`Team note: ${note}`);
  await row.getByTestId('sheet-guest').click();
  await expect(page.getByTestId('aside-tags')).toContainText(tag);
});
