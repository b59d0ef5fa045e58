import { addMember, consolePaths, signedInBrowser } from './staff';
import { expect, test, type Page } from './test';

/**
 * The console speaks the staff's language, not the API's: in German and Japanese, no page's main
 * text shows an HTTP verb with a path, a record's UUID, a status as the API spells it, or a date in
 * ISO form. Ids stay reachable (a name's title, the address), but nobody has to read one.
 */
const PASSWORD = 'a long enough password';

const API_TEXT: [string, RegExp][] = [
  ['an HTTP verb and path', /\b(GET|POST|PUT|PATCH|DELETE)\s+\/\S*/g],
  ['a UUID', /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi],
  ['a raw status', /\b(pending|confirmed|completed|canceled|no_show)\b/g],
  ['an ISO date', /\b\d{4}-\d{2}-\d{2}\b/g],
];

async function chooseLanguage(page: Page, language: string) {
  await page.goto('/account');
  await page.locator('[data-testid="language-form"] select#language').selectOption(language);
  await page.getByRole('button', { name: 'Save language and time zone' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

for (const language of ['de', 'ja']) {
  test(`in ${language === 'de' ? 'German' : 'Japanese'}, no page shows the API's verbs, ids, status values or ISO dates`, async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const email = `words.${language}.${Date.now()}@demo.test`;
    await addMember(browser, { email, name: `Words ${language}`, role: 'operator', password: PASSWORD });
    const { context, page } = await signedInBrowser(browser, email, PASSWORD);
    await expect(page.getByTestId('shell-staff-name')).toHaveText(`Words ${language}`);
    const paths = await consolePaths(page);
    await chooseLanguage(page, language);
    const found: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
      // Left out: a refusal's own words from Guest Book, quoted in the log as it sent them (its ids
      // and dates with them), as a row's message or a stopped apply's answer. A search the log recorded is read in words, and scanned.
      const text = await page.locator('main').evaluate((main) => {
        const copy = main.cloneNode(true) as HTMLElement;
        copy
          .querySelectorAll('[data-testid="activity-message"], [data-testid="activity-quoted"]')
          .forEach((quoted) => quoted.remove());
        document.body.append(copy);
        const words = copy.innerText;
        copy.remove();
        return words;
      });
      for (const [what, pattern] of API_TEXT)
        for (const match of text.matchAll(pattern)) found.push(`${path}: ${what}: "${match[0]}"`);
    }
    expect(found).toEqual([]);
    await context.close();
  });
}
