import { createTranslator } from 'next-intl';

import de from '../messages/de.json' with { type: 'json' };
import { openingListPath } from './reservation-results';
import { addMember, openAccountMenu, openSignIn, signedInBrowser } from './staff';
import { expect, test, type Page } from './test';

/**
 * A member's language is theirs: chosen in account settings, kept with the account, so that a
 * reload and a new sign-in on another browser keep it; before they choose, and on the sign-in
 * page, the browser's language applies. The German expected here is read from the German
 * catalogs, so the test fails when a screen shows another language's words.
 */
const PASSWORD = 'a long enough password';

async function chooseLanguage(page: Page, language: string, save: string) {
  await page.goto('/account');
  await page.locator('[data-testid="language-form"] select#language').selectOption(language);
  await page.getByRole('button', { name: save }).click();
}

test('a member who switches to German reads the console in German, after a reload and on a new sign-in', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `sprache.${Date.now()}@demo.test`;
  await addMember(browser, { email, name: 'Sprache Test', role: 'operator', password: PASSWORD });
  const { context, page } = await signedInBrowser(browser, email, PASSWORD);
  await expect(page.getByTestId('shell-staff-name')).toHaveText('Sprache Test');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await chooseLanguage(page, 'de', 'Save language and time zone');
  // The page is drawn again in German, the confirmation with it.
  await expect(page.getByTestId('language-saved')).toHaveText(de.settings.saved);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.account.title);
  await expect(page.getByRole('button', { name: de.settings.save })).toBeVisible();

  // A dialog: sign out everywhere asks first, in German, and is kept from happening.
  await page.getByRole('button', { name: de.account.sessions.button }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog.getByRole('heading')).toHaveText(de.account.sessions.confirmTitle);
  await dialog.getByRole('button', { name: de.account.sessions.keep }).click();
  await expect(dialog).toBeHidden();

  // Navigation, a heading, an empty state and dates written the German way.
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: de.shell.nav.label });
  await nav.getByRole('link', { name: de.shell.nav.reservations, exact: true }).click();
  await expect(page).toHaveURL(/\/reservations/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.reservations.title);
  // A reservation's date written the German way: "Di., 27. Okt. 2026", the weekday, the day before the month.
  await page.getByTestId('reservations-table').locator('a[href^="/reservations/"]').first().click();
  await expect(page.getByRole('main')).toContainText(/(Mo|Di|Mi|Do|Fr|Sa|So)\., \d{1,2}\. \S+ \d{4}/);
  await page.goto('/reservations?guest_last_name=Nobody-Is-Called-This');
  await expect(page.getByText(de.reservations.results.empty)).toBeVisible();

  // A form's own check and a refusal of the server's, both in German: a view saved twice under one name.
  const viewName = `Ansicht ${Date.now()}`;
  const form = page.getByTestId('save-view-form');
  const saveView = async (name: string) => {
    await page.getByTestId('views-menu').click();
    await page.getByRole('menuitem', { name: de.reservations.views.saveSearch }).click();
    await form.getByLabel(de.reservations.views.nameLabel).fill(name);
    await form.getByRole('button', { name: de.reservations.views.save }).click();
  };
  await saveView('   ');
  await expect(form).toContainText(de.validation.nameView);
  await page.keyboard.press('Escape');
  await saveView(viewName);
  await expect(form).toBeHidden();
  // its toast
  const saved = createTranslator({ locale: 'de', messages: { reservations: de.reservations } });
  await expect(
    page.getByRole('listitem').filter({ hasText: saved('reservations.views.saved', { name: viewName, shared: 'no' }) }),
  ).toBeVisible();
  await saveView(viewName);
  await expect(form).toContainText(de.reservations.errors.viewNameTaken.replace('{name}', viewName));
  await page.keyboard.press('Escape');

  // A reload keeps it.
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  // So does a new sign-in, from a browser that asks for English.
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: de.shell.account.signOut }).click();
  await page.waitForURL(/\/login/);
  await context.close();
  const again = await signedInBrowser(browser, email, PASSWORD);
  await expect(again.page.getByTestId('shell-staff-name')).toHaveText('Sprache Test');
  await expect(again.page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(again.page.getByRole('navigation', { name: de.shell.nav.label })).toContainText(de.shell.nav.overview);
  await again.context.close();
});

