import { expect, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';

import type { StaffRole } from '../lib/auth/roles';
import { DEMO_DELEGATES, DEMO_PARTNER, NO_SHOW_REGULAR } from '../lib/sandbox/seed/demo';
import { totpCode } from '../lib/server/auth/totp';
import { STORAGE } from './env';

/** Adds a staff member through the Team page, as the demo admin; the enrolment code the page shows once. */
export async function addMember(
  browser: Browser,
  member: { email: string; name: string; role: StaffRole; password: string },
): Promise<{ enrolmentCode: string }> {
  const context = await browser.newContext({ storageState: STORAGE.admin });
  const admin = await context.newPage();
  await admin.goto('/team');
  await admin.getByRole('button', { name: 'New member' }).click();
  await admin.getByLabel('E-mail').fill(member.email);
  await admin.getByLabel('Name').fill(member.name);
  await admin.getByLabel('Password (empty: one-time)').fill(member.password);
  await admin.getByLabel('Role', { exact: true }).selectOption(member.role);
  await admin.getByRole('button', { name: 'Add member' }).click();
  await expect(admin.getByTestId(`member-${member.email}`)).toBeVisible();
  const enrolmentCode = (await admin.getByTestId('enrolment-code').textContent())!.trim();
  await context.close();
  return { enrolmentCode };
}

/** The sign-in page, once its form is interactive (a click before that would submit nothing). */
export async function openSignIn(page: Page, path = '/login'): Promise<void> {
  await page.goto(path);
  await page.locator('form[data-hydrated]').waitFor();
}

/** A new browser (no cookies) signed in through the sign-in page. */
export async function signedInBrowser(
  browser: Browser,
  email: string,
  password: string,
  path = '/login',
  contextOptions: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...contextOptions, storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await openSignIn(page, path);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  return { context, page };
}

/** A member added for the test (named by `what`, so their rows are their own), signed in in a browser of their own. */
export async function newSignedInMember(browser: Browser, what: string, role: StaffRole = 'viewer') {
  const email = `${what}.${Date.now()}@demo.test`;
  const password = 'a long enough password';
  const name = `Member ${what}`;
  await addMember(browser, { email, name, role, password });
  const member = await signedInBrowser(browser, email, password);
  await expect(member.page.getByTestId('shell-staff-name')).toHaveText(name);
  return { email, ...member };
}

/**
 * Opens the account menu as a member would: the pointer comes over the button (its menu's code
 * loads then, and the button becomes the menu's trigger), then clicks.
 */
export async function openAccountMenu(page: Page): Promise<void> {
  const button = page.getByTestId('account-menu-button');
  await button.hover();
  await expect(button).toHaveAttribute('data-state', 'closed');
  await button.click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/** Signs out through the account menu in the header, as a member would. */
export async function signOutThroughMenu(page: Page): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
}

/**
 * Ctrl+K opens the global search. A key pressed before the page is interactive does nothing (the
 * page's text is painted before its JavaScript runs): press again, as a person would.
 */
export async function openSearchByKeyboard(page: Page): Promise<void> {
  const input = page.getByTestId('global-search-input');
  await expect(async () => {
    if (!(await input.isVisible())) await page.keyboard.press('Control+K');
    await expect(input).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}

/** Every console page, one of each detail page included (a reservation, a regular's reservation and a venue, read from their lists). */
export async function consolePaths(page: Page): Promise<string[]> {
  await page.goto('/reservations');
  const reservation = await page
    .getByTestId('reservations-table')
    .locator('a[href^="/reservations/"]')
    .first()
    .getAttribute('href');
  // the list as it opens: a bare /reservations shows today's and the days ahead, and its address
  // is replaced with that search once the page runs
  await page.waitForURL((url) => url.searchParams.has('date[gte]'));
  const reservations = `${new URL(page.url()).pathname}${new URL(page.url()).search}`;
  expect(reservations).toMatch(/^\/reservations\?date/);
  await page.goto('/today');
  const reservationOfToday = (await page.getByTestId('sheet-guest').first().getAttribute('href'))?.split('open=')[1];
  expect(reservationOfToday).toBeTruthy();
  // a regular's reservation: the guest's history, flags, notes and tags
  await page.goto(`/reservations?guest_email=${encodeURIComponent(NO_SHOW_REGULAR.email)}&sort=-date`);
  const regular = await page
    .getByTestId('reservations-table')
    .locator('a[href^="/reservations/"]')
    .first()
    .getAttribute('href');
  await page.goto('/venues');
  const venue = await page.getByTestId('venue-table').locator('a[href^="/venues/"]').first().getAttribute('href');
  expect(reservation).toBeTruthy();
  expect(venue).toBeTruthy();
  expect(regular).toBeTruthy();
  return [
    '/',
    '/today',
    `/today?open=${reservationOfToday}`,
    '/identity',
    '/delegates',
    `/delegates/${DEMO_DELEGATES[0]!.identityId}`,
    '/entities',
    '/entities/new',
    `/entities/${DEMO_PARTNER.defaultEntityId}`,
    '/allocations',
    reservations,
    '/reservations/new',
    '/reservations/exports',
    reservation!,
    regular!,
    '/venues',
    venue!,
    '/markets',
    '/activity',
    '/team',
    '/account',
    '/inbox',
  ];
}

/**
 * Enrols on the account page with the key shown there, after the enrolment code an admin was shown
 * for the member, when given; the recovery codes it shows once.
 */
export async function enrol(
  page: Page,
  at = new Date(),
  enrolmentCode?: string,
): Promise<{ secret: string; codes: string[] }> {
  if (enrolmentCode) await page.getByLabel('Enrolment code').fill(enrolmentCode);
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  const secret = (await page.getByTestId('two-step-secret').textContent())!.trim();
  await expect(page.getByRole('img', { name: 'QR code of the authenticator key' }).locator('svg')).toBeVisible();
  await page.getByLabel('Code from the app').fill('123 456');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByText('Enter the 6 digits your app shows.')).toBeVisible();
  await page.getByLabel('Code from the app').fill(totpCode(secret, at));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByTestId('two-step-on')).toBeVisible();
  const codes = (await page.getByTestId('recovery-code').allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  return { secret, codes };
}
