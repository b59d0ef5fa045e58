import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../lib/server/auth/demo-accounts';
import { axeOn } from './axe';
import { STORAGE } from './env';
import { bookTomorrow, cancelOutside, itemAbout, unreadOnBell } from './inbox-steps';
import { signedInBrowser } from './staff';
import { expect, test } from './test';

/**
 * The notification inbox: an operator books a reservation in the console, the guest cancels it
 * through another channel (here the partner's API, straight to the sandbox); the dashboard's sync
 * finds the cancel, and the operator's bell counts a new item without a reload. The inbox says
 * what happened and why; Done holds over a reload and in another browser signed in as the same
 * member. An admin who did not book it gets no item.
 */
test.use({ storageState: STORAGE.operator });

const operator = DEMO_ACCOUNTS.find((a) => a.role === 'operator')!;

test('a guest’s cancel of a reservation an operator booked reaches the operator’s bell live; Done holds in another browser; an admin gets nothing', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  // The operator books it in the console.
  const { id, last } = await bookTomorrow(page, request, 'Inbox');

  // An open page, its bell's count before; the page is never reloaded.
  await page.goto('/reservations?sort=date');
  const before = await unreadOnBell(page);
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  await cancelOutside(request, id);

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
