import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { openGrid } from './allocation-helpers';
import { axeOn, inTheme } from './axe';
import { defaultEntity, partner, today } from './demo-world';
import { STORAGE } from './env';
import { sandboxApi, sandboxRequestMark, sandboxRequestsSince } from './sandbox';
import { consolePaths, newSignedInMember } from './staff';
import { expect, test, type Locator, type Page } from './test';

/**
 * The console on a phone: 390 × 844, touch, as an operator at the host stand. Navigation is
 * reached through the menu button, a reservation is found with a preset, opened and canceled with
 * taps, and no page scrolls sideways at phone, tablet and small-laptop widths.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, storageState: STORAGE.operator });

test('on a phone: the menu reaches Reservations, a preset finds a reservation, and it is canceled through the dialog', async ({
  page,
  request,
}) => {
  await page.goto('/');
  // no sidebar at this width: the menu button is the way to other pages
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await page.getByTestId('mobile-menu-button').tap();
  const nav = page.getByTestId('mobile-nav');
  await expect(nav).toBeVisible();
  await nav.getByRole('link', { name: 'Reservations' }).tap();
  await page.waitForURL((url) => url.pathname === '/reservations');
  await expect(nav).toBeHidden();

  await page.getByRole('button', { name: 'Upcoming confirmed' }).tap();
  await page.waitForURL(
    (url) => url.searchParams.get('status') === 'confirmed' && url.searchParams.get('date[gte]') === today(),
  );
  const rows = page.locator('[data-testid^="reservation-row-"]');
  await expect(rows.first()).toBeVisible();
  // the last row of the page, so as not to take the reservation other tests cancel first
  const row = rows.last();
  const id = (await row.getAttribute('data-testid'))!.replace('reservation-row-', '');
  const link = row.locator(`a[href="/reservations/${id}"]`).first();
  await link.scrollIntoViewIfNeeded();
  await link.tap();
  await page.waitForURL(`**/reservations/${id}`);
  await expect(page.getByTestId('reservation-status')).toHaveText('confirmed');

  await page.getByRole('button', { name: 'Cancel reservation' }).tap();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('cancel-confirmation')).toContainText('Cancel the reservation for');
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).tap();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('reservation-status')).toHaveText('canceled');

  const stored = (await sandboxApi(request, `/v2/reservations/${id}`, partner, defaultEntity)) as {
    data: { status: string; canceled_at: string | null };
  };
  expect(stored.data.status).toBe('canceled');
  expect(stored.data.canceled_at).toBeTruthy();
});

const WIDTHS = [360, 390, 768, 1024] as const;

/**
 * How far the page is wider than the window at this width, and the widest elements past its right
 * edge. Measured on the document, not the body: a positioned element placed by no positioned
 * ancestor (a visually hidden label in a scrolled table) widens the document and not the body.
 */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const body = document.body;
    const root = document.documentElement;
    const excess = root.scrollWidth - root.clientWidth;
    if (excess <= 0) return null;
    const right = root.clientWidth;
    const culprits = [...body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => el.getBoundingClientRect().right > right + 0.5)
      .slice(-4)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}${el.dataset.testid ? `[data-testid=${el.dataset.testid}]` : ''}.${[...el.classList].slice(0, 4).join('.')}`,
      );
    return `${excess}px wider (${culprits.join(' | ')})`;
  });
}

// As an admin, so that the Team page shows what admins see.
test.describe('every page', () => {
  test.use({ storageState: STORAGE.admin });

  test('no page scrolls sideways at 360, 390, 768 and 1024 px', async ({ page }) => {
    test.setTimeout(300_000);
    const paths = await consolePaths(page);
    const found: Record<string, string> = {};
    const check = async (path: string) => {
      await page.setViewportSize({ width: WIDTHS[0], height: 844 });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // one load per page; the layout follows each width as the window is resized
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 844 });
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const wide = await overflow(page);
        if (wide) found[`${path} @ ${width}`] = wide;
      }
    };
    for (const path of paths) await check(path);

    // the sign-in page, signed out
    await page.context().clearCookies();
    await check('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();

    expect(found).toEqual({});
  });
});

