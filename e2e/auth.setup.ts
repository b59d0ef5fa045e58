import { expect, test as setup } from '@playwright/test';

import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../lib/server/auth/demo-accounts';
import { E2E_WORKERS, workerServers } from './env';
import { openSignIn } from './staff';

// Each worker's dashboard has a database of its own: every account signs in on each of them.
setup.describe.configure({ mode: 'parallel' });

for (let worker = 0; worker < E2E_WORKERS; worker++) {
  const { dashboardUrl, storage } = workerServers(worker);
  setup.describe(`worker ${worker}`, () => {
    setup.use({ baseURL: dashboardUrl });
    for (const account of DEMO_ACCOUNTS) {
      setup(`sign in as ${account.role}`, async ({ page, request }) => {
        // The workers' servers start side by side; Playwright waited for the last one only.
        await expect
          .poll(async () => (await request.get(`${dashboardUrl}/api/health/live`).catch(() => null))?.status(), {
            message: `the dashboard of worker ${worker} (${dashboardUrl}) to start`,
            timeout: 180_000,
            intervals: [250, 500, 1_000],
          })
          .toBe(200);
        await openSignIn(page);
        await page.getByLabel('E-mail').fill(account.email);
        await page.getByLabel('Password').fill(DEMO_PASSWORD);
        await page.getByRole('button', { name: 'Sign in' }).click();
        // The first sign-in after the server starts pays for argon2 and a cold overview on a shared machine.
        await expect(page.getByTestId('shell-staff-name')).toHaveText(account.name, { timeout: 30_000 });
        await page.context().storageState({ path: storage[account.role] });
      });
    }
  });
}
