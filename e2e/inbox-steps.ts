import { expect, type APIRequestContext, type Page } from '@playwright/test';

import { addDays } from '../lib/format/days';
import { todayOf } from '../lib/overview/figures';
import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { search, take, unique } from './booking-steps';
import { defaultEntity, partner } from './demo-world';
import { sandboxSend, type SandboxReservation } from './sandbox';

/** The demo partner's default entity, as the sandbox is called for it. */
export const entity = { ...defaultEntity, entityId: DEMO_PARTNER.defaultEntityId };

/**
 * A table for two at the venues on the first of `days` (counted from the venues' today: 0 is
 * today, 1 tomorrow, a day the sync re-reads on every turn) that has one, as the availability says.
 */
export async function tableOn(request: APIRequestContext, days: readonly number[], sandbox?: string) {
  const venues = (await sandboxSend(request, 'GET', '/v2/venues?limit=100', partner, entity, undefined, sandbox))
    .body as {
    data: { id: string; name: string; time_zone: string }[];
  };
  const today = todayOf(venues.data, new Date());
  const dates = days.map((d) => addDays(today, d));
  for (const date of dates)
    for (const v of venues.data) {
      const { body } = await sandboxSend(
        request,
        'GET',
        `/v2/availability?venue_id=${v.id}&date=${date}&party_size=2`,
        partner,
        entity,
        undefined,
        sandbox,
      );
      const option = (body as { data: { venue_id: string; date: string; time: string }[] }).data[0];
      if (option) return option;
    }
  throw new Error(`no table for two on ${dates.join(', ')}`);
}

/**
 * Books a table for two tomorrow in the console, as the page's member; the reservation's id and
 * the guest's last name. `sandbox`: the API the page's dashboard talks to, when not this worker's.
 */
export async function bookTomorrow(page: Page, request: APIRequestContext, prefix: string, sandbox?: string) {
  const option = await tableOn(request, [1], sandbox);
  const last = unique(prefix);
  await page.goto('/reservations/new');
  await search(page, { venue: option.venue_id, date: option.date, party: 2, time: option.time.slice(0, 5) });
  await take(page, option.time.slice(0, 5));
  await page.getByLabel('First name').fill('Anna');
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('E-mail').fill(`${last.toLowerCase()}@guest.test`);
  await page.getByTestId('booking-confirm').click();
  await expect(page).toHaveURL(/\/reservations\/[0-9a-f-]{36}\?booked=1$/);
  return { id: page.url().match(/reservations\/([0-9a-f-]{36})/)![1]!, last, date: option.date };
}

/**
 * Books a table for two through the partner's API, as a guest's other channel would: tomorrow,
 * or on the first of `days` (tableOn) with one. The reservation as the API answered.
 */
export async function bookOutside(
  request: APIRequestContext,
  last: string,
  sandbox?: string,
  days: readonly number[] = [1],
): Promise<SandboxReservation> {
  const option = await tableOn(request, days, sandbox);
  const hold = await sandboxSend(
    request,
    'POST',
    '/v2/holds',
    partner,
    entity,
    { venue_id: option.venue_id, date: option.date, time: option.time, party_size: 2 },
    sandbox,
  );
  expect(hold.status, JSON.stringify(hold.body)).toBe(201);
  const made = await sandboxSend(
    request,
    'POST',
    '/v2/reservations',
    partner,
    entity,
    {
      hold_id: (hold.body as { id: string }).id,
      guest: { first_name: 'Anna', last_name: last, email: `${last.toLowerCase()}@guest.test` },
    },
    sandbox,
  );
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return (made.body as { data: SandboxReservation }).data;
}

/** Waits until the dashboard's sync has copied a reservation: the day sheet, read from the copy, lists it. */
export async function inCopy(page: Page, booked: { id: string; date: string }) {
  await expect
    .poll(
      async () => {
        await page.goto(`/today?date=${booked.date}`);
        return page.getByTestId(`sheet-row-${booked.id}`).count();
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBe(1);
}

/** Cancels a reservation through the partner's API, as a guest's other channel would. */
export async function cancelOutside(request: APIRequestContext, id: string, sandbox?: string) {
  const canceled = await sandboxSend(request, 'POST', `/v2/reservations/${id}/cancel`, partner, entity, {}, sandbox);
  expect(canceled.status, JSON.stringify(canceled.body)).toBeLessThan(300);
}

/**
 * Waits until the dashboard's sync has seen a cancel made outside it: the day sheet, read from the
 * dashboard's copy, lists the reservation canceled.
 */
export async function canceledInCopy(page: Page, booked: { id: string; date: string }) {
  await expect
    .poll(
      async () => {
        await page.goto(`/today?date=${booked.date}&status=canceled`);
        return page.getByTestId(`sheet-row-${booked.id}`).count();
      },
      { timeout: 120_000, intervals: [2_000] },
    )
    .toBe(1);
}

/** The bell's count as a screen reader hears it ("Inbox, 3 unread notifications"), as a number. */
export async function unreadOnBell(page: Page): Promise<number> {
  const label = (await page.getByTestId('inbox-bell').getAttribute('aria-label')) ?? '';
  const n = /(\d+) unread/.exec(label);
  return n ? Number(n[1]) : 0;
}

/** The member's unread items as the server counts them: what the bell shows once its page is told. */
export const unreadOnServer = (page: Page): Promise<number> =>
  page.evaluate(async () => {
    const res = await fetch('/api/notifications/unread', { cache: 'no-store' });
    return ((await res.json()) as { data: { unread: number } }).data.unread;
  });

export const itemAbout = (page: Page, reservationId: string) =>
  page.getByTestId('inbox-item').filter({ has: page.locator(`a[href="/reservations/${reservationId}"]`) });
