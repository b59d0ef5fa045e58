import { DASHBOARD_URL, STORAGE } from './env';
import { captureActionId, postAction } from './server-actions';
import { expect, test } from './test';

test.describe('web security', () => {
  test.use({ storageState: STORAGE.admin });

  test('every page carries a nonce-based CSP without unsafe-eval, and is never framed', async ({ page }) => {
    for (const path of ['/', '/reservations', '/allocations', '/login']) {
      const res = await page.request.get(path, { maxRedirects: 0 });
      const csp = res.headers()['content-security-policy'] ?? '';
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=_-]{16,}' 'strict-dynamic'/);
      expect(csp, path).not.toContain('unsafe-eval');
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(res.headers()['x-content-type-options'], path).toBe('nosniff');
      expect(res.headers()['x-frame-options'], path).toBe('DENY');
    }
    // Served over plain http here: HSTS would be meaningless and is not sent.
    expect((await page.request.get('/')).headers()['strict-transport-security']).toBeUndefined();
    // Behind a TLS-terminating proxy (X-Forwarded-Proto: https) it is.
    const https = await page.request.get('/', { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(https.headers()['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  });

  test('the session cookie is HttpOnly and SameSite=Lax', async ({ context }) => {
    const cookie = (await context.cookies()).find((c) => c.name.includes('next-auth.session-token'));
    expect(cookie).toBeTruthy();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  });

  test('a server action posted from another origin is refused and changes nothing', async ({ page }) => {
    await page.goto('/team');
    await page.getByRole('button', { name: 'New member' }).click();
    const actionId = await captureActionId(page, async () => {
      await page.getByLabel('E-mail').fill('csrf-capture@demo.test');
      await page.getByLabel('Name').fill('Capture');
      await page.getByRole('button', { name: 'Add member' }).click();
    });
    const email = `csrf.${Date.now()}@demo.test`;
    const res = await postAction(
      page.request,
      `${DASHBOARD_URL}/team`,
      actionId,
      [{ email, name: 'Cross Site', role: 'admin', password: '' }],
      { origin: 'https://evil.example' },
    );
    expect(res.ok()).toBe(false);
    await page.goto('/team');
    await expect(page.getByTestId(`member-${email}`)).toHaveCount(0);
  });
});