/**
 * A list on a phone is one scroll: its region (named `regionName`) and the page never scroll
 * sideways, and `row` is a block of cells, each after its column's name (`labels`), within the
 * window's width.
 */
async function expectOneScroll(page: Page, regionName: string, row: Locator, labels: string[]) {
  const region = page.getByRole('region', { name: regionName });
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const name of labels) await expect(row).toContainText(name);
  for (const cell of await row.getByRole('cell').all()) {
    const box = await cell.boundingBox();
    if (box) expect(box.x + box.width, (await cell.textContent()) ?? '').toBeLessThanOrEqual(390);
  }
}

/** Fails, naming the element's text, if any of `elements` holds more than its box shows (cut at its edge). */
async function expectNoneCut(elements: Locator[], what: string) {
  for (const element of elements) {
    const { over, text } = await element.evaluate((el) => ({
      over: el.scrollWidth - el.clientWidth,
      text: el.textContent ?? '',
    }));
    expect(over, `${what}: ${text}`).toBeLessThanOrEqual(1);
  }
}

test('on a phone the header cuts no name short: the partner’s name is whole in the menu, and left to screen readers in the header', async ({
  page,
}) => {
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/venues');
    const name = page.getByTestId('shell-partner-name');
    await expect(name).toHaveText(DEMO_PARTNER.name);
    // Either all of it shows, or none (a screen reader's text): never its first letter and an ellipsis.
    const shown = await name.evaluate((el) => ({
      width: el.getBoundingClientRect().width,
      clipped: el.scrollWidth > el.clientWidth,
    }));
    expect(shown.width <= 1 || !shown.clipped, `the name at ${width} px: ${JSON.stringify(shown)}`).toBe(true);
    await page.getByTestId('mobile-menu-button').tap();
    const sheet = page.getByTestId('mobile-nav');
    await expect(sheet.getByTestId('menu-partner')).toContainText(DEMO_PARTNER.name);
    await expect(sheet.getByTestId('menu-partner')).toContainText('Sandbox');
    await expectNoneCut([sheet.getByTestId('menu-partner').getByText(DEMO_PARTNER.name)], `the menu at ${width} px`);
  }
});

test('the reservation list on a phone is one scroll: each reservation a block with its status, date, time and party in view', async ({
  page,
}) => {
  await page.goto('/reservations');
  const table = page.getByTestId('reservations-table');
  await expect(table.locator('[data-testid^="reservation-row-"]').first()).toBeVisible();
  const row = table.locator('[data-testid^="reservation-row-"]').first();
  await expectOneScroll(page, 'Reservations matching this search', row, ['Status', 'Date', 'Time', 'Party']);
});

test('the lists of brands, venues and managed partners on a phone are one scroll: each record a block of its labelled details', async ({
  page,
}) => {
  await page.goto('/entities');
  await expectOneScroll(page, 'Brands and channels', page.getByTestId('entity-row').first(), [
    'Organization',
    'Default program',
    'Default language',
    'Programs',
  ]);
  await page.goto('/venues');
  const venue = page.getByRole('region', { name: 'Venues' }).getByRole('row').filter({ hasText: 'Casa Alfama' });
  await expectOneScroll(page, 'Venues', venue, ['Market', 'Lisbon', 'Address', 'Seating areas']);
  // The columns that sort stay in view, one row above the blocks: by market, Z to A.
  const byMarket = page.getByRole('columnheader', { name: 'Market' }).getByRole('button');
  await byMarket.tap();
  await byMarket.tap();
  await expect(page.getByRole('columnheader', { name: 'Market' })).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByRole('region', { name: 'Venues' }).getByRole('row').nth(1)).toContainText('London');
  await page.goto('/delegates');
  await expectOneScroll(page, 'Managed partners', page.getByTestId('delegate-row').first(), ['Client id', 'Status']);
});

