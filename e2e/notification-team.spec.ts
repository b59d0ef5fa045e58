import { DEMO_DELEGATES } from '../lib/sandbox/seed/demo';
import { unique } from './booking-steps';
import { STORAGE } from './env';
import { bookOutside, unreadOnBell, unreadOnServer } from './inbox-steps';
import { sandboxControl } from './sandbox';
import { expect, test } from './test';

/**
 * What reaches a member from a teammate and from the service: an operator writes `@victor` in the
 * team's note on a guest, and the viewer's bell counts it, the item quoting the note and leading to
 * the reservation; the service suspends a delegate, and every member's inbox says so.
 */
test.use({ storageState: STORAGE.operator });

const untilRaised = { timeout: 120_000, intervals: [1_000] };

test('a teammate mentioned in a guest’s note hears of it in their inbox, led to the reservation', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const last = unique('Mention');
  const { id } = await bookOutside(request, last);
  const viewer = await (await browser.newContext({ storageState: STORAGE.viewer })).newPage();
  // How the viewer's page was answered when it opened its event stream: said if the bell stays put.
  const streams: number[] = [];
  viewer.on('response', (r) => {
    if (new URL(r.url()).pathname === '/api/events') streams.push(r.status());
  });
  await viewer.goto('/reservations?sort=date');
  const before = await unreadOnBell(viewer);

  await page.goto(`/reservations/${id}`);
  const notes = page.getByTestId('guest-notes-card');
  await expect(notes.getByText('Write @ and a teammate’s first name to tell them in their inbox.')).toBeVisible();
  await notes
    .getByLabel('Note', { exact: true })
    .fill('Window table asked for — @victor can you check the floor plan?');
  await notes.getByTestId('guest-note-save').click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Note saved.' })).toBeVisible();

  // Raised on the server (the viewer's inbox counts it), then told to their open page by its event stream.
  await expect.poll(() => unreadOnServer(viewer), untilRaised).toBe(before + 1);
  await expect
    .poll(() => unreadOnBell(viewer), {
      message: `the bell follows the inbox; the page's event stream was answered ${streams.join(', ') || 'never'}`,
    })
    .toBe(before + 1);
  await viewer.goto('/inbox');
  const item = viewer.getByTestId('inbox-item').filter({ has: viewer.locator(`a[href="/reservations/${id}"]`) });
  await expect(item.getByTestId('inbox-item-what')).toHaveText(
    `Olivia Operator mentioned you in the team’s note on Anna ${last}: “Window table asked for — @victor can you check the floor plan?”`,
  );
  await expect(item.getByTestId('inbox-item-reason')).toHaveText('You were mentioned');
  await item.getByRole('link', { name: 'Open the reservation' }).click();
  await expect(viewer).toHaveURL(new RegExp(`/reservations/${id}$`));
  await viewer.context().close();
});

test('a delegate the service suspends is told to every member', async ({ page, request }) => {
  // The delegates' copy is read anew every minute while anyone is signed in.
  test.setTimeout(240_000);
  const delegate = DEMO_DELEGATES.find((d) => d.name === 'City Weekends GmbH')!;
  // Active in the dashboard's copy first: a run before this one resumed it, which the copy learns
  // at its next read; a suspension before then would change nothing the copy holds.
  const active = page.getByRole('row').filter({ hasText: delegate.name }).getByText('active', { exact: true });
  await expect
    .poll(
      async () => {
        await page.goto('/delegates');
        return active.count();
      },
      { timeout: 120_000, intervals: [5_000] },
    )
    .toBe(1);
  const before = await unreadOnBell(page);
  await sandboxControl(request, 'POST', `/_sandbox/identities/${delegate.identityId}/suspend`, { source: 'self' });
  try {
    await expect.poll(() => unreadOnBell(page), { timeout: 150_000, intervals: [2_000] }).toBe(before + 1);
  } finally {
    await sandboxControl(request, 'POST', `/_sandbox/identities/${delegate.identityId}/resume`);
  }
  await page.goto('/inbox');
  // the newest item of that delegate (the inbox lists the newest first)
  const item = page
    .getByTestId('inbox-item')
    .filter({ has: page.locator(`a[href="/delegates/${delegate.identityId}"]`) })
    .first();
  await expect(item.getByTestId('inbox-item-what')).toHaveText(
    'The managed partner City Weekends GmbH was suspended: Guest Book may refuse requests for it until it is active again',
  );
  await expect(item.getByTestId('inbox-item-reason')).toHaveText('For the whole team');
  await expect(item.getByRole('link', { name: 'Open the managed partner' })).toBeVisible();
});
