import { UNKNOWN_DEVICES_LIMIT } from '../lib/server/auth/login-limiter';
import { csrfFor, httpSignIn } from './http-sign-in';
import { addMember, openSignIn, signedInBrowser, signOutThroughMenu } from './staff';
import { expect, test, type BrowserContext, type Page } from './test';

/*
 * Known devices are kept on the server, against the production build. A browser that signed in to
 * an account holds a device cookie; sign-ins that present it are counted on that device, apart
 * from the account's limit for devices it does not know (10 an hour, then progressive delays).
 * A copy of the cookie taken before "sign out everywhere" is an unknown device afterwards: its
 * guesses fill the account's limit for unknown devices, as anyone's. One browser keeps the known
 * devices of several accounts (before, signing in to one account dropped the other's).
 */

const PASSWORD = 'a device the owner knows 2026';
const stamp = () => `${Date.now()}.${Math.floor(Math.random() * 1e6)}`;
const GUESSES = UNKNOWN_DEVICES_LIMIT.free + 2;

/**
 * GUESSES wrong passwords for `email` at once from three loopback addresses (4 each, under the 5 an
 * e-mail takes from one address), presenting `deviceCookie` when given.
 */
async function guess(email: string, addresses: string[], deviceCookie?: string): Promise<void> {
  const csrfs = await Promise.all(addresses.map((a) => csrfFor(a)));
  const answers = await Promise.all(
    Array.from({ length: GUESSES }, (_, i) => {
      const csrf = csrfs[i % addresses.length]!;
      return httpSignIn(email, `wrong guess ${i}`, {
        csrf,
        localAddress: addresses[i % addresses.length],
        ...(deviceCookie && { headers: { Cookie: `${csrf.cookie}; ${deviceCookie}` } }),
      });
    }),
  );
  expect(answers.map((a) => a.error)).toEqual(Array(GUESSES).fill('invalid'));
}

/** The right password from a new address, without a device cookie: null when it signs in, else its error. */
async function stranger(email: string, address: string): Promise<string | null> {
  return (await httpSignIn(email, PASSWORD, { csrf: await csrfFor(address), localAddress: address })).error;
}

async function deviceCookieOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'gb_device');
  expect(cookie, 'a sign-in sets the device cookie').toBeTruthy();
  return `${cookie!.name}=${cookie!.value}`;
}

/** Signs out through the menu, then in again as `email` on the sign-in page. */
async function switchTo(page: Page, email: string): Promise<void> {
  await signOutThroughMenu(page);
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await openSignIn(page);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a device cookie copied out of the browser stops counting as a known device once the owner signs out everywhere', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `copied.device.${stamp()}@demo.test`;
  await addMember(browser, { email, name: 'Copied Device', role: 'viewer', password: PASSWORD });
  const owner = await signedInBrowser(browser, email, PASSWORD);
  await expect(owner.page.getByTestId('shell-staff-name')).toHaveText('Copied Device');
  const copied = await deviceCookieOf(owner.context);

  // While it is known, the copy's guesses are counted on its device: the account's limit for
  // unknown devices is untouched, and the right password from a stranger's address still signs in.
  await guess(email, ['127.0.5.1', '127.0.5.2', '127.0.5.3'], copied);
  expect(await stranger(email, '127.0.5.9')).toBeNull();

  await owner.page.goto('/account');
  await owner.page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await owner.page.getByRole('button', { name: 'Yes, sign out everywhere' }).click();
  await expect(owner.page).toHaveURL(/\/login(\?|$)/);

  // Now the copy is an unknown device: its guesses count against the account's limit for unknown
  // devices, and the right password from elsewhere waits out the delay like theirs.
  await guess(email, ['127.0.5.11', '127.0.5.12', '127.0.5.13'], copied);
  expect(await stranger(email, '127.0.5.19')).toBe('invalid');
  await owner.context.close();
});

test('one browser keeps the known devices of two accounts', async ({ browser }) => {
  test.setTimeout(90_000);
  const [first, second] = [`first.device.${stamp()}@demo.test`, `second.device.${stamp()}@demo.test`];
  await addMember(browser, { email: first, name: 'First Account', role: 'viewer', password: PASSWORD });
  await addMember(browser, { email: second, name: 'Second Account', role: 'viewer', password: PASSWORD });
  // A shared browser (a host stand): one account signs in, then the other.
  const stand = await signedInBrowser(browser, first, PASSWORD);
  await expect(stand.page.getByTestId('shell-staff-name')).toHaveText('First Account');
  await switchTo(stand.page, second);
  await expect(stand.page.getByTestId('shell-staff-name')).toHaveText('Second Account');
  await signOutThroughMenu(stand.page);
  await expect(stand.page).toHaveURL(/\/login(\?|$)/);

  // Guesses from elsewhere hold both accounts for devices they do not know…
  await guess(first, ['127.0.6.1', '127.0.6.2', '127.0.6.3']);
  await guess(second, ['127.0.6.11', '127.0.6.12', '127.0.6.13']);
  expect(await stranger(first, '127.0.6.9')).toBe('invalid');
  expect(await stranger(second, '127.0.6.19')).toBe('invalid');

  // …and the stand, a known device of both, signs in to each.
  await openSignIn(stand.page);
  await stand.page.getByLabel('E-mail').fill(first);
  await stand.page.getByLabel('Password').fill(PASSWORD);
  await stand.page.getByRole('button', { name: 'Sign in' }).click();
  await expect(stand.page.getByTestId('shell-staff-name')).toHaveText('First Account');
  await switchTo(stand.page, second);
  await expect(stand.page.getByTestId('shell-staff-name')).toHaveText('Second Account');
  await stand.context.close();
});
