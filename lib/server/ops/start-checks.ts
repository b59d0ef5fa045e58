/**
 * What a production start refuses, whatever started the process: `npm start` (scripts/server.ts
 * runs these checks before Next.js loads) or any other entry point, such as a bare `next start`
 * (instrumentation.ts runs them as the server starts). The configuration's own refusals
 * (loadConfig) come first.
 */
import { servedByDashboardServer } from '../auth/client-address';
import { assertNoDemoAccounts } from '../auth/demo-accounts';
import { ConfigError, type DashboardConfig } from '../config/config-core';
import type { DashboardDb } from '../db/open';

export async function productionStartChecks(config: DashboardConfig, db: () => Promise<DashboardDb>): Promise<void> {
  if (config.environment !== 'production') return;
  if (!servedByDashboardServer())
    throw new ConfigError(
      'GUESTBOOK_ENV=production: start the dashboard with `npm start` (scripts/server.ts). Started otherwise ' +
        '(e.g. a bare `next start`), it cannot tell clients apart: every sign-in would share one limit, and a ' +
        'client could name its own address.',
    );
  await assertNoDemoAccounts(await db());
}
