import { defaultEntity, partner, today } from './demo-world';
import { STORAGE } from './env';
import { countText } from './reservation-results';
import { sandboxApi, sandboxControl, type SandboxReservation } from './sandbox';
import { expect, test, type APIRequestContext, type Page } from './test';

const entity = defaultEntity;

interface SandboxPage {
  data: SandboxReservation[];
  pagination: { total_items: number };
}

const sandboxSearch = (request: APIRequestContext, query: string, limit: number) =>
  sandboxApi(
    request,
    `/v2/reservations?${query}${query ? '&' : ''}limit=${limit}`,
    partner,
    entity,
  ) as Promise<SandboxPage>;

const rowIds = (page: Page) =>
  page
    .locator('[data-testid^="reservation-row-"]')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid')!.replace('reservation-row-', '')));

test.describe('as an operator', () => {
  test.use({ storageState: STORAGE.operator });

  for (const query of [
    'status=confirmed',
    'status[neq]=canceled&sort=-date',
    'status[in]=confirmed,pending&sort=party_size',
    'status[nin]=canceled,no_show&sort=guest_last_name',
    `date[gte]=${today()}&sort=-created_at`,
    `date[lte]=${today()}&sort=-date`,
  ]) {
    test(`/reservations?${query.replaceAll(today(), '<today>')} shows the API's own count and first page`, async ({
      page,
      request,
    }) => {
      const expected = await sandboxSearch(request, query, 25);
      expect(expected.pagination.total_items).toBeGreaterThan(25);
      expect((await sandboxSearch(request, query, 1)).pagination.total_items).toBe(expected.pagination.total_items);

      await page.goto(`/reservations?${query}`);
      await expect(page.getByTestId('result-count')).toHaveText(countText(expected.pagination.total_items));
      expect(await rowIds(page)).toEqual(expected.data.map((r) => r.id));
      await expect(page.getByTestId('filter-errors')).toHaveCount(0);
    });
  }

  test('a search built in the filter builder is a link that restores the same results', async ({
    page,
    context,
    request,
  }) => {
    await page.goto('/reservations?sort=date');
    await page.getByLabel('Attribute 1').selectOption('party_size');
    await page.getByLabel('Modifier 1').selectOption('gte');
    await page.getByLabel('Value 1').fill('4');
    await page.getByRole('button', { name: 'Add condition' }).click();
    await page.getByLabel('Attribute 2').selectOption('status');
    await page.getByLabel('Modifier 2').selectOption('in');
    const values = page.getByRole('group', { name: 'Values 2' });
    await values.getByLabel('confirmed').check();
    await values.getByLabel('pending').check();
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    const query = 'party_size[gte]=4&status[in]=confirmed,pending&sort=date';
    await page.waitForURL((url) => decodeURIComponent(url.search) === `?${query}`);
    const expected = await sandboxSearch(request, query, 25);
    await expect(page.getByTestId('result-count')).toHaveText(countText(expected.pagination.total_items));
    const ids = await rowIds(page);
    expect(ids).toEqual(expected.data.map((r) => r.id));
    expect(ids.length).toBeGreaterThan(0);
    // one builder and one table, showing the search just run (not also the one before it)
    await expect(page.getByRole('region', { name: 'Search reservations' })).toHaveCount(1);
    await expect(page.getByTestId('reservations-table')).toHaveCount(1);
    await expect(page.getByLabel('Attribute 1')).toHaveValue('party_size');

    const shared = await context.newPage();
    await shared.goto(page.url());
    await expect(shared.getByTestId('result-count')).toHaveText(countText(expected.pagination.total_items));
    expect(await rowIds(shared)).toEqual(ids);
    // the builder shows the conditions of the link it was opened with
    await expect(shared.getByLabel('Attribute 1')).toHaveValue('party_size');
    await expect(shared.getByLabel('Modifier 1')).toHaveValue('gte');
    await expect(shared.getByLabel('Value 1')).toHaveValue('4');
  });

  test('the builder names the guests’ languages, and a search by one finds its reservations', async ({
    page,
    request,
  }) => {
    await page.goto('/reservations?sort=date');
    await page.getByLabel('Attribute 1').selectOption('locale');
    await page.getByLabel('Modifier 1').selectOption('in');
    const values = page.getByRole('group', { name: 'Values 1' });
    await expect(values.getByText('de-DE', { exact: true })).toHaveCount(0);
    await values.getByLabel('German (Germany)').check();
    await values.getByLabel('Portuguese (Portugal)').check();
    await page.getByRole('button', { name: 'Search', exact: true }).click();

    const query = 'locale[in]=de-DE,pt-PT&sort=date';
    await page.waitForURL((url) => decodeURIComponent(url.search) === `?${query}`);
    const expected = await sandboxSearch(request, query, 25);
    expect(expected.pagination.total_items).toBeGreaterThan(0);
    await expect(page.getByTestId('result-count')).toHaveText(countText(expected.pagination.total_items));
    expect(await rowIds(page)).toEqual(expected.data.map((r) => r.id));
    // Each row names its guest's language as well, not the API's code.
    const names: Record<string, string> = { 'de-DE': 'German (Germany)', 'pt-PT': 'Portuguese (Portugal)' };
    await expect(page.locator('[data-testid^="reservation-row-"] td:last-child')).toHaveText(
      expected.data.map((r) => names[r.locale]!),
      { useInnerText: true },
    );
  });

  test('a malformed query names each bad parameter and shows no table', async ({ page }) => {
    await page.goto('/reservations?date[gte]=2026-13-45&party_size[in]=x');
    const errors = page.getByTestId('filter-errors');
    await expect(errors).toBeVisible();
    await expect(errors.getByRole('listitem')).toHaveCount(2);
    await expect(errors).toContainText('date: "2026-13-45" is not a date');
    await expect(errors).toContainText('party_size: "x" is not a whole number');
    await expect(page.getByTestId('reservations-table')).toHaveCount(0);
    await expect(page.getByTestId('result-count')).toHaveCount(0);
  });

  test('cancel a confirmed reservation: the API holds it canceled and the guest gets the e-mail in their locale', async ({
    page,
    request,
  }) => {
    const [target] = (await sandboxSearch(request, `status=confirmed&date[gte]=${today()}&sort=date`, 1)).data;
    expect(target, 'a confirmed upcoming reservation in the sandbox').toBeTruthy();
    const r = target!;

    await page.goto(`/reservations/${r.id}`);
    await expect(page.getByTestId('reservation-status')).toHaveText('confirmed');
    await page.getByRole('button', { name: 'Cancel reservation' }).click();
    const question = page.getByTestId('cancel-confirmation');
    await expect(question).toContainText(
      `Cancel the reservation for ${r.guest.first_name} ${r.guest.last_name}, ${r.party_size} guest`,
    );
    await expect(question).toContainText(`at ${r.time}?`);
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();

    await expect(page.getByTestId('reservation-status')).toHaveText('canceled');
    await expect(page.getByRole('button', { name: 'Cancel reservation' })).toHaveCount(0);
    await expect(page.getByTestId('cancel-confirmation')).toHaveCount(0);

    const stored = (await sandboxApi(request, `/v2/reservations/${r.id}`, partner, entity)) as {
      data: SandboxReservation & { canceled_at: string | null };
    };
    expect(stored.data.status).toBe('canceled');
    expect(stored.data.canceled_at).toBeTruthy();

    const outbox = (await sandboxControl(request, 'GET', '/_sandbox/outbox')) as {
      data: { kind: string; locale: string; reservation_id: string; subject: string }[];
    };
    const mails = outbox.data.filter((m) => m.kind === 'cancellation' && m.reservation_id === r.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.locale).toBe(r.locale);
  });

  test('sortable headers change the sort of the URL and keep the filters', async ({ page, request }) => {
    await page.goto('/reservations?status=confirmed');
    await page.getByTestId('sort-party_size').click();
    await page.waitForURL((url) => decodeURIComponent(url.search) === '?status=confirmed&sort=party_size');
    const expected = await sandboxSearch(request, 'status=confirmed&sort=party_size', 25);
    await expect.poll(() => rowIds(page)).toEqual(expected.data.map((x) => x.id));
    await page.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL((url) => decodeURIComponent(url.search) === '?status=confirmed&sort=party_size&page=2');
    const second = (await sandboxApi(
      request,
      '/v2/reservations?status=confirmed&sort=party_size&limit=25&page=2',
      partner,
      entity,
    )) as SandboxPage;
    await expect.poll(() => rowIds(page)).toEqual(second.data.map((x) => x.id));
  });
});

test.describe('as a viewer', () => {
  test.use({ storageState: STORAGE.viewer });

  test('a viewer sees a confirmed reservation but no Cancel button', async ({ page, request }) => {
    const [target] = (await sandboxSearch(request, `status=confirmed&date[gte]=${today()}&sort=-date`, 1)).data;
    expect(target).toBeTruthy();
    await page.goto(`/reservations/${target!.id}`);
    await expect(page.getByTestId('reservation-guest')).toHaveText(
      `${target!.guest.first_name} ${target!.guest.last_name}`,
    );
    await expect(page.getByTestId('reservation-status')).toHaveText('confirmed');
    await expect(page.getByRole('button', { name: 'Cancel reservation' })).toHaveCount(0);
  });
});
