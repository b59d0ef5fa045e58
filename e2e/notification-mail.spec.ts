import { createTranslator } from 'next-intl';

import { DEMO_ACCOUNTS } from '../lib/server/auth/demo-accounts';
import de from '../messages/de.json' with { type: 'json' };
import { STORAGE } from './env';
import { bookTomorrow, canceledInCopy, cancelOutside, itemAbout } from './inbox-steps';
import { mailsTo, wallTimeIn } from './mail';
import { addMember, signedInBrowser } from './staff';
import { expect, test, type Page } from './test';

/**
 * Notifications by e-mail, caught by the run's mail catcher (the dashboard's SMTP server in the
 * demo and the tests): "at once" sends one mail for a guest's cancel, with a link back; turned
 * off, a cancel brings neither an item nor a mail. A German member who chose the daily e-mail
 * gets the item live in the header, and at their digest time (on their Berlin clock) one digest
 * in German. An admin's change of a member's role reaches that member.
 */
const PASSWORD = 'a long enough password';
const CANCELED = 'Canceled outside the console';
const ADMIN = DEMO_ACCOUNTS.find((a) => a.role === 'admin')!;

/** A new operator, signed in on a browser of their own. */
async function newOperator(browser: Parameters<typeof addMember>[0], name: string) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}@demo.test`;
  await addMember(browser, { email, name, role: 'operator', password: PASSWORD });
  const { context, page } = await signedInBrowser(browser, email, PASSWORD);
  await expect(page.getByTestId('shell-staff-name')).toHaveText(name);
  return { email, context, page };
}

/** The bell's unread count, in any language ("Posteingang, 1 ungelesene Benachrichtigung"). */
async function bellCount(page: Page): Promise<number> {
  const label = (await page.getByTestId('inbox-bell').getAttribute('aria-label')) ?? '';
  return Number(/\d+/.exec(label)?.[0] ?? 0);
}

test('“by e-mail at once” sends one mail for a guest’s cancel, linking back; turned off, a cancel brings no item and no mail', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const { email, context, page } = await newOperator(browser, 'Mail Now');
  await page.goto('/account');
  const choices = page.getByTestId('notification-choices');
  await choices.getByLabel(CANCELED).selectOption('In the console and by e-mail at once');
  await choices.getByRole('button', { name: 'Save notifications' }).click();
  await expect(page.getByText('Your notification choices are saved.')).toBeVisible();

  const first = await bookTomorrow(page, request, 'Mailed');
  await cancelOutside(request, first.id);
  await expect.poll(async () => (await mailsTo(request, email)).length, { timeout: 120_000 }).toBe(1);
  const [mail] = await mailsTo(request, email);
  expect(mail!.subject).toMatch(
    new RegExp(`^Anna ${first.last}’s reservation for 2 guests on .+ at .+ was canceled outside the console$`),
  );
  expect(mail!.text).toContain('Hello Mail Now, this has just reached your inbox:');
  expect(mail!.text).toContain('Why you get it: You booked it');
  expect(mail!.text).toMatch(new RegExp(`Open the reservation: http://127\\.0\\.0\\.1:\\d+/reservations/${first.id}`));
  expect(mail!.headers['content-language']).toBe('en');
  // The item is in the inbox too.
  await page.goto('/inbox');
  await expect(itemAbout(page, first.id)).toHaveCount(1);

  // Off: the next cancel brings nothing, once the sync has surely seen it (the day sheet shows it canceled).
  await page.goto('/account');
  await page.getByTestId('notification-choices').getByLabel(CANCELED).selectOption('Off');
  await page.getByTestId('notification-choices').getByRole('button', { name: 'Save notifications' }).click();
  await expect(page.getByText('Your notification choices are saved.')).toBeVisible();
  const second = await bookTomorrow(page, request, 'Unmailed');
  await cancelOutside(request, second.id);
  await canceledInCopy(page, second);
  // Past the mail job's next turn.
  await page.waitForTimeout(12_000);
  await page.goto('/inbox?show=all');
  await expect(page.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
  await expect(itemAbout(page, second.id)).toHaveCount(0);
  expect((await mailsTo(request, email)).map((m) => m.subject)).toEqual([mail!.subject]);
  await context.close();
});

