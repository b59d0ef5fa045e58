import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import {
  applyAndWait,
  assignedSet,
  BOOKING_COMMITMENT,
  enterSwap,
  entities,
  fullSwapSetup,
  gridOnRoomyRow,
  lastBoundary,
  openGrid,
  partner,
  roomyRow,
  rowsOf,
  seatsOn,
  type Row,
} from './allocation-helpers';
import { STORAGE } from './env';
import { controls, sandboxPutCommitments, sandboxQuietMark, sandboxRequestMark, sandboxRequestsSince } from './sandbox';
import { expect, test } from './test';

test.use({ storageState: STORAGE.operator });
test.describe.configure({ mode: 'serial' });

test('drag a boundary with the mouse, apply, and the sandbox holds the new seats; nothing else of the entity changes', async ({
  page,
  request,
}) => {
  await openGrid(page);
  const row = await roomyRow(request, page, 3);
  await page.getByTestId(`alloc-row-${row.id}`).scrollIntoViewIfNeeded();
  const { handle, entityId } = await lastBoundary(page, row.id);
  const entity = (await entities(request)).find((e) => e.id === entityId)!;
  const before = await rowsOf(request, entity);
  const seatsBefore = before.find((r) => r.id === row.id)!.entity_seats ?? 0;

  const bar = await handle.locator('..').boundingBox();
  const box = await handle.boundingBox();
  const seatWidth = bar!.width / row.total_seats;
  await page.mouse.move(box!.x + box!.width / 2, box!.y + box!.height / 2);
  await page.mouse.down();
  await page.mouse.move(box!.x + box!.width / 2 + seatWidth * 1.5, box!.y + box!.height / 2, { steps: 4 });
  await page.mouse.move(box!.x + box!.width / 2 + seatWidth * 3, box!.y + box!.height / 2, { steps: 4 });
  await page.mouse.up();
  const input = page
    .getByTestId(`alloc-row-${row.id}`)
    .getByLabel(new RegExp(`^Seats of ${entity.name.replace(/[&]/g, '\\$&')} on`));
  await expect(input).toHaveValue(String(seatsBefore + 3));

  const mark = await sandboxRequestMark(request);
  await applyAndWait(page, 1);
  const puts = (await sandboxRequestsSince(request, mark)).filter((r) => r.method === 'PUT');
  expect(puts.length).toBe(1); // only increases: phase 1 sends nothing
  const after = await rowsOf(request, entity);
  expect(assignedSet(after)).toEqual({ ...assignedSet(before), [row.id]: seatsBefore + 3 });
  await expect(input).toHaveValue(String(seatsBefore + 3));
});

test('the same with the keyboard only; the applied seats show with the answer, before the grid reads its rows again', async ({
  page,
  request,
}) => {
  const { row, handle, entity, before, seatsBefore } = await gridOnRoomyRow(page, request, 2);
  await handle.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('allocation-changes')).toContainText(`${seatsBefore} → ${seatsBefore + 1}`);
  // The grid's reads of its rows after the apply (its refresh, the change feed's) are held back.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/allocations(\?|$)/, async (route) => {
    if (route.request().method() === 'GET' && route.request().headers()['rsc']) await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Apply 1 change' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('allocation-notice')).toContainText('Applied 1 change');
  const input = page
    .getByTestId(`alloc-row-${row.id}`)
    .getByLabel(new RegExp(`^Seats of ${entity.name.replace(/[&]/g, '\\$&')} on`));
  await expect(input).toHaveValue(String(seatsBefore + 1));
  await expect(page.getByRole('button', { name: /^Apply/ })).toBeDisabled();
  release();
  expect(assignedSet(await rowsOf(request, entity))).toEqual({ ...assignedSet(before), [row.id]: seatsBefore + 1 });
  await expect(input).toHaveValue(String(seatsBefore + 1));
});