test.describe('the reservation list on a phone, in German', () => {
  test.use({ locale: 'de-DE', viewport: { width: 360, height: 780 } });

  test('each block holds its values whole: a long language name wraps, never cut at the screen’s edge', async ({
    page,
  }) => {
    await page.goto('/reservations?locale=en-GB');
    const rows = page.locator('[data-testid^="reservation-row-"]');
    await expect(rows.first()).toContainText('Englisch (Vereinigtes Königreich)');
    for (const row of (await rows.all()).slice(0, 5)) await expectNoneCut(await row.getByRole('cell').all(), 'a cell');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('a brand’s block holds its details whole: a long status wraps, a long label breaks between words', async ({
    page,
  }) => {
    await page.goto('/entities');
    const rows = page.getByTestId('entity-row');
    await expect(rows.filter({ hasText: 'noch nicht vollständig eingerichtet' }).first()).toBeVisible();
    for (const row of await rows.all()) await expectNoneCut(await row.getByRole('cell').all(), 'a cell');
    // The label of a detail is one word here ("Standardprogramm"): it is never split inside.
    const label = rows.first().getByText('Standardprogramm', { exact: true });
    await expect(label).toBeVisible();
    expect(await label.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(20);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test('on a phone the account page’s buttons hold their labels whole in Portuguese and Finnish, a long one wrapped', async ({
  browser,
}) => {
  const { page, context } = await newSignedInMember(browser, 'long.labels');
  await page.setViewportSize({ width: 360, height: 780 });
  for (const [language, setUp] of [
    ['pt', 'Configurar o início de sessão em dois passos'],
    ['fi', 'Ota kaksivaiheinen kirjautuminen käyttöön'],
  ] as const) {
    await page.goto('/account');
    const form = page.getByTestId('language-form');
    await form.locator('select#language').selectOption(language);
    await form.locator('button[type="submit"]').click();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('button', { name: setUp })).toBeVisible();
    await expectNoneCut(await page.getByRole('main').getByRole('button').filter({ visible: true }).all(), language);
  }
  await context.close();
});

test.describe('a change mark on a phone', () => {
  test.use({ storageState: STORAGE.admin, viewport: { width: 360, height: 780 } });

  test('a cancel made by another member is marked on the open list without widening it past the screen', async ({
    page,
    browser,
    request,
  }) => {
    const upcoming = (await sandboxApi(
      request,
      `/v2/reservations?date[gte]=${today()}&status=confirmed&sort=date&limit=1`,
      partner,
      defaultEntity,
    )) as { data: { id: string }[] };
    const id = upcoming.data[0]!.id;
    await page.goto(`/reservations?date%5Bgte%5D=${today()}&sort=date`);
    const row = page.getByTestId(`reservation-row-${id}`);
    await expect(row).toContainText('confirmed');

    const operator = await browser.newContext({ storageState: STORAGE.operator });
    const other = await operator.newPage();
    await other.goto(`/reservations/${id}`);
    await other.getByRole('button', { name: 'Cancel reservation' }).click();
    await other.getByRole('button', { name: 'Yes, cancel it' }).click();
    await expect(other.getByTestId('reservation-status')).toHaveText('canceled');
    await operator.close();

    await expect(row.getByTestId('change-mark')).toHaveText('Canceled by Olivia Operator');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe('Activity on a phone', () => {
  test.use({ storageState: STORAGE.admin });

  test('one scroll: each entry is a block with who, the action and the record in view, a long address broken, never scrolled sideways', async ({
    page,
    browser,
  }) => {
    // A member whose address is one long word, and their sign-in in the log.
    const { email, context } = await newSignedInMember(browser, 'a.member.with.a.rather.long.address.on.a.phone');
    await context.close();
    await page.goto(`/activity?kind=sign-ins&staff=${encodeURIComponent(email)}`);
    const row = page.getByTestId('activity-row').first();
    await expect(row).toContainText(email);
    await expectOneScroll(page, 'Activity', row, ['Who', 'Action', 'Result']);
  });
});

test.describe('Team on a phone', () => {
  test.use({ storageState: STORAGE.admin });

  test('one scroll: each member is a block with their role, status and buttons in view, the list never scrolled sideways', async ({
    page,
  }) => {
    await page.goto('/team');
    const table = page.getByTestId('team-table');
    await expect(table).toBeVisible();
    const region = page.getByRole('region', { name: 'Team members' });
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    const viewer = page.getByTestId('member-viewer@demo.test');
    // Each value after its column's name, inside the window's width.
    await expect(viewer).toContainText('Status');
    for (const control of [
      viewer.getByRole('combobox'),
      viewer.getByRole('button', { name: 'Disable' }),
      viewer.getByRole('button', { name: 'Reset password' }),
    ]) {
      const box = (await control.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
  });
});

/** Where a control ends on the right and how tall it is, in the window's pixels. */
async function extent(control: Locator) {
  const box = (await control.boundingBox())!;
  return { right: box.x + box.width, height: box.height };
}

/** axe's violations on the page in a theme of the system's, once colours that move have arrived. */
async function axeIn(page: Page, theme: 'light' | 'dark') {
  await inTheme(page, theme);
  return (await axeOn(page).analyze()).violations.map(
    (v) => `${theme}: ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
}

test.describe('the allocation grid on a phone', () => {
  test('one scroll: each commitment is a card with its seat inputs in view; a seat typed there is staged for review, then discarded', async ({
    page,
    request,
  }) => {
    await openGrid(page);
    const grid = page.getByTestId('allocation-grid');
    // No box of its own scrolls sideways, and neither does the page.
    expect(await grid.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The first card: every seat input and boundary within the window, each input named on the card
    // and a finger's height.
    const card = grid.locator('[data-testid^="alloc-row-"]').first();
    const inputs = card.getByRole('spinbutton');
    expect(await inputs.count()).toBeGreaterThan(0);
    for (const input of await inputs.all()) {
      const entity = (await input.getAttribute('aria-label'))!.match(/^Seats of (.+) on /)![1]!;
      await expect(card).toContainText(entity);
      const { right, height } = await extent(input);
      expect(right).toBeLessThanOrEqual(390);
      expect(height).toBeGreaterThanOrEqual(44);
    }
    for (const thumb of await card.getByRole('slider').all())
      expect((await extent(thumb)).right).toBeLessThanOrEqual(390);

    // A seat typed on the phone: one fewer for an entity holding some (always within the equation).
    let input: Locator | null = null;
    let seats = 0;
    for (const candidate of await inputs.all()) {
      seats = Number(await candidate.inputValue());
      if (seats > 0 && (await candidate.isEnabled())) {
        input = candidate;
        break;
      }
    }
    expect(input, 'an entity holds seats on the first commitment').not.toBeNull();
    const mark = await sandboxRequestMark(request);
    await input!.fill(String(seats - 1));
    const review = page.getByTestId('allocation-review');
    await expect(review.getByRole('heading', { name: 'Review: 1 change' })).toBeVisible();
    await expect(page.getByTestId('allocation-changes')).toContainText(`${seats} → ${seats - 1}`);
    // With a change staged the review stays at the window's foot, its buttons in reach and in view.
    const discard = review.getByRole('button', { name: 'Discard', exact: true });
    const apply = review.getByRole('button', { name: 'Apply 1 change' });
    for (const button of [discard, apply]) {
      await expect(button).toBeInViewport();
      const { right, height } = await extent(button);
      expect(right).toBeLessThanOrEqual(390);
      expect(height).toBeGreaterThanOrEqual(44);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The page as it is now (a card edited, the review at the foot) in both themes.
    expect([...(await axeIn(page, 'light')), ...(await axeIn(page, 'dark'))]).toEqual([]);

    await discard.tap();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Discard 1 change' }).tap();
    await expect(review.getByRole('heading', { name: 'Review: no changes' })).toBeVisible();
    await expect(input!).toHaveValue(String(seats));
    expect((await sandboxRequestsSince(request, mark)).filter((r) => r.method === 'PUT')).toEqual([]);
  });
});
