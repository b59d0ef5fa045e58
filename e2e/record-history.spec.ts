import { gridOnRoomyRow } from './allocation-helpers';
import { STORAGE } from './env';
import { bookOutside } from './inbox-steps';
import { addMember } from './staff';
import { expect, test } from './test';

test.use({ storageState: STORAGE.operator });

/** Text that is an id: a UUID anywhere in the page's main text. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

test("a reservation's history lists its change and its cancel as sentences, linked from its page and back", async ({
  page,
  request,
}) => {
  const last = `History${Date.now().toString(36)}`;
  const booked = await bookOutside(request, last);

  await page.goto(`/reservations/${booked.id}`);
  await page.getByRole('button', { name: 'Modify reservation' }).click();
  // Notes and language together: sent at once (a change of the notes alone waits out its Undo).
  await page.getByTestId('modify-form').getByLabel('Notes').fill('Window table, please');
  await page.getByTestId('modify-form').getByLabel('Language').selectOption('ja-JP');
  await page.getByTestId('modify-form').getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByTestId('modify-saved')).toHaveText('Saved.');
  await page.getByRole('button', { name: 'Cancel reservation' }).click();
  await page.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByTestId('reservation-status')).toHaveText('canceled');

  await page.getByTestId('history-link').click();
  await expect(page).toHaveURL(new RegExp(`/activity\\?record=${booked.id}$`));
  await expect(page.getByRole('heading', { name: 'History of this reservation', level: 1 })).toBeVisible();
  const rows = page.getByTestId('activity-row');
  await expect(rows).toHaveCount(2);
  // Newest first, each a sentence with who did it; the record is named, never shown as an id.
  await expect(rows.nth(0).getByRole('cell').nth(2)).toHaveText('Canceled a reservation', { useInnerText: true });
  await expect(rows.nth(1).getByRole('cell').nth(2)).toHaveText('Changed a reservation', { useInnerText: true });
  for (const row of [rows.nth(0), rows.nth(1)]) await expect(row).toContainText('operator@demo.test');
  await expect(rows.nth(1).getByTestId('activity-changes')).toContainText('Window table, please');
  expect(await page.locator('main').innerText()).not.toMatch(UUID);
  // On its own history a row links to the reservation, not to the history again.
  await expect(rows.nth(0).getByRole('link', { name: 'History' })).toHaveCount(0);
  await rows.nth(0).getByRole('link', { name: 'A reservation' }).click();
  await expect(page).toHaveURL(new RegExp(`/reservations/${booked.id}$`));
});

test("a commitment's name on the grid leads to its history: the apply that moved its seats, in words, and no other commitment's", async ({
  page,
  request,
}) => {
  const { row, handle, seatsBefore } = await gridOnRoomyRow(page, request, 1);
  await handle.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('allocation-changes')).toContainText(`${seatsBefore} → ${seatsBefore + 1}`);
  await page.getByRole('button', { name: 'Apply 1 change' }).click();
  await expect(page.getByTestId('allocation-notice')).toContainText('Applied 1 change');

  await page.getByTestId(`alloc-row-${row.id}`).getByTestId('commitment-history').click();
  await expect(page).toHaveURL(new RegExp(`/activity\\?record=${row.id}$`));
  await expect(page.getByRole('heading', { name: 'History of this commitment', level: 1 })).toBeVisible();
  const rows = page.getByTestId('activity-row');
  await expect(rows.first().getByRole('cell').nth(2)).toHaveText('Changed seat allocations', { useInnerText: true });
  await expect(rows.first()).toContainText('operator@demo.test');
  await expect(rows.first().getByTestId('activity-changes')).toContainText(String(seatsBefore + 1));
  // A record the log does not name has no history: the query finds rows by their records only.
  await page.goto(`/activity?record=${crypto.randomUUID()}`);
  await expect(page.getByText('Nothing has been changed on it in the console yet.')).toBeVisible();
});

test("the whole log names actions and records in words, each record linking to its own history; an entity's page links to its own", async ({
  page,
}) => {
  await page.goto('/activity?action=update-reservation');
  await expect(page.getByLabel('Action')).toHaveValue('update-reservation');
  await expect(page.getByLabel('Action').locator('option:checked')).toHaveText('Changed a reservation');
  const row = page.getByTestId('activity-row').first();
  await expect(row.getByRole('cell').nth(2)).toHaveText('Changed a reservation', { useInnerText: true });
  const id = await row.getByTestId('activity-record').getAttribute('data-record');
  await row.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(new RegExp(`/activity\\?record=${id}$`));
  await expect(page.getByRole('heading', { name: 'History of this reservation', level: 1 })).toBeVisible();

  await page.goto('/entities');
  await page.getByTestId('entity-table').getByRole('link').first().click();
  await expect(page.getByTestId('entity-name')).toBeVisible();
  await page.getByTestId('history-link').click();
  await expect(page.getByRole('heading', { name: 'History of this brand or channel', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'All activity' }).click();
  await expect(page.getByRole('heading', { name: 'Activity', level: 1 })).toBeVisible();
});

test.describe('as an admin', () => {
  test.use({ storageState: STORAGE.admin });

  test("a team member's row links to their history: their addition and the change of their role, as sentences", async ({
    page,
    browser,
  }) => {
    const email = `history.${Date.now()}@demo.test`;
    await addMember(browser, { email, name: 'Hilde History', role: 'viewer', password: 'a long enough password' });
    await page.goto('/team');
    const row = page.getByTestId(`member-${email}`);
    await row.getByRole('combobox').selectOption('operator');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Change role' }).click();
    await expect(row.getByRole('combobox')).toHaveValue('operator');

    await row.getByTestId('member-history').click();
    await expect(page.getByRole('heading', { name: 'History of this team member', level: 1 })).toBeVisible();
    const actions = page.getByTestId('activity-row').locator('td:nth-child(3)');
    await expect(page.getByTestId('activity-row')).toHaveCount(2);
    await expect(actions).toHaveText(['Changed a team member’s role or access', 'Added a team member'], {
      useInnerText: true,
    });
    await expect(page.getByTestId('activity-record').first()).toHaveText('A team member');
    expect(await page.locator('main').innerText()).not.toMatch(UUID);
  });
});
