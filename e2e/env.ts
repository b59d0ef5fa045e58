/** Where the e2e run's two processes listen (scripts/run.ts serve). */
export const DASHBOARD_PORT = Number(process.env.E2E_DASHBOARD_PORT ?? 3100);
export const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4100);
export const DASHBOARD_URL = `http://127.0.0.1:${DASHBOARD_PORT}`;
export const SANDBOX_URL = `http://127.0.0.1:${SANDBOX_PORT}`;
export const STORAGE = {
  admin: 'test-results/.auth/admin.json',
  operator: 'test-results/.auth/operator.json',
  viewer: 'test-results/.auth/viewer.json',
} as const;
/** Where `scripts/run.ts serve --log` writes both processes' output during e2e. */
export const SERVER_LOG = '.data/e2e/server.log';
