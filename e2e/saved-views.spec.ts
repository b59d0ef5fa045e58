import { DEMO_DELEGATES, DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { buildActions } from './action-list';
import { partner } from './demo-world';
import { DASHBOARD_URL, STORAGE } from './env';
import { sandboxApi } from './sandbox';
import { postAction } from './server-actions';
import { addMember, openSearchByKeyboard, signedInBrowser } from './staff';
import { expect, test, type Page } from './test';

import './reservation-results';

/*
 * Saved views of the reservation search: a member names the search shown (filters, sort, the
 * columns hidden) and opens it again from Views or from search (Ctrl+K), on another device too; an
 * admin shares one with the team; a view whose filter does not apply in the selected entity opens
 * without it and says so.
 */

const PASSWORD = 'a view worth keeping for later';

async function chooseRowsPerPage(page: Page, rows: string) {
  await page.getByTestId('view-menu').click();
  await page.getByRole('menuitemradio', { name: rows }).click();
  await expect(page.getByTestId('view-menu')).not.toHaveAttribute('aria-busy');
  await expect(page.locator('[data-testid^="reservation-row-"]')).toHaveCount(Number(rows));
}

async function saveView(page: Page, name: string, share = false) {
  await page.getByTestId('views-menu').click();
  await page.getByRole('menuitem', { name: 'Save this search as a view…' }).click();
  const form = page.getByTestId('save-view-form');
  await form.getByLabel('Name').fill(name);
  if (share) await form.getByLabel('Share with the whole team').check();
  await form.getByRole('button', { name: 'Save view' }).click();
  await expect(form).toBeHidden();
}

test('a saved view opens from search after signing in again, with its filters, sort and hidden columns', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const email = `views.${Date.now()}@demo.test`;
  await addMember(browser, { email, name: 'View Keeper', role: 'viewer', password: PASSWORD });
  const first = await signedInBrowser(browser, email, PASSWORD);
  await expect(first.page).toHaveURL(/\/$/);
  const page = first.page;
  await page.goto('/reservations?status=confirmed&sort=-date');
  const count = (await page.getByTestId('result-count').textContent())!;
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Language' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'Language' })).toHaveCount(0);
  await chooseRowsPerPage(page, '50');
  const name = `Confirmed, latest first ${Date.now()}`;
  await saveView(page, name);
  // Told before the toast's few seconds are over.
  await expect(page.getByText(`View “${name}” saved.`)).toBeVisible();
  // The member's own page size changes afterwards; the view keeps the one it was saved with.
  await chooseRowsPerPage(page, '25');
  // The same name twice is refused, naming it. The menu already lists the view, without a reload:
  // the save's own answer carries the page rendered anew.
  await page.getByTestId('views-menu').click();
  await expect(page.getByRole('menuitem', { name, exact: true })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Save this search as a view…' }).click();
  const form = page.getByTestId('save-view-form');
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Save view' }).click();
  await expect(form).toContainText(`You already have a view named “${name}”.`);
  await first.context.close();

  // Another browser: the columns are this browser's defaults until the view is opened.
  const second = await signedInBrowser(browser, email, PASSWORD);
  await expect(second.page).toHaveURL(/\/$/);
  await second.page.goto('/venues');
  await openSearchByKeyboard(second.page);
  await second.page.getByTestId('global-search-input').fill(name.slice(0, 20));
  await second.page.getByRole('option', { name: `View: ${name}` }).click();
  await expect(second.page).toHaveURL(/\/reservations\?status=confirmed&sort=-date&limit=50&view=/);
  await expect(second.page.locator('[data-testid^="reservation-row-"]')).toHaveCount(50);
  await expect(second.page.getByTestId('open-view')).toContainText(`View ${name}, yours.`);
  await expect(second.page.getByTestId('result-count')).toHaveText(count);
  await expect(second.page.getByRole('columnheader', { name: 'Guest' })).toBeVisible();
  await expect(second.page.getByRole('columnheader', { name: 'Language' })).toHaveCount(0);
  await second.page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
  await expect(second.page).toHaveURL(/limit=50&page=2/);
  await expect(second.page.locator('[data-testid^="reservation-row-"]')).toHaveCount(50);
  await second.context.close();
});

test('an admin shares a view with the team and an operator opens it; a view is not shared by a viewer', async ({
  browser,
}) => {
  const admin = await (await browser.newContext({ storageState: STORAGE.admin })).newPage();
  await admin.goto('/reservations?status=no_show&sort=-date');
  const name = `No-shows to call back ${Date.now()}`;
  await saveView(admin, name, true);
  await admin.context().close();

  const operator = await (await browser.newContext({ storageState: STORAGE.operator })).newPage();
  await operator.goto('/reservations');
  await operator.getByTestId('views-menu').click();
  const menu = operator.getByRole('menu');
  await expect(menu.getByText('Shared with the team')).toBeVisible();
  await menu.getByRole('menuitem', { name }).click();
  await expect(operator).toHaveURL(/status=no_show/);
  await expect(operator.getByTestId('open-view')).toContainText(/shared by /);
  // Not theirs: the operator cannot delete it, nor share one of their own.
  await expect(operator.getByRole('button', { name: 'Delete this view' })).toHaveCount(0);
  await operator.getByTestId('views-menu').click();
  await operator.getByRole('menuitem', { name: 'Save this search as a view…' }).click();
  await expect(operator.getByTestId('save-view-form').getByLabel('Share with the whole team')).toHaveCount(0);
  // Nor by posting the action as a script would: refused by name, nothing saved.
  const save = buildActions().find((a) => a.key === 'lib/actions/views.ts#saveViewAction')!;
  const forged = `Forged share ${Date.now()}`;
  const answer = await postAction(operator.context().request, `${DASHBOARD_URL}${save.path}`, save.id, [
    { name: forged, query: 'status=confirmed', hiddenColumns: [], shared: true },
  ]);
  expect(await answer.text()).toContain('Only an admin can share a view with the team.');
  await operator.goto('/reservations');
  await operator.getByTestId('views-menu').click();
  await expect(operator.getByRole('menuitem', { name: forged })).toHaveCount(0);
  await operator.context().close();

  // Its owner deletes it: the search opens without it in the menu.
  const again = await (await browser.newContext({ storageState: STORAGE.admin })).newPage();
  await again.goto('/reservations');
  await again.getByTestId('views-menu').click();
  await again.getByRole('menuitem', { name }).click();
  await again.getByRole('button', { name: 'Delete this view' }).click();
  await expect(again.getByText(`View “${name}” deleted.`)).toBeVisible();
  await expect(again).toHaveURL((url) => url.pathname === '/reservations' && !url.searchParams.has('view'));
  await again.getByTestId('views-menu').click();
  await expect(again.getByRole('menuitem', { name: 'Save this search as a view…' })).toBeVisible();
  await expect(again.getByRole('menuitem', { name })).toHaveCount(0);
  await again.context().close();
});

test('a view whose program the selected entity does not have opens without that filter, and says it was dropped', async ({
  browser,
  request,
}) => {
  const entities = (
    (await sandboxApi(request, '/v2/entities?limit=100', partner, {})) as {
      data: { id: string; programs: { program_id: string }[] }[];
    }
  ).data;
  const programsOf = (id: string) => new Set(entities.find((e) => e.id === id)!.programs.map((p) => p.program_id));
  const mine = [...programsOf(DEMO_PARTNER.defaultEntityId)];
  let other: (typeof DEMO_DELEGATES)[number] | undefined;
  let program: string | undefined;
  for (const d of DEMO_DELEGATES.filter((x) => x.orgId && !x.suspended)) {
    program = mine.find((p) => !programsOf(d.entityId).has(p));
    if (program) {
      other = d;
      break;
    }
  }
  expect(other, 'an entity without one of the default entity’s programs').toBeTruthy();

  const page = await (await browser.newContext({ storageState: STORAGE.operator })).newPage();
  await page.goto(`/reservations?program_id=${program}&status=confirmed`);
  await expect(page.getByTestId('result-count')).toBeVisible();
  const name = `One program ${Date.now()}`;
  await saveView(page, name);

  await page.getByLabel('Brand or channel').selectOption(other!.entityId);
  await expect(page.getByTestId('result-count')).toBeVisible();
  await page.getByTestId('views-menu').click();
  await page.getByRole('menuitem', { name }).click();
  await expect(page.getByTestId('view-dropped')).toHaveText(
    'Program: a program the selected brand or channel does not have',
  );
  await expect(page).toHaveURL(/\/reservations\?status=confirmed&limit=25&view=[^&]+$/);
  await expect(page.getByTestId('result-count')).toHaveText(/^\d[\d,]*$/);

  // A link crafted with words of its own where the dashboard names what a view dropped: only the
  // dashboard's own words show.
  const crafted = 'Call the Guest Book support desk on +1 555 0100';
  const link = new URL(page.url());
  link.searchParams.append('dropped', crafted);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByTestId('view-dropped')).toHaveText(
    'Program: a program the selected brand or channel does not have',
  );
  await expect(page.getByText(crafted)).toHaveCount(0);
  await page.context().close();
});