test('a German member who chose the daily e-mail sees the cancel live in the header, and gets one digest in German at their time', async ({
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const { email, context, page } = await newOperator(browser, 'Tägliche Mail');
  const booked = await bookTomorrow(page, request, 'Digest');

  await page.goto('/account');
  const choices = page.getByTestId('notification-choices');
  await choices.getByLabel(CANCELED).selectOption('In the console and in the daily e-mail');
  await choices.getByRole('button', { name: 'Save notifications' }).click();
  await expect(page.getByText('Your notification choices are saved.')).toBeVisible();
  // German, on a Berlin clock.
  await page.locator('[data-testid="language-form"] select#language').selectOption('de');
  await page.locator('[data-testid="language-form"] input#timeZone').fill('Europe/Berlin');
  await page.getByRole('button', { name: 'Save language and time zone' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // The guest cancels through another channel: the bell counts it on the open page, no reload.
  await page.goto('/reservations?sort=date');
  const before = await bellCount(page);
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));
  await cancelOutside(request, booked.id);
  await expect.poll(() => bellCount(page), { timeout: 120_000, intervals: [1_000] }).toBe(before + 1);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  // Nothing by mail yet: a digest waits for its time.
  expect(await mailsTo(request, email)).toEqual([]);

  // The member sets their daily e-mail to the next minute on their Berlin clock: after the item
  // was raised, so the item is the digest's once that minute has come (saved after it, it is due
  // at once).
  const at = wallTimeIn('Europe/Berlin', 5_000);
  await page.goto('/account');
  const form = page.getByTestId('notification-choices');
  await expect(form.getByLabel(de.notificationPreferences.digestTime.label)).toHaveValue('08:00');
  await form.getByLabel(de.notificationPreferences.digestTime.label).fill(at);
  await form.getByRole('button', { name: de.notificationPreferences.save }).click();
  await expect(page.getByText(de.notificationPreferences.saved)).toBeVisible();

  await expect.poll(async () => (await mailsTo(request, email)).length, { timeout: 240_000 }).toBe(1);
  const [digest] = await mailsTo(request, email);
  const t = createTranslator({ locale: 'de', messages: de });
  expect(digest!.subject).toBe(t('notificationMail.digestSubject', { count: 1 }));
  expect(digest!.headers['content-language']).toBe('de');
  expect(digest!.text).toContain(t('notificationMail.digestIntro', { name: 'Tägliche Mail' }));
  expect(digest!.text).toMatch(new RegExp(`^• Die Reservierung von Anna ${booked.last} für 2 Gäste am .+`, 'm'));
  expect(digest!.text).toContain(t('notificationMail.why', { reason: de.inbox.reason.booked_by_you }));
  expect(digest!.text).toContain(`/reservations/${booked.id}`);
  // One digest for the day, however often the job looks again.
  await page.waitForTimeout(12_000);
  expect(await mailsTo(request, email)).toHaveLength(1);
  await context.close();
});

test('an admin’s change of a member’s role reaches that member in the inbox and, as they chose, by e-mail at once', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const { email, context, page } = await newOperator(browser, 'Role Changed');
  await page.goto('/account');
  const choices = page.getByTestId('notification-choices');
  await choices.getByLabel('Your role changed').selectOption('In the console and by e-mail at once');
  await choices.getByRole('button', { name: 'Save notifications' }).click();
  await expect(page.getByText('Your notification choices are saved.')).toBeVisible();
  await context.close();

  const adminContext = await browser.newContext({ storageState: STORAGE.admin });
  const admin = await adminContext.newPage();
  await admin.goto('/team');
  await admin.getByLabel(`Role of ${email}`).selectOption('viewer');
  await admin.getByRole('alertdialog').getByRole('button', { name: 'Change role' }).click();
  await expect(admin.getByTestId(`member-${email}`)).toContainText(/viewer/i);
  await adminContext.close();

  const what = `${ADMIN.name} changed your role from Operator to Viewer`;
  await expect
    .poll(async () => (await mailsTo(request, email)).map((m) => m.subject), { timeout: 60_000 })
    .toEqual([what]);
  const [mail] = await mailsTo(request, email);
  expect(mail!.text).toContain('Why you get it: An admin changed your account');
  expect(mail!.text).toMatch(/Open your account: http:\/\/127\.0\.0\.1:\d+\/account/);

  // The role change ended the member's sessions; signed in again, the item is in their inbox.
  const again = await signedInBrowser(browser, email, PASSWORD);
  await expect(again.page.getByTestId('shell-staff-role')).toHaveText('Viewer');
  await expect.poll(() => bellCount(again.page)).toBeGreaterThanOrEqual(1);
  await again.page.goto('/inbox?reason=admin');
  const item = again.page.getByTestId('inbox-item').filter({ hasText: what });
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('inbox-item-reason')).toHaveText('An admin changed your account');
  await expect(item.getByRole('link', { name: 'Open your account' })).toHaveAttribute('href', '/account');
  await again.context.close();
});
