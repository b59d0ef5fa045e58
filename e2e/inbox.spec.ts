import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { todayOf } from '../lib/overview/figures';
import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../lib/server/auth/demo-accounts';
import { axeOn } from './axe';
import { search, take, unique } from './booking-steps';
import { defaultEntity, partner } from './demo-world';
import { STORAGE } from './env';
import { sandboxSend } from './sandbox';
import { signedInBrowser } from './staff';

/**
 * The notification inbox: an operator books a reservation in the console, the guest cancels it
 * through another channel (here the partner's API, straight to the sandbox); the dashboard's sync
 * finds the cancel, and the operator's bell counts a new item without a reload. The inbox says
 * what happened and why; Done holds over a reload and in another browser signed in as the same
 * member. An admin who did not book it gets no item.
 */
test.use({ storageState: STORAGE.operator });

const entity = { ...defaultEntity, entityId: DEMO_PARTNER.defaultEntityId };
const operator = DEMO_ACCOUNTS.find((a) => a.role === 'operator')!;

/** A table for two tomorrow at the venues (a day the sync re-reads on every turn), as the availability says. */
async function tableTomorrow(request: APIRequestContext) {
  const venues = (await sandboxSend(request, 'GET', '/v2/venues?limit=100', partner, entity)).body as {
    data: { id: string; name: string; time_zone: string }[];
  };
  const today = todayOf(venues.data, new Date());
  const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  for (const v of venues.data) {
    const { body } = await sandboxSend(
      request,
      'GET',
      `/v2/availability?venue_id=${v.id}&date=${tomorrow}&party_size=2`,
      partner,
      entity,
    );
    const option = (body as { data: { venue_id: string; date: string; time: string }[] }).data[0];
    if (option) return option;
  }
  throw new Error(`no table for two on ${tomorrow}`);
}

/** The bell's count as a screen reader hears it ("Inbox, 3 unread notifications"), as a number. */
async function unreadOnBell(page: Page): Promise<number> {
  const label = (await page.getByTestId('inbox-bell').getAttribute('aria-label')) ?? '';
  const n = /(\d+) unread/.exec(label);
  return n ? Number(n[1]) : 0;
}

const itemAbout = (page: Page, reservationId: string) =>
  page.getByTestId('inbox-item').filter({ has: page.locator(`a[href="/reservations/${reservationId}"]`) });

test('a guest’s cancel of a reservation an operator booked reaches the operator’s bell live; Done holds in another browser; an admin gets nothing', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const option = await tableTomorrow(request);
  const last = unique('Inbox');

  // The operator books it in the console.
  await page.goto('/reservations/new');
  await search(page, { venue: option.venue_id, date: option.date, party: 2, time: option.time.slice(0, 5) });
  await take(page, option.time.slice(0, 5));
  await page.getByLabel('First name').fill('Anna');
  await page.getByLabel('Last name').fill(last);
  await page.getByLabel('E-mail').fill(`${last.toLowerCase()}@guest.test`);
  await page.getByTestId('booking-confirm').click();
  await expect(page).toHaveURL(/\/reservations\/[0-9a-f-]{36}\?booked=1$/);
  const id = page.url().match(/reservations\/([0-9a-f-]{36})/)![1]!;

  // An open page, its bell's count before; the page is never reloaded.
  await page.goto('/reservations');
  const before = await unreadOnBell(page);
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  const canceled = await sandboxSend(request, 'POST', `/v2/reservations/${id}/cancel`, partner, entity, {});
  expect(canceled.status, JSON.stringify(canceled.body)).toBeLessThan(300);

  await expect.poll(() => unreadOnBell(page), { timeout: 120_000, intervals: [1_000] }).toBe(before + 1);
  await expect(page.getByTestId('inbox-bell')).toHaveAttribute(
    'aria-label',
    before + 1 === 1 ? 'Inbox, 1 unread notification' : `Inbox, ${before + 1} unread notifications`,
  );
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

  // The inbox says what happened, why, and links to the reservation.
  await page.getByTestId('inbox-bell').click();
  await expect(page).toHaveURL(/\/inbox$/);
  const item = itemAbout(page, id);
  await expect(item).toHaveCount(1);
  await expect(item).toHaveAttribute('data-state', 'unread');
  await expect(item.getByTestId('inbox-item-what')).toHaveText(
    new RegExp(`^Anna ${last}’s reservation for 2 guests on .+ at .+ was canceled outside the console$`),
  );
  await expect(item.getByTestId('inbox-item-reason')).toHaveText('You booked it');
  // Readable with a screen reader, in both themes, and on a 360 px phone without scrolling sideways.
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect((await axeOn(page).analyze()).violations.map((v) => `${colorScheme}: ${v.id}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 360, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1280, height: 900 });

  // Done: gone from Unread, in Done, after a reload and in a second browser signed in as the operator.
  // by keyboard: the item's Done button, named for the item
  const done = item.getByRole('button', { name: new RegExp(`^Done: Anna ${last}’s reservation`) });
  await done.focus();
  await page.keyboard.press('Enter');
  await expect(itemAbout(page, id)).toHaveCount(0);
  await expect.poll(() => unreadOnBell(page)).toBe(before);
  await page.reload();
  await expect(itemAbout(page, id)).toHaveCount(0);
  await page.goto('/inbox?show=done');
  await expect(itemAbout(page, id)).toHaveAttribute('data-state', 'done');

  const second = await signedInBrowser(browser, operator.email, DEMO_PASSWORD);
  await expect(second.page).not.toHaveURL(/\/login/);
  await second.page.goto('/inbox?show=done');
  await expect(itemAbout(second.page, id)).toHaveAttribute('data-state', 'done');
  await second.page.goto('/inbox?show=all');
  await expect(second.page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(itemAbout(second.page, id)).toHaveCount(0);
  await second.context.close();

  // The admin did not book it: no item about it in any tab.
  const admin = await browser.newContext({ storageState: STORAGE.admin });
  const adminPage = await admin.newPage();
  for (const show of ['all', 'done']) {
    await adminPage.goto(`/inbox?show=${show}`);
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    await expect(itemAbout(adminPage, id)).toHaveCount(0);
  }
  await admin.close();
});