test('an over-allocation is refused in the page, and no PUT is sent', async ({ page, request }) => {
  await openGrid(page);
  const row = await roomyRow(request, page, 1);
  const { entityId } = await lastBoundary(page, row.id);
  const entity = (await entities(request)).find((e) => e.id === entityId)!;
  const mark = await sandboxRequestMark(request);
  const input = page
    .getByTestId(`alloc-row-${row.id}`)
    .getByLabel(new RegExp(`^Seats of ${entity.name.replace(/[&]/g, '\\$&')} on`));
  await input.fill(String(row.total_seats + 5));
  await expect(page.getByTestId('allocation-notice')).toContainText('at most');
  await expect(page.getByRole('button', { name: /^Apply/ })).toBeDisabled();
  expect((await sandboxRequestsSince(request, mark)).filter((r) => r.method === 'PUT')).toEqual([]);
});

test('the swap case applies: A gives B seats on one full commitment while B gives A seats on another', async ({
  page,
  request,
}) => {
  const s = await fullSwapSetup(request);
  await openGrid(page);
  await enterSwap(page, s);
  const mark = await sandboxRequestMark(request);
  await applyAndWait(page, 4);
  expect((await sandboxRequestsSince(request, mark)).filter((r) => r.method === 'PUT').length).toBe(4);
  expect(await seatsOn(request, s)).toEqual({ a: [3, s.free[1] - 3], b: [s.free[0] - 3, 3] });
});

test('a failure part-way shows who holds what, and "restore what was read" puts the values back', async ({
  page,
  request,
}) => {
  const s = await fullSwapSetup(request);
  await openGrid(page);
  await enterSwap(page, s);
  // Both phase-1 PUTs pass; the first phase-2 PUT is refused.
  await controls.setFaults({ fail_requests: [{ method: 'PUT', path: '/v2/commitments', status: 422, skip: 2 }] });
  try {
    await page.getByRole('button', { name: 'Apply 4 changes' }).click();
    await expect(page.getByTestId('allocation-notice')).toContainText('Stopped in phase 2');
    await expect(page.getByTestId('allocation-failure')).toContainText('decreases applied');
    expect(await seatsOn(request, s)).toEqual({ a: [2, s.free[1] - 3], b: [s.free[0] - 3, 2] });
    // It asks first, naming the cells that go back; Escape changes nothing and gives the focus back.
    const restore = page.getByRole('button', { name: 'Restore what was read' });
    await restore.click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Restore what was read?');
    await expect(dialog.getByTestId('confirm-cells').locator('li')).toHaveCount(4);
    await expect(dialog.getByTestId('confirm-cells')).toContainText(`${s.b.name}`);
    await expect(dialog.getByTestId('confirm-cells')).toContainText(`back to ${s.free[0] - 2} seats`);
    const mark = await sandboxRequestMark(request);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(restore).toBeFocused();
    await expect(page.getByTestId('allocation-failure')).toBeVisible();
    expect((await sandboxRequestsSince(request, mark)).filter((r) => r.method === 'PUT')).toEqual([]);
    expect(await seatsOn(request, s)).toEqual({ a: [2, s.free[1] - 3], b: [s.free[0] - 3, 2] });

    await restore.click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore', exact: true }).click();
    await expect(page.getByTestId('allocation-notice')).toContainText('Restored the values read before the apply');
    expect(await seatsOn(request, s)).toEqual({ a: [2, s.free[1] - 2], b: [s.free[0] - 2, 2] });
  } finally {
    await controls.clearFaults();
  }
});

test('discarding edits asks first, naming each cell; Escape keeps them, confirming drops them and sends nothing', async ({
  page,
  request,
}) => {
  const { row, handle, entity, before, seatsBefore } = await gridOnRoomyRow(page, request, 2);
  const input = page
    .getByTestId(`alloc-row-${row.id}`)
    .getByLabel(new RegExp(`^Seats of ${entity.name.replace(/[&]/g, '\\$&')} on`));
  await handle.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('allocation-changes').locator('li')).toHaveCount(1);
  const mark = await sandboxRequestMark(request);

  const discard = page.getByRole('button', { name: 'Discard', exact: true });
  await discard.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Discard 1 change?');
  await expect(dialog.getByTestId('confirm-cells')).toContainText(`${entity.name} · `);
  await expect(dialog.getByTestId('confirm-cells')).toContainText(`${seatsBefore + 2} → ${seatsBefore}`);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(discard).toBeFocused();
  await expect(input).toHaveValue(String(seatsBefore + 2));
  await expect(page.getByTestId('allocation-changes').locator('li')).toHaveCount(1);

  await discard.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard 1 change' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(input).toHaveValue(String(seatsBefore));
  await expect(page.getByRole('heading', { name: 'Review: no changes' })).toBeVisible();
  expect((await sandboxRequestsSince(request, mark)).filter((r) => r.method === 'PUT')).toEqual([]);
  expect(assignedSet(await rowsOf(request, entity))).toEqual(assignedSet(before));
});

