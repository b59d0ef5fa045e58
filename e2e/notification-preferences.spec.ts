import { STORAGE } from './env';
import { bookTomorrow, canceledInCopy, cancelOutside, itemAbout, unreadOnBell } from './inbox-steps';
import { expect, test } from './test';

/**
 * Notification preferences: an operator turns "Canceled outside the console" off on their account
 * page; a guest's cancel of a reservation they booked then brings them nothing, once the sync has
 * surely seen it (the day sheet shows it canceled). Turned back on, the next cancel reaches the
 * bell. An admin's default for a role, set on the Team page, is in the activity log.
 */
test.use({ storageState: STORAGE.operator });

const CANCELED = 'Canceled outside the console';

test('an operator who turns cancels off gets no item for one; turned back on, the next cancel reaches the bell', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const first = await bookTomorrow(page, request, 'Quiet');
  const second = await bookTomorrow(page, request, 'Heard');

  await page.goto('/account');
  const choices = page.getByTestId('notification-choices');
  await expect(choices.getByLabel(CANCELED)).toHaveValue('console');
  await choices.getByLabel(CANCELED).selectOption('off');
  await choices.getByRole('button', { name: 'Save notifications' }).click();
  await expect(page.getByText('Your notification choices are saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('notification-choices').getByLabel(CANCELED)).toHaveValue('off');

  await cancelOutside(request, first.id);
  // The sync has seen the cancel once the day sheet, read from the dashboard's copy, lists it canceled.
  await canceledInCopy(page, first);
  await page.goto('/inbox?show=all');
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(itemAbout(page, first.id)).toHaveCount(0);

  await page.goto('/account');
  await page.getByTestId('notification-choices').getByLabel(CANCELED).selectOption('console');
  await page.getByTestId('notification-choices').getByRole('button', { name: 'Save notifications' }).click();
  await expect(page.getByText('Your notification choices are saved.')).toBeVisible();

  await page.goto('/reservations?sort=date');
  const before = await unreadOnBell(page);
  await cancelOutside(request, second.id);
  await expect.poll(() => unreadOnBell(page), { timeout: 120_000, intervals: [1_000] }).toBe(before + 1);
  await page.goto('/inbox?show=all');
  await expect(itemAbout(page, second.id)).toHaveCount(1);
  await expect(itemAbout(page, first.id)).toHaveCount(0);
});

test.describe('as an admin', () => {
  test.use({ storageState: STORAGE.admin });

  test('a role’s default set on the Team page is in the activity log, with what it was and what it is', async ({
    page,
  }) => {
    await page.goto('/team');
    const viewers = page.getByTestId('notification-defaults-viewer');
    const changed = viewers.getByLabel('Changed outside the console');
    await expect(changed).toHaveValue('console');
    await changed.selectOption('off');
    await viewers.getByRole('button', { name: 'Save for Viewer' }).click();
    await expect(page.getByText('Notification defaults saved for Viewer.')).toBeVisible();
    await page.reload();
    await expect(
      page.getByTestId('notification-defaults-viewer').getByLabel('Changed outside the console'),
    ).toHaveValue('off');

    await page.goto('/activity?action=set-notification-defaults');
    const row = page.getByTestId('activity-row').first();
    await expect(row).toContainText('Set the team’s notification defaults');
    await expect(row.locator('[data-record="notification_defaults:viewer"]')).toHaveText('A team setting');
    await expect(row.getByTestId('activity-changes')).toContainText(
      /Changed outside the console:\s*In the console\s*→?\s*(changed to)?\s*Off/,
    );

    // Back as it was, for the other tests.
    await page.goto('/team');
    await page
      .getByTestId('notification-defaults-viewer')
      .getByLabel('Changed outside the console')
      .selectOption('console');
    await page.getByTestId('notification-defaults-viewer').getByRole('button', { name: 'Save for Viewer' }).click();
    await expect(page.getByText('Notification defaults saved for Viewer.')).toBeVisible();
  });

  test('the size of a large party is an admin’s: a wrong one is refused, naming why; a new one holds and is in the activity log', async ({
    page,
  }) => {
    await page.goto('/team');
    const form = page.getByTestId('large-party-form');
    const size = form.getByLabel('Large party from (guests)');
    await expect(size).toHaveValue('8');
    await size.fill('1');
    await form.getByRole('button', { name: 'Save size' }).click();
    await expect(form.getByText('Enter a whole number of guests from 2 to 100.')).toBeVisible();
    await size.fill('12');
    await form.getByRole('button', { name: 'Save size' }).click();
    await expect(page.getByText('Large parties now start at 12 guests.')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('large-party-form').getByLabel('Large party from (guests)')).toHaveValue('12');

    await page.goto('/activity?action=set-large-party-size');
    const row = page.getByTestId('activity-row').first();
    await expect(row).toContainText('Set the size of a large party');
    await expect(row.locator('[data-record="large_party_size"]')).toHaveText('A team setting');
    await expect(row.getByTestId('activity-changes')).toContainText(
      /Large party from \(guests\):\s*8\s*→?\s*(changed to)?\s*12/,
    );

    // Back as it was, for the other tests.
    await page.goto('/team');
    await page.getByTestId('large-party-form').getByLabel('Large party from (guests)').fill('8');
    await page.getByTestId('large-party-form').getByRole('button', { name: 'Save size' }).click();
    await expect(page.getByText('Large parties now start at 8 guests.')).toBeVisible();
  });
});
