import { createTranslator } from 'next-intl';

import { addDays } from '../lib/format/days';
import de from '../messages/de.json' with { type: 'json' };
import ja from '../messages/ja.json' with { type: 'json' };
import { defaultEntity, partner } from './demo-world';
import { shownResultCount, venuesToday } from './reservation-results';
import { sandboxApi } from './sandbox';
import { addMember, signedInBrowser } from './staff';
import { expect, test, type APIRequestContext, type Locator, type Page } from './test';

/**
 * The reservation list opens on the venues' today and the days ahead, soonest first, and its
 * address and filter builder say so; clearing the conditions shows every reservation (not today's
 * again), and Past the earlier days, newest first. Every date on the page is written in the
 * member's language. The words expected are read from the member's catalog.
 */
const PASSWORD = 'the list opens on today';
const ISO_DATE = /\d{4}-\d{2}-\d{2}/;

const LANGUAGES = [
  // "Sa., 28. Nov. 2026"
  { code: 'de', name: 'German', messages: de, day: /^(Mo|Di|Mi|Do|Fr|Sa|So)\., \d{1,2}\. \S+ \d{4}$/ },
  // "2026年11月28日(土)"
  { code: 'ja', name: 'Japanese', messages: ja, day: /^\d{4}年\d{1,2}月\d{1,2}日\((月|火|水|木|金|土|日)\)$/ },
] as const;

/** The first page's rows as the table shows them: each row's date (its `datetime`) and how it is written. */
const rowDays = (page: Page) =>
  page.locator('[data-testid^="reservation-row-"]').evaluateAll((rows) =>
    rows.map((row) => {
      const day = [...row.querySelectorAll('time')].find((t) => /^\d{4}-\d{2}-\d{2}$/.test(t.dateTime))!;
      return { date: day.dateTime, label: day.textContent!.trim() };
    }),
  );

/** How many reservations the sandbox holds for a search, in the demo entity's context. */
const sandboxTotal = async (request: APIRequestContext, query: string) =>
  (
    (await sandboxApi(request, `/v2/reservations?${query}${query ? '&' : ''}limit=1`, partner, defaultEntity)) as {
      pagination: { total_items: number };
    }
  ).pagination.total_items;

/** The text of the page's main part, as a member reads it. */
const mainText = (page: Page) => page.locator('main').evaluate((main: HTMLElement) => main.innerText);

async function expectNoIsoDate(page: Page) {
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  expect((await mainText(page)).match(ISO_DATE)).toBeNull();
}

const selectedOption = (select: Locator) => select.locator('option:checked');

for (const language of LANGUAGES) {
  test(`in ${language.name}, the reservation list opens on today and the days ahead; Clear shows them all, Past the earlier days`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const t = createTranslator({ locale: language.code, messages: language.messages });
    const today = await venuesToday();
    const email = `opens.${language.code}.${Date.now()}@demo.test`;
    await addMember(browser, { email, name: `Opens ${language.code}`, role: 'viewer', password: PASSWORD });
    const { context, page } = await signedInBrowser(browser, email, PASSWORD);
    await expect(page.getByTestId('shell-staff-name')).toHaveText(`Opens ${language.code}`);
    await page.goto('/account');
    await page.locator('[data-testid="language-form"] select#language').selectOption(language.code);
    await page.getByRole('button', { name: 'Save language and time zone' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', language.code);

    // From the navigation: the address says what is shown, today and the days after it, soonest first.
    await page.goto('/');
    await page
      .getByRole('navigation', { name: t('shell.nav.label') })
      .getByRole('link', { name: t('shell.nav.reservations'), exact: true })
      .click();
    await page.waitForURL(
      (url) =>
        url.pathname === '/reservations' &&
        url.searchParams.get('date[gte]') === today &&
        url.searchParams.get('sort') === 'date',
    );
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('reservations.title'));
    await expect(page.getByTestId('reservations-table')).toBeVisible();
    const opening = await rowDays(page);
    expect(opening.length).toBeGreaterThan(0);
    for (const row of opening) {
      expect(row.date >= today, `${row.date} is today or later`).toBe(true);
      expect(row.label).toMatch(language.day);
    }
    expect(opening.map((r) => r.date)).toEqual(opening.map((r) => r.date).sort());
    const upcoming = await sandboxTotal(request, `date[gte]=${today}`);
    expect(await shownResultCount(page)).toBe(upcoming);

    // The filter builder shows the condition: Date, on or after, today.
    const search = page.getByRole('region', { name: t('reservations.filters.label') });
    const attribute = search.getByLabel(t('reservations.filters.row.attribute', { n: 1 }));
    await expect(attribute).toHaveValue('date');
    await expect(selectedOption(attribute)).toHaveText(t('reservations.filters.attribute.date'));
    const modifier = search.getByLabel(t('reservations.filters.row.modifier', { n: 1 }));
    await expect(modifier).toHaveValue('gte');
    await expect(selectedOption(modifier)).toHaveText(t('reservations.filters.modifier.gteDate'));
    await expect(search.getByLabel(t('reservations.filters.row.value', { n: 1 }), { exact: true })).toHaveValue(today);
    // "Today is …" and every row's date, written in the member's language: no ISO date on the page.
    await expect(page.getByTestId('presets-today').locator('time')).toHaveAttribute('datetime', today);
    await expect(page.getByTestId('presets-today').locator('time')).toHaveText(language.day);
    await expectNoIsoDate(page);

    // Clear: every reservation, at an address of its own (a reload keeps it), not today's again.
    await search.getByRole('button', { name: t('reservations.filters.clear'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/reservations' && url.search === '?sort=date');
    const all = await sandboxTotal(request, '');
    expect(all).toBeGreaterThan(upcoming);
    await expect.poll(() => shownResultCount(page)).toBe(all);
    const everything = await rowDays(page);
    expect(everything[0]!.date < today, 'the whole list starts before today').toBe(true);
    await page.reload();
    await expect.poll(() => shownResultCount(page)).toBe(all);
    await expect(search.getByLabel(t('reservations.filters.row.value', { n: 1 }), { exact: true })).toHaveValue('');
    await expectNoIsoDate(page);

    // Past: only the days before today, newest first.
    await search.getByRole('button', { name: t('reservations.filters.preset.past'), exact: true }).click();
    // (the API has no `lt`: the days up to yesterday)
    const yesterday = addDays(today, -1);
    await page.waitForURL(
      (url) => url.searchParams.get('date[lte]') === yesterday && url.searchParams.get('sort') === '-date',
    );
    const before = await sandboxTotal(request, `date[lte]=${yesterday}`);
    expect(before).toBe(all - upcoming);
    await expect.poll(() => shownResultCount(page)).toBe(before);
    const past = await rowDays(page);
    expect(past.length).toBeGreaterThan(1);
    for (const row of past) {
      expect(row.date < today, `${row.date} is before today`).toBe(true);
      expect(row.label).toMatch(language.day);
    }
    expect(past.map((r) => r.date)).toEqual(
      past
        .map((r) => r.date)
        .sort()
        .reverse(),
    );
    await expectNoIsoDate(page);

    // Today's address took the place of the bare one in the history: Back past it leads to where
    // the member came from, not to a bare /reservations that would open on today again.
    await page.goBack();
    await page.waitForURL((url) => url.search === '?sort=date');
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('date[gte]') === today);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await context.close();
  });
}
