import de from '../messages/de.json' with { type: 'json' };
import en from '../messages/en.json' with { type: 'json' };
import { ACTIONS, buildActions } from './action-list';
import { today } from './demo-world';
import { STORAGE } from './env';
import { callAction } from './server-actions';
import { newSignedInMember } from './staff';
import { expect, test, type Browser } from './test';

const START_TEAM_CHANGE = 'lib/actions/bulk-jobs.ts#startTeamChangeAction';
const SAVE_VIEW = 'lib/actions/views.ts#saveViewAction';

/** A viewer added for the test and signed in, in a browser of its own (named by `what`, so its rows are its own). */
async function newViewer(browser: Browser, what: string) {
  const { email, context, page } = await newSignedInMember(browser, what);
  return { email, viewer: { context, page } };
}

test('a refusal is in the log in each reader’s language: a viewer’s try at an admin’s change, read in German and in English', async ({
  browser,
}) => {
  const { email, viewer } = await newViewer(browser, 'refused');
  // The viewer posts the admins' bulk change of the team as the browser would, with its own cookie.
  const action = buildActions().find((a) => a.key === START_TEAM_CHANGE)!;
  const answer = await callAction(viewer.context.request, action.path, action.id, [
    ACTIONS[START_TEAM_CHANGE]!.input(),
  ]);
  expect(answer).toContain('"ok":false');
  await viewer.context.close();

  for (const [locale, lang, messages] of [
    ['de-DE', 'de', de],
    ['en-GB', 'en', en],
  ] as const) {
    const context = await browser.newContext({ storageState: STORAGE.admin, locale });
    const page = await context.newPage();
    await page.goto(`/activity?staff=${encodeURIComponent(email)}&result=refused`);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const rows = page.getByTestId('activity-row');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(messages.activity.actions['start-team-change']);
    const roles = messages.team.roleLabel;
    await expect(rows.getByTestId('activity-message')).toHaveText(
      messages.errors.session.needsRole.replace('{needed}', roles.admin).replace('{role}', roles.viewer),
    );
    // The viewer's sign-in: its method and address in the reader's words too.
    await page.goto(`/activity?kind=sign-ins&staff=${encodeURIComponent(email)}`);
    const signIns = page.getByTestId('activity-row');
    await expect(signIns).toHaveCount(1);
    await expect(signIns.getByTestId('activity-message')).toHaveText(
      new RegExp(
        `^${messages.activity.signIn.ok.replace('{method}', messages.activity.signIn.method.password).replace('{address}', '(?:[0-9a-f.:]+|unknown)')}$`,
      ),
    );
    await context.close();
  }
});

test('a refused input is in the log in each reader’s language, in the schemas’ words and without the code’s field names', async ({
  browser,
}) => {
  const { email, viewer } = await newViewer(browser, 'malformed');
  // A hand-made call: a view with no name, and a field no form sends.
  const action = buildActions().find((a) => a.key === SAVE_VIEW)!;
  const answer = await callAction(viewer.context.request, action.path, action.id, [
    { ...(ACTIONS[SAVE_VIEW]!.input() as object), name: '  ', unexpected: 1 },
  ]);
  expect(answer).toContain('"ok":false');
  // the answer names the fields as the code does, for the program or form that finds them by it
  expect(answer).toContain(`name: ${en.validation.nameView}`);
  await viewer.context.close();

  for (const [locale, messages] of [
    ['de-DE', de],
    ['en-GB', en],
  ] as const) {
    const context = await browser.newContext({ storageState: STORAGE.admin, locale });
    const page = await context.newPage();
    await page.goto(`/activity?staff=${encodeURIComponent(email)}&result=refused`);
    const rows = page.getByTestId('activity-row');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(messages.activity.actions['save-view']);
    const message = rows.getByTestId('activity-message');
    const [before] = messages.errors.input.check.split('{summary}');
    await expect(message).toContainText(before!);
    await expect(message).toContainText(messages.validation.nameView);
    await expect(message).toContainText(messages.errors.input.shape);
    await expect(message).not.toContainText(/\bname:|unexpected/);
    await context.close();
  }
});

test('a search an export recorded reads in the reader’s words: conditions, dates and statuses, never the address', async ({
  browser,
}) => {
  const { email, viewer } = await newViewer(browser, 'exports');
  const day = today();
  const exported = await viewer.context.request.get(
    `/api/reservations/export?date[gte]=${day}&status[in]=confirmed,no_show&sort=date`,
  );
  expect(exported.status()).toBe(200);
  await viewer.context.close();

  const context = await browser.newContext({ storageState: STORAGE.admin, locale: 'de-DE' });
  const page = await context.newPage();
  await page.goto(`/activity?staff=${encodeURIComponent(email)}&action=export-reservations`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const changes = page.getByTestId('activity-row').getByTestId('activity-changes');
  await expect(changes).toHaveCount(1);
  const { attribute, modifier } = de.reservations.filters;
  const status = de.reservations.status;
  await expect(changes).toContainText(`${attribute.date} ${modifier.gteDate} `);
  await expect(changes).toContainText(`${attribute.status} ${modifier.in} ${status.confirmed}, ${status.no_show}`);
  // Each field named in German, the export's end in words: none of the recorded names.
  const { field, value } = de.activity;
  const text = (await changes.innerText()).replace(/\s+/g, ' ');
  expect(text).toContain(`${field.search}: `);
  expect(text).toMatch(new RegExp(`${field.rowsSent}: \\d+`));
  expect(text).toContain(`${field.ended}: ${value.completed}`);
  expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}|\[gte\]|status\[in\]|sort=|\b(query|rows|ended|completed):?/);
  await context.close();
});
