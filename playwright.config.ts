import { randomBytes } from 'node:crypto';
import { defineConfig, devices } from '@playwright/test';

import { CHROMIUM_ARGS, e2eBrowserPath } from './e2e/chromium';
import { DASHBOARD_URL, E2E_SYNC_SECONDS, E2E_WORKERS, workerServers } from './e2e/env';

// The sandbox's controls need this token: the web server (scripts/run.ts serve) and the test
// workers inherit it from this process.
process.env.SANDBOX_CONTROL_TOKEN ||= randomBytes(18).toString('base64url');

/** Spec files of over half a minute, longest first (a run's JSON report gives each file's time). */
const LONG_FILES =
  /(accessibility|loading-states|authorization-matrix|resilience|two-processes|booking|allocations|sessions|today-long-day)\.spec\.ts$/;

/**
 * e2e runs in Debian's Chromium (Playwright cannot download its own browser here) against the
 * production build and a sandbox started fresh, in memory, for the run: E2E_WORKERS workers
 * (default: one for every two cores, and two from 2 cores up), each with a dashboard, its database and a sandbox of its own (e2e/env.ts). A spec
 * file runs whole in one worker, its tests in order.
 */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: DASHBOARD_URL,
    // Staff at a UK desk: dates and times follow the browser's language, as in the product.
    locale: 'en-GB',
    // A trace records every step of every test to keep the failures' ones: in CI, where no one
    // opens them, the failure's message and screenshot say what went wrong, at a lower cost.
    trace: process.env.CI ? 'off' : { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: e2eBrowserPath(), args: [...CHROMIUM_ARGS, '--disable-quic'] },
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    // The longest spec files are handed out first: a file runs whole in one worker, and one of
    // them started last would keep its worker busy long after the others are done.
    {
      name: 'chromium, long files',
      use: { ...devices['Desktop Chrome'] },
      dependencies: ['setup'],
      testMatch: LONG_FILES,
    },
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'] },
      dependencies: ['setup'],
      testIgnore: [/auth\.setup\.ts/, /\.check\.ts/, LONG_FILES],
    },
    // Last: the server's own output of the whole run, scanned for secrets.
    { name: 'server logs', testMatch: /server-logs\.check\.ts/, dependencies: ['chromium, long files', 'chromium'] },
  ],
  // The pairs start side by side: Playwright waits for the last one's URL only (it starts the
  // entries one after the other, each after the previous is up), and the setup project waits
  // for every worker's dashboard before it signs in there (e2e/auth.setup.ts).
  webServer: Array.from({ length: E2E_WORKERS }, (_, i) => {
    const { dashboardPort, sandboxPort, mailPort, dashboardUrl, log, dataDir } = workerServers(i);
    return {
      command: `node node_modules/tsx/dist/cli.mjs scripts/run.ts serve --port ${dashboardPort} --sandbox-port ${sandboxPort} --mail-port ${mailPort} --log ${log}`,
      url: i === E2E_WORKERS - 1 ? `${dashboardUrl}/login` : undefined,
      reuseExistingServer: false,
      timeout: 180_000,
      // Their output is in the log files (scanned at the end); start-up errors still show.
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
      // A row cap below the demo entity's 620 reservations, so that e2e can export over it; the sync
      // every 20 s (E2E_SYNC_SECONDS), so that a guest's change made in the sandbox shows within 10 s.
      env: { EXPORT_MAX_ROWS: '500', DIRECTORY_SYNC_SECONDS: String(E2E_SYNC_SECONDS), DASHBOARD_DATA_DIR: dataDir },
    };
  }),
});
