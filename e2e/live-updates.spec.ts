import { applyAndWait, entities, lastBoundary, openGrid, roomyRow } from './allocation-helpers';
import { defaultEntity, partner, today } from './demo-world';
import { STORAGE } from './env';
import { sandboxApi } from './sandbox';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from './test';

/**
 * Pages that follow the change feed (docs/architecture.md, "The change feed"): a change by one
 * member reaches another member's open pages without a reload, marked with who made it; a page
 * with unsaved edits keeps them and shows a banner instead.
 */
test.describe.configure({ mode: 'serial' });

interface Row {
  id: string;
  status: string;
  guest: { first_name: string; last_name: string };
}

/** The first upcoming confirmed reservation of the search `query` (sorted by date), as the sandbox holds it. */
async function confirmedOn(request: APIRequestContext, query: string): Promise<Row> {
  const res = (await sandboxApi(request, `/v2/reservations?${query}&limit=10`, partner, defaultEntity)) as {
    data: Row[];
  };
  const row = res.data.find((r) => r.status === 'confirmed');
  expect(row, 'a confirmed upcoming reservation on the first page').toBeTruthy();
  return row!;
}

/**
 * Marks each page's document, so that a reload (a new document, without the mark) fails the test.
 * The document, not an element: a refresh of the page's data may render an element anew, and is
 * no reload.
 */
const stayPut = (context: BrowserContext) =>
  Promise.all(context.pages().map((p) => p.evaluate(() => Object.assign(window, { stillHere: true }))));

/** The page's requests for a new version of `path` (router.refresh), from now on, as they are made. */
function pageRefreshes(page: Page, path: string): string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && r.headers()['rsc'] === '1' && new URL(r.url()).pathname === path) seen.push(r.url());
  });
  return seen;
}

/** Whether `page` is still the document stayPut marked. */
const stillHere = (page: Page) => page.evaluate(() => (window as { stillHere?: boolean }).stillHere === true);