test('after a failure part-way, "retry the rest" completes the plan', async ({ page, request }) => {
  const s = await fullSwapSetup(request);
  await openGrid(page);
  await enterSwap(page, s);
  await controls.setFaults({ fail_requests: [{ method: 'PUT', path: '/v2/commitments', status: 422, skip: 3 }] });
  try {
    await page.getByRole('button', { name: 'Apply 4 changes' }).click();
    await expect(page.getByTestId('allocation-notice')).toContainText('Stopped in phase 2');
    await page.getByRole('button', { name: 'Retry the rest' }).click();
    await expect(page.getByTestId('allocation-notice')).toContainText('Applied 4 changes');
    expect(await seatsOn(request, s)).toEqual({ a: [3, s.free[1] - 3], b: [s.free[0] - 3, 3] });
  } finally {
    await controls.clearFaults();
  }
});

test('a change made in the API between load and apply is detected, and nothing is sent', async ({ page, request }) => {
  const { row, handle, entity, before, seatsBefore } = await gridOnRoomyRow(page, request, 2);
  await handle.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('allocation-changes')).toContainText(`${seatsBefore} → ${seatsBefore + 1}`);

  // Someone else moves the same cell meanwhile.
  const theirs = seatsBefore + 2;
  await sandboxPutCommitments(
    request,
    partner,
    { orgId: entity.org_id, entityId: entity.id },
    Object.entries({ ...assignedSet(before), [row.id]: theirs }).map(([id, s]) => ({ id, entity_seats: s ?? 0 })),
  );
  const mark = await sandboxRequestMark(request);
  await page.getByRole('button', { name: 'Apply 1 change' }).click();
  await expect(page.getByTestId('allocation-conflicts')).toContainText(String(theirs));
  expect((await sandboxRequestsSince(request, mark)).filter((r) => r.method === 'PUT')).toEqual([]);
  expect((await rowsOf(request, entity)).find((r) => r.id === row.id)!.entity_seats).toBe(theirs);
});

