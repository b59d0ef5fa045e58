import { expect, test } from '@playwright/test';

import { unseenSearch } from './demo-world';
import { STORAGE } from './env';
import { controls, sandboxRequestMark, sandboxRequestsSince } from './sandbox';

test.describe('when the API misbehaves', () => {
  test.use({ storageState: STORAGE.admin });
  test.afterEach(async () => {
    await controls.clearFaults();
  });

  test('API failures show a message a person can act on, and the page recovers when the API does', async ({ page }) => {
    // 503 on every /v2 call: the client retries GETs a bounded number of times, then the page says
    // so. (A reservations search the dashboard holds no answer of asks the API; the directory's
    // pages read its copy.)
    await controls.setFaults({ error_rate: 1 });
    await page.goto(unseenSearch());
    await expect(page.getByText('Guest Book failed (error 503). Try again in a moment.').first()).toBeVisible();
    await controls.clearFaults();
    await page.reload();
    await expect(page.getByRole('table')).toBeVisible();
  });

  test('a rate-limit storm is reported with the time requests resume, and the page works again after it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // windows of 10 s, not a minute: the wait the storm leaves ends within 10 s of its end
    await controls.setFaults({ rate_limit_storm: true, rate_limit_window_s: 10 });
    await page.goto(unseenSearch());
    // The page's error, or, where the page has answers stored from before, its as-of note: both
    // name the API's limit and when requests resume.
    const notice = page.getByText(/request limit is reached; requests resume at \d\d:\d\d:\d\d UTC/).first();
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await controls.clearFaults();
    // The dashboard keeps to the API's window (it sends nothing until the reset it was told).
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('table')).toBeVisible({ timeout: 2_000 });
      // read anew, not the answer stored before the storm
      await expect(page.getByTestId('as-of-note')).toHaveCount(0);
    }).toPass({ timeout: 75_000, intervals: [3_000] });
  });

  test('a token service outage is named as such, and the page recovers when the service does', async ({
    page,
    request,
  }) => {
    // The dashboard holds valid tokens, so the outage shows when it next needs one: the API
    // refuses the cached tokens (as after a key rotation) while the token service is down. More
    // than once: the copy's sync, on its own turn, may be the first to be refused.
    await controls.setFaults({
      token_down: true,
      fail_requests: [{ method: 'GET', path: '/v2/reservations', status: 401, count: 20 }],
    });
    const mark = await sandboxRequestMark(request);
    await page.goto(unseenSearch());
    await expect(
      page
        .getByText(
          'The Guest Book sign-in service is not answering, so the dashboard cannot reach Guest Book. Try again in a moment.',
        )
        .first(),
    ).toBeVisible();
    const sent = await sandboxRequestsSince(request, mark);
    expect(sent.filter((r) => r.path === '/oauth/token').length, 'a new token was asked for').toBeGreaterThan(0);
    await controls.clearFaults();
    await page.reload();
    await expect(page.getByRole('table')).toBeVisible();
  });
});