test("a cancel by one member updates the other's open list and reservation page without a reload, marked with who", async ({
  browser,
  request,
}) => {
  const query = `date%5Bgte%5D=${today()}&sort=date`;
  const target = await confirmedOn(request, `date[gte]=${today()}&sort=date`);
  const admin = await browser.newContext({ storageState: STORAGE.admin });
  const list = await admin.newPage();
  await list.goto(`/reservations?${query}`);
  const row = list.locator('tr', { has: list.locator(`a[href="/reservations/${target.id}"]`) });
  await expect(row).toContainText('confirmed');
  // A second tab of the same browser: it shares the first one's event stream.
  const detail = await admin.newPage();
  await detail.goto(`/reservations/${target.id}`);
  await expect(detail.getByTestId('reservation-status')).toHaveText('confirmed');
  await stayPut(admin);

  const operator = await browser.newContext({ storageState: STORAGE.operator });
  const page = await operator.newPage();
  await page.goto(`/reservations/${target.id}`);
  await page.getByRole('button', { name: 'Cancel reservation' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByTestId('reservation-status')).toHaveText('canceled');

  await expect(row).toContainText('canceled');
  await expect(row.getByTestId('change-mark')).toHaveText('Canceled by Olivia Operator');
  await expect(detail.getByTestId('reservation-status')).toHaveText('canceled');
  await expect(detail.getByTestId('change-mark')).toHaveText('Canceled by Olivia Operator');
  expect(await stillHere(list)).toBe(true);
  expect(await stillHere(detail)).toBe(true);
  // The mark is for a moment: it goes, the new status stays.
  await expect(row.getByTestId('change-mark')).toHaveCount(0, { timeout: 15_000 });
  await expect(row).toContainText('canceled');
  await Promise.all([admin.close(), operator.close()]);
});

test('unsaved edits on the grid are kept when another member applies: a banner names who changed which commitment', async ({
  browser,
  request,
}) => {
  const mine = await browser.newContext({ storageState: STORAGE.operator });
  const page = await mine.newPage();
  await openGrid(page);
  const row = await roomyRow(request, page, 1);
  const all = await entities(request);
  /** The seats input of the entity left of a row's unallocated seats (one with room to grow). */
  const seatsInput = async (p: typeof page, commitmentId: string) => {
    const { entityId } = await lastBoundary(p, commitmentId);
    const name = all.find((e) => e.id === entityId)!.name.replace(/[&]/g, '\\$&');
    return p.getByTestId(`alloc-row-${commitmentId}`).getByLabel(new RegExp(`^Seats of ${name} on`));
  };
  const staged = await seatsInput(page, row.id);
  const before = Number(await staged.inputValue());
  await staged.fill(String(before + 1));
  await expect(page.getByRole('button', { name: 'Apply 1 change' })).toBeEnabled();
  await stayPut(mine);

  // The admin applies a change on another commitment.
  const other = await browser.newContext({ storageState: STORAGE.admin });
  const theirs = await other.newPage();
  await openGrid(theirs);
  const second = await roomyRow(request, theirs, 1, [row.id]);
  const secondInput = await seatsInput(theirs, second.id);
  const secondMine = await seatsInput(page, second.id);
  const secondBefore = Number(await secondInput.inputValue());
  await secondInput.fill(String(secondBefore + 1));
  await applyAndWait(theirs, 1);

  const banner = page.getByTestId('changed-banner');
  await expect(banner).toContainText('Alex Admin changed the seats of');
  await expect(banner).toContainText('Your staged changes are kept.');
  // The staged edit is untouched, and the other row has not moved under the member.
  await expect(staged).toHaveValue(String(before + 1));
  await expect(secondMine).toHaveValue(String(secondBefore));
  expect(await stillHere(page)).toBe(true);

  await page.getByTestId('show-new-version').click();
  await expect(banner).toHaveCount(0);
  await expect(secondMine).toHaveValue(String(secondBefore + 1));
  await expect(staged).toHaveValue(String(before + 1));
  await expect(page.getByRole('button', { name: 'Apply 1 change' })).toBeEnabled();
  await Promise.all([mine.close(), other.close()]);
});

test('presence on the grid: another member with it open is named, and said to be editing once they stage an edit', async ({
  browser,
  request,
}) => {
  const admin = await browser.newContext({ storageState: STORAGE.admin });
  const theirs = await admin.newPage();
  await openGrid(theirs);
  const operator = await browser.newContext({ storageState: STORAGE.operator });
  const page = await operator.newPage();
  await openGrid(page);
  // Each open grid beats every 20 s; an arrival is on the change feed, so the grid opened first
  // names the newcomer at once, well before its next beat (the default 10 s wait is shorter).
  // Named among whoever else has it open (a member of an earlier spec may still count, for a minute).
  const among = (name: string) => new RegExp(`^Also here now: (.+, )?${name.replace(/[()]/g, '\\$&')}(, .+)?$`);
  const seen = theirs.getByTestId('presence');
  await expect(seen).toHaveText(among('Olivia Operator'));
  await expect(page.getByTestId('presence')).toHaveText(among('Alex Admin'));

  const row = await roomyRow(request, page, 1);
  const { entityId } = await lastBoundary(page, row.id);
  const name = (await entities(request)).find((e) => e.id === entityId)!.name.replace(/[&]/g, '\\$&');
  const input = page.getByTestId(`alloc-row-${row.id}`).getByLabel(new RegExp(`^Seats of ${name} on`));
  await input.fill(String(Number(await input.inputValue()) + 1));
  // Her grid beats at once when she starts editing, and the admin's is told at once too.
  await expect(seen).toHaveText(among('Olivia Operator (editing)'));
  await Promise.all([admin.close(), operator.close()]);
});

/** An operator on an upcoming confirmed reservation's page, its Modify form open with `note` typed in (not saved). */
async function operatorTyping(browser: Browser, request: APIRequestContext, note: string) {
  const target = await confirmedOn(request, `date[gte]=${today()}&sort=-date`);
  const operator = await browser.newContext({ storageState: STORAGE.operator });
  const page = await operator.newPage();
  await page.goto(`/reservations/${target.id}`);
  await page.getByRole('button', { name: 'Modify reservation' }).click();
  const form = page.getByTestId('modify-form');
  await form.getByLabel('Notes').fill(note);
  await stayPut(operator);
  return { target, operator, page, form };
}

test("a member's save over another's change keeps its 'Saved.' and shows both changes; the banner goes with the edits", async ({
  browser,
  request,
}) => {
  const note = `Window table ${Date.now().toString(36)}`;
  const { target, operator, page, form } = await operatorTyping(browser, request, note);

  // Meanwhile an admin gives the guest a phone number.
  const admin = await browser.newContext({ storageState: STORAGE.admin });
  const theirs = await admin.newPage();
  await theirs.goto(`/reservations/${target.id}`);
  await theirs.getByRole('button', { name: 'Modify reservation' }).click();
  const phone = `+44 20 7946 ${String(Date.now() % 10_000).padStart(4, '0')}`;
  await theirs.getByTestId('modify-form').getByLabel('Phone').fill(phone);
  await theirs.getByTestId('modify-form').getByRole('button', { name: 'Save changes' }).click();
  await expect(theirs.getByTestId('modify-saved')).toHaveText('Saved.');

  const banner = page.getByTestId('changed-banner');
  await expect(banner).toContainText('Alex Admin changed this reservation while you were editing it.');
  await expect(form.getByLabel('Notes')).toHaveValue(note);
  await expect(page.getByTestId('field-phone')).not.toContainText(phone);

  // The operator saves her note: both changes show, the banner has nothing left to keep.
  await form.getByLabel('Language').selectOption('ja-JP');
  const refreshes = pageRefreshes(page, `/reservations/${target.id}`);
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('modify-saved')).toHaveText('Saved.');
  await expect(banner).toHaveCount(0);
  await expect(page.getByTestId('field-phone')).toContainText(phone);
  // One new version of the page, the save's: the one it asked for after the admin's change holds
  // that change too, so the banner's going asks for no other (the follower's refresh waits 400 ms).
  await page.waitForTimeout(1_500);
  expect(refreshes).toHaveLength(1);
  await expect(page.getByTestId('field-notes')).toHaveText(note);
  // The page has its new values now; the form was not opened anew under her: its notice stays.
  await expect(page.getByTestId('modify-saved')).toHaveText('Saved.');
  await expect(form.getByLabel('Phone')).toHaveValue(phone);
  await expect(form.getByLabel('Notes')).toHaveValue(note);
  expect(await stillHere(page)).toBe(true);
  await Promise.all([admin.close(), operator.close()]);
});

