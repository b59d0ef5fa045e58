import { unseenReservation } from './demo-world';
import { STORAGE } from './env';
import { controls, sandboxRequestMark, sandboxRequestsSince } from './sandbox';
import { expect, test } from './test';

test.describe('when the API misbehaves', () => {
  test.use({ storageState: STORAGE.admin });
  test.afterEach(async () => {
    await controls.clearFaults();
  });

  test('API failures show a message a person can act on, and the page recovers when the API does', async ({ page }) => {
    // 503 on every /v2 call: the client retries GETs a bounded number of times, then the page says
    // so. (A reservation the dashboard's copy does not hold asks the API; the searches and the
    // directory's pages read its copy.) Once the API answers, the page says what it said: no such
    // reservation.
    await controls.setFaults({ error_rate: 1 });
    await page.goto(unseenReservation());
    await expect(page.getByText('Guest Book failed (error 503). Try again in a moment.').first()).toBeVisible();
    await expect(page.getByTestId('not-found')).toHaveCount(0);
    await controls.clearFaults();
    await page.reload();
    await expect(page.getByTestId('not-found')).toBeVisible();
  });

  test('a rate-limit storm is reported with the time requests resume, and the page works again after it', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    // windows of 10 s, not a minute: the wait the storm leaves ends within 10 s of its end
    await controls.setFaults({ rate_limit_storm: true, rate_limit_window_s: 10 });
    await page.goto(unseenReservation());
    // The page's error, or, where the page has answers stored from before, its as-of note: both
    // name the API's limit and when requests resume.
    const notice = page.getByText(/request limit is reached; requests resume at \d\d:\d\d:\d\d UTC/).first();
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await controls.clearFaults();
    // The dashboard keeps to the API's window (it sends nothing until the reset it was told).
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId('not-found')).toBeVisible({ timeout: 2_000 });
      await expect(page.getByTestId('as-of-note')).toHaveCount(0);
    }).toPass({ timeout: 75_000, intervals: [3_000] });
  });

  test('a token service outage is named as such, and the page recovers when the service does', async ({
    page,
    request,
  }) => {
    // The dashboard holds valid tokens, so the outage shows when it next needs one: the API
    // refuses the cached token (as after a key rotation) while the token service is down.
    const reservation = unseenReservation();
    await controls.setFaults({
      token_down: true,
      fail_requests: [{ method: 'GET', path: `/v2${reservation}`, status: 401, count: 20 }],
    });
    const mark = await sandboxRequestMark(request);
    await page.goto(reservation);
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
    await expect(page.getByTestId('not-found')).toBeVisible();
  });
});