test.describe('a browser that asks for German', () => {
  test.use({ locale: 'de-DE', storageState: { cookies: [], origins: [] } });

  test('the sign-in page is German, its validation messages too', async ({ page }) => {
    await openSignIn(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(de.login.heading);
    await page.getByRole('button', { name: de.login.submit }).click();
    await expect(page.getByText(de.login.validation.email)).toBeVisible();
    await expect(page.getByText(de.login.validation.password)).toBeVisible();
  });
});

test.describe('a member whose browser is in Kiritimati', () => {
  test.use({ timezoneId: 'Pacific/Kiritimati' });

  test('their zone is noticed at sign-in, and the activity log shows their times in it', async ({ browser }) => {
    const email = `zone.${Date.now()}@demo.test`;
    // An admin: the sign-ins in the activity log are the admins' to read.
    await addMember(browser, { email, name: 'Zone Test', role: 'admin', password: PASSWORD });
    const { context, page } = await signedInBrowser(browser, email, PASSWORD);
    await expect(page.getByTestId('shell-staff-name')).toHaveText('Zone Test');

    await page.goto('/account');
    await expect(page.locator('[data-testid="language-form"] input#timeZone')).toHaveValue('Pacific/Kiritimati');
    // Named as staff search for it: its offset, its name and its city.
    await expect(page.getByTestId('language-form')).toContainText('UTC+14:00 · Line Islands Time · Kiritimati');
    await expect(page.locator('datalist#time-zone-choices option[value="Europe/Berlin"]')).toHaveAttribute(
      'label',
      /^UTC\+0[12]:00 · Central European Time · Berlin$/,
    );

    await page.goto(`/activity?staff=${encodeURIComponent(email)}&action=sign-in`);
    await expect(page.getByRole('columnheader', { name: 'When (Pacific/Kiritimati)' })).toBeVisible();
    const when = page.getByRole('row').nth(1).locator('time');
    // Kiritimati is UTC+14 all year: the time is named with its offset, never as UTC.
    await expect(when).toHaveText(/GMT\+14$/);
    const at = new Date((await when.getAttribute('datetime'))!);
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Pacific/Kiritimati',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
    await expect(when).toContainText(local);
    await context.close();
  });
});

/**
 * The layout holds in the languages with the longest words and the widest letters: at 390 px no
 * page scrolls sideways, and no button, label, heading, column header or navigation link cuts its
 * words off.
 */
for (const [language, save] of [
  ['de', 'Save language and time zone'],
  ['ja', 'Save language and time zone'],
] as const) {
  test(`the main pages fit a 390 px screen in ${language === 'de' ? 'German' : 'Japanese'}`, async ({ browser }) => {
    test.setTimeout(120_000);
    const email = `layout.${language}.${Date.now()}@demo.test`;
    await addMember(browser, { email, name: `Layout ${language}`, role: 'operator', password: PASSWORD });
    const { context, page } = await signedInBrowser(browser, email, PASSWORD);
    await expect(page.getByTestId('shell-staff-name')).toHaveText(`Layout ${language}`);
    await chooseLanguage(page, language, save);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [
      '/',
      await openingListPath(),
      '/reservations/new',
      '/allocations',
      '/entities',
      '/venues',
      '/activity',
      '/account',
    ]) {
      await page.goto(path);
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
      const problems = await page.evaluate(() => {
        const found: string[] = [];
        const width = document.documentElement.clientWidth;
        if (document.documentElement.scrollWidth > width + 1)
          found.push(`the page is ${document.documentElement.scrollWidth} px wide`);
        const selector = 'button, label, h1, h2, h3, th, nav a, [role="tab"], [role="menuitem"]';
        for (const el of document.querySelectorAll<HTMLElement>(selector)) {
          if (!el.offsetParent || el.closest('.truncate, [data-truncates]')) continue;
          // Read to a screen reader alone (a stacked table's column headers on a phone): nothing on the screen to cut.
          const box = el.getBoundingClientRect();
          if (box.width <= 1 && box.height <= 1) continue;
          const style = getComputedStyle(el);
          const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
          if (clips && el.scrollWidth > el.clientWidth + 1)
            found.push(`clipped: ${el.textContent?.trim().slice(0, 40)}`);
          // A wide table scrolls in its own box; anything else must end inside the screen.
          let scrolls = false;
          for (let p = el.parentElement; p && !scrolls; p = p.parentElement)
            scrolls = ['auto', 'scroll'].includes(getComputedStyle(p).overflowX);
          if (!scrolls && el.getBoundingClientRect().right > width + 1)
            found.push(`past the right edge: ${el.textContent?.trim().slice(0, 40)}`);
        }
        return found;
      });
      expect(problems, `${path} in ${language}`).toEqual([]);
    }
    await context.close();
  });
}