test("another member's change that reaches the page while its own save is on its way leaves the form as saved, with its 'Saved.'", async ({
  browser,
  request,
}) => {
  const note = `Birthday cake ${Date.now().toString(36)}`;
  const { target, operator, page, form } = await operatorTyping(browser, request, note);
  // The page's refreshes wait on the network (a slow line): the save's, and the one after the admin's change.
  const held: Promise<void>[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/reservations/${target.id}*`, (route) => {
    if (route.request().method() !== 'GET' || route.request().headers()['rsc'] !== '1') return route.continue();
    const continued = released.then(() => route.continue());
    held.push(continued);
    return continued;
  });
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('modify-saved')).toHaveText('Saved.');

  // Meanwhile an admin tags the reservation: a change of it, none of the form's fields.
  const admin = await browser.newContext({ storageState: STORAGE.admin });
  const theirs = await admin.newPage();
  await theirs.goto(`/reservations/${target.id}`);
  const card = theirs.getByTestId('guest-notes-card');
  const occasion = `window seat ${Date.now().toString(36)}`;
  await card.getByTestId('reservation-tags-input').fill(occasion);
  await card.getByTestId('reservation-tags-add').click();
  await expect(card.getByTestId('reservation-tags')).toContainText(occasion);
  // The admin's change reached the operator's page: it asks for its new version too.
  await expect.poll(() => held.length).toBeGreaterThanOrEqual(2);
  release();

  // Her page shows her note and the admin's tag; the form is the one she saved, its notice kept.
  await expect(page.getByTestId('field-notes')).toHaveText(note);
  await expect(page.getByTestId('guest-notes-card').getByTestId('reservation-tags')).toContainText(occasion);
  await expect(page.getByTestId('modify-saved')).toHaveText('Saved.');
  await expect(form.getByLabel('Notes')).toHaveValue(note);
  expect(await stillHere(page)).toBe(true);
  await Promise.all([admin.close(), operator.close()]);
});
