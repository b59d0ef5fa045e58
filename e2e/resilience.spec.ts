import { expect, test } from '@playwright/test';
import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { SANDBOX_URL, STORAGE } from './env';
import { sandboxRequestMark, sandboxRequestsSince } from './sandbox';

test.describe('when the API misbehaves', () => {
  test.use({ storageState: STORAGE.admin });
  test.afterEach(async ({ request }) => {
    await request.delete(`${SANDBOX_URL}/_sandbox/faults`);
  });

  test('API failures show a message a person can act on, and the page recovers when the API does', async ({ page, request }) => {
    // 503 on every /v2 call: the client retries GETs a bounded number of times, then the page says so.
    await request.post(`${SANDBOX_URL}/_sandbox/faults`, { data: { error_rate: 1 } });
    await page.goto('/delegates');
    await expect(page.getByText('The Guest Book API failed (HTTP 503). Try again in a moment.').first()).toBeVisible();
    await request.delete(`${SANDBOX_URL}/_sandbox/faults`);
    await page.reload();
    await expect(page.getByRole('table')).toBeVisible();
  });

  test('a rate-limit storm is reported with the time requests resume, and the page works again after it', async ({ page, request }) => {
    test.setTimeout(120_000);
    await request.post(`${SANDBOX_URL}/_sandbox/faults`, { data: { rate_limit_storm: true } });
    await page.goto(`/entities/${DEMO_PARTNER.defaultEntityId}`);
    const notice = page.getByText(/rate limit is reached; requests resume at \d\d:\d\d:\d\d UTC/).first();
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await request.delete(`${SANDBOX_URL}/_sandbox/faults`);
    // The dashboard keeps to the API's window (it sends nothing until the reset it was told).
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('entity-name')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 75_000, intervals: [3_000] });
  });

  test('a token service outage is named as such, and the page recovers when the service does', async ({ page, request }) => {
    // The dashboard holds valid tokens, so the outage shows when it next needs one: the API
    // refuses the cached token once (as after a key rotation) while the token service is down.
    await request.post(`${SANDBOX_URL}/_sandbox/faults`, {
      data: { token_down: true, fail_requests: [{ method: 'GET', path: '/v2/identities/me/delegates', status: 401 }] },
    });
    const mark = await sandboxRequestMark(request);
    await page.goto('/delegates');
    await expect(page.getByText('The Guest Book token service is not answering, so the dashboard cannot call the API. Try again in a moment.').first()).toBeVisible();
    const sent = await sandboxRequestsSince(request, mark);
    expect(sent.filter((r) => r.path === '/oauth/token').length, 'a new token was asked for').toBeGreaterThan(0);
    await request.delete(`${SANDBOX_URL}/_sandbox/faults`);
    await page.reload();
    await expect(page.getByRole('table')).toBeVisible();
  });
});