test('a venue narrows the grid to it without asking the API; a change made at another venue is still reviewed and applied', async ({
  page,
  request,
}) => {
  const all = await entities(request);
  const direct = all.find((e) => e.id === DEMO_PARTNER.defaultEntityId)!;
  const roomy = (await rowsOf(request, direct)).filter(
    (r) => r.assignment_status !== 'ended' && r.unallocated_seats >= 2 && r.id !== BOOKING_COMMITMENT,
  );
  const r1 = roomy[0]!;
  const r2 = roomy.find((r) => r.venue_id !== r1.venue_id)!;
  const venue = page.getByRole('combobox', { name: /^Venue/ });
  await openGrid(page);

  // The earlier specs' grids may still be rendering on the server (a refresh after their apply).
  const mark = await sandboxQuietMark(request);
  // A choice made before the streamed page has hydrated is reset by hydration: choose again until it holds.
  await expect(async () => {
    await venue.selectOption(r1.venue_id);
    await expect(page).toHaveURL(new RegExp(`venue=${r1.venue_id}`), { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId(`alloc-row-${r1.id}`)).toBeVisible();
  await expect(page.getByTestId('allocation-count')).not.toHaveText('Reading…');
  const reads = (await sandboxRequestsSince(request, mark)).filter(
    (r) => r.method === 'GET' && r.path === '/v2/commitments',
  );
  // The grid reads the dashboard's copy of every entity's commitments, which a venue narrows.
  expect(reads).toEqual([]);
  // The grid holds exactly the venue's commitments, as the entities see them.
  const atVenue = new Set<string>();
  for (const e of all) for (const r of await rowsOf(request, e)) if (r.venue_id === r1.venue_id) atVenue.add(r.id);
  await expect(page.getByTestId('allocation-count')).toHaveText(`${atVenue.size} of ${atVenue.size} commitments`);

  const grow = async (row: Row) => {
    const { handle, entityId } = await lastBoundary(page, row.id);
    const entity = all.find((e) => e.id === entityId)!;
    const seats = (await rowsOf(request, entity)).find((r) => r.id === row.id)!.entity_seats ?? 0;
    await handle.focus();
    await page.keyboard.press('ArrowRight');
    return { entity, seats };
  };
  const first = await grow(r1);
  await venue.selectOption(r2.venue_id);
  await expect(page.getByTestId(`alloc-row-${r2.id}`)).toBeVisible();
  await expect(page.getByTestId(`alloc-row-${r1.id}`)).toHaveCount(0);
  const second = await grow(r2);
  await expect(page.getByTestId('allocation-changes').locator('li')).toHaveCount(2);
  await expect(page.getByTestId('allocation-changes')).toContainText(`${first.seats} → ${first.seats + 1}`);
  await applyAndWait(page, 2);
  expect((await rowsOf(request, first.entity)).find((r) => r.id === r1.id)!.entity_seats).toBe(first.seats + 1);
  expect((await rowsOf(request, second.entity)).find((r) => r.id === r2.id)!.entity_seats).toBe(second.seats + 1);
});

test('the status filter shows the matching rows of those read, without reading again, and the address keeps it', async ({
  page,
  request,
}) => {
  const statusesOf = new Map<string, Set<string>>();
  for (const e of await entities(request))
    for (const r of await rowsOf(request, e))
      statusesOf.set(r.id, (statusesOf.get(r.id) ?? new Set()).add(r.assignment_status));
  const ended = [...statusesOf].filter(([, s]) => s.has('ended')).length;
  expect(ended).toBeGreaterThan(0);
  await openGrid(page);

  const mark = await sandboxRequestMark(request);
  await page.getByRole('checkbox', { name: 'Ended' }).check();
  await expect(page).toHaveURL(/status=ended/);
  await expect(page.getByTestId('allocation-count')).toHaveText(`${ended} of ${statusesOf.size} commitments`);
  expect((await sandboxRequestsSince(request, mark)).filter((r) => r.path === '/v2/commitments')).toEqual([]);

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Ended' })).toBeChecked();
  await expect(page.getByTestId('allocation-count')).toHaveText(`${ended} of ${statusesOf.size} commitments`);
});

test('a viewer sees the grid read-only', async ({ browser }) => {
  const viewer = await (await browser.newContext({ storageState: STORAGE.viewer })).newPage();
  await openGrid(viewer);
  await expect(viewer.locator('[data-testid^="boundary-"]')).toHaveCount(0);
  await expect(viewer.getByTestId('allocation-review')).toHaveCount(0);
  await expect(viewer.getByRole('spinbutton').first()).toBeDisabled();
  await viewer.context().close();
});

test("the server sends the rows of a phone's first screen; the browser fills a tall scroll box, and a scroll reaches the last row", async ({
  page,
}) => {
  const html = await (await page.request.get('/allocations')).text();
  const sent = html.match(/data-testid="alloc-row-/g)?.length ?? 0;
  expect(sent).toBeGreaterThan(0);
  expect(sent).toBeLessThanOrEqual(7);

  // A tall window: its box (62% of the height) holds more rows than the server sent.
  await page.setViewportSize({ width: 1280, height: 1400 });
  await openGrid(page);
  const grid = page.getByTestId('allocation-grid');
  const rows = grid.locator('[data-testid^="alloc-row-"]');
  const filled = () =>
    grid.evaluate((box) => {
      const bottoms = [...box.querySelectorAll('[data-testid^="alloc-row-"]')].map(
        (row) => row.getBoundingClientRect().bottom,
      );
      return Math.max(...bottoms) >= box.getBoundingClientRect().bottom;
    });
  await expect.poll(filled).toBe(true);
  expect(await rows.count()).toBeGreaterThan(sent);

  const shown = Number((await page.getByTestId('allocation-count').textContent())!.split(' of ')[0]);
  await grid.evaluate((box) => box.scrollTo(0, box.scrollHeight));
  await expect(grid.locator(`[role="row"][aria-rowindex="${shown + 1}"]`)).toBeVisible();
});
