import { applyAndWait, assignedSet, entities, gridOnRoomyRow, openGrid, rowsOf } from './allocation-helpers';
import { STORAGE } from './env';
import { expect, test, type Locator, type Page } from './test';

test.use({ storageState: STORAGE.operator });
test.describe.configure({ mode: 'serial' });

const seatInput = (page: Page, commitmentId: string, entityName: string) =>
  page
    .getByTestId(`alloc-row-${commitmentId}`)
    .getByLabel(new RegExp(`^Seats of ${entityName.replace(/[&]/g, '\\$&')} on`));

async function sliderValues(handle: Locator) {
  const [now, min, max] = await Promise.all(
    ['aria-valuenow', 'aria-valuemin', 'aria-valuemax'].map(async (a) => Number(await handle.getAttribute(a))),
  );
  return { now: now!, min: min!, max: max! };
}

test.describe('on a tablet, by touch', () => {
  test.use({ viewport: { width: 768, height: 1024 }, hasTouch: true });

  test('a finger drags a thumb: the value changes, is applied, and the sandbox holds it', async ({ page, request }) => {
    const { row, handle, entity, before, seatsBefore } = await gridOnRoomyRow(page, request, 3);
    await handle.scrollIntoViewIfNeeded();
    const grid = page.getByTestId('allocation-grid');
    const scrollBefore = await grid.evaluate((el) => [el.scrollLeft, el.scrollTop]);
    const bar = (await handle.locator('..').boundingBox())!;
    const box = (await handle.boundingBox())!;
    const seatWidth = bar.width / row.total_seats;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    // The finger lands on the bar (which drags the nearest thumb), not on the sticky column or the header.
    expect(
      await page.evaluate(
        ([px, py]) =>
          document.elementFromPoint(px!, py!)?.closest('[data-testid^="bar-"]')?.getAttribute('data-testid'),
        [x, y],
      ),
    ).toBe(`bar-${row.id}`);

    // page.touchscreen only taps: a drag is touchStart, touchMoves and touchEnd sent as the device would.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', px?: number) =>
      cdp.send('Input.dispatchTouchEvent', {
        type,
        touchPoints: px === undefined ? [] : [{ x: px, y, id: 1, radiusX: 6, radiusY: 6, force: 1 }],
      });
    await touch('touchStart', x);
    for (let i = 1; i <= 6; i++) await touch('touchMove', x + (seatWidth * 3 * i) / 6);
    await touch('touchEnd');

    await expect(seatInput(page, row.id, entity.name)).toHaveValue(String(seatsBefore + 3));
    await expect(handle).toHaveAttribute(
      'aria-valuetext',
      new RegExp(`^${entity.name.replace(/[&]/g, '\\$&')} ${seatsBefore + 3} seats?, Unallocated`),
    );
    // The sideways finger moved the thumb, not the grid, and left the thumb focused.
    await expect(handle).toBeFocused();
    expect(await grid.evaluate((el) => [el.scrollLeft, el.scrollTop])).toEqual(scrollBefore);

    await applyAndWait(page, 1);
    expect(assignedSet(await rowsOf(request, entity))).toEqual({ ...assignedSet(before), [row.id]: seatsBefore + 3 });
  });

  test('the commitment column stays in view while the grid scrolls sideways, and entity headings are not cut', async ({
    page,
  }) => {
    await openGrid(page);
    const grid = page.getByTestId('allocation-grid');
    const firstRowHeader = grid.getByRole('rowheader').first();
    const left = (await firstRowHeader.boundingBox())!.x;
    expect(Math.abs(left - (await grid.boundingBox())!.x)).toBeLessThan(2);
    await grid.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => grid.evaluate((el) => el.scrollLeft)).toBeGreaterThan(200);
    expect((await firstRowHeader.boundingBox())!.x).toBe(left);
    await expect(firstRowHeader).toBeInViewport();

    const headings = grid.getByRole('columnheader');
    const names = (await entities(page.request)).map((e) => e.name);
    for (const name of names.slice(0, 3)) {
      const heading = headings.filter({ hasText: name });
      await expect(heading).toHaveCount(1);
      // The whole name is laid out: nothing overflows its box.
      expect(
        await heading.evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight),
      ).toBe(true);
    }
    // The heading's tooltip, opened from the keyboard, names the entity and its context.
    const first = (await entities(page.request))[0]!;
    const firstHeading = headings.filter({ hasText: first.name }).getByRole('button');
    await firstHeading.focus();
    await expect(page.getByRole('tooltip')).toBeVisible();
    await expect(firstHeading).toBeFocused();
    await expect(page.getByRole('tooltip')).toContainText(
      `${first.name}: ${first.org_id ? 'fully set up' : 'not yet fully set up, works through an older connection'}`,
    );
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toHaveCount(0);
  });
});

test.describe('with the keyboard', () => {
  test('Home and End take a thumb to the ends of the range it can reach; PageUp and PageDown move 10 seats', async ({
    page,
    request,
  }) => {
    const { row, handle, entity, seatsBefore } = await gridOnRoomyRow(page, request, 11);
    const input = seatInput(page, row.id, entity.name);
    const unallocated = page.getByTestId(`unallocated-${row.id}`);
    const start = await sliderValues(handle);
    // The range of this thumb: from emptying its entity to using every unallocated seat, not the whole bar.
    expect(start.min).toBe(start.now - seatsBefore);
    expect(start.max).toBe(start.now + row.unallocated_seats);
    expect(start.min).toBeGreaterThanOrEqual(0);
    await expect(handle).toHaveAttribute('aria-orientation', 'horizontal');

    await handle.focus();
    await page.keyboard.press('End');
    await expect(handle).toHaveAttribute('aria-valuenow', String(start.max));
    await expect(handle).toHaveAttribute('aria-valuemax', String(start.max));
    await expect(input).toHaveValue(String(seatsBefore + row.unallocated_seats));
    await expect(unallocated).toHaveText('0');
    await expect(handle).toHaveAttribute(
      'aria-valuetext',
      `${entity.name} ${seatsBefore + row.unallocated_seats} seats, Unallocated 0 seats`,
    );

    await page.keyboard.press('PageDown');
    await expect(handle).toHaveAttribute('aria-valuenow', String(start.max - 10));
    await expect(input).toHaveValue(String(seatsBefore + row.unallocated_seats - 10));
    await expect(unallocated).toHaveText('10');

    await page.keyboard.press('Home');
    await expect(handle).toHaveAttribute('aria-valuenow', String(start.min));
    await expect(handle).toHaveAttribute('aria-valuemin', String(start.min));
    await expect(input).toHaveValue('0');
    await expect(unallocated).toHaveText(String(row.unallocated_seats + seatsBefore));
    await expect(handle).toBeFocused();

    await page.keyboard.press('PageUp');
    await expect(handle).toHaveAttribute('aria-valuenow', String(start.min + 10));
    await expect(input).toHaveValue('10');
    // At an end, PageUp stops there.
    await page.keyboard.press('End');
    await page.keyboard.press('PageUp');
    await expect(handle).toHaveAttribute('aria-valuenow', String(start.max));
    await expect(page.getByTestId('allocation-changes')).toContainText(
      `${seatsBefore} → ${seatsBefore + row.unallocated_seats}`,
    );
  });
});
