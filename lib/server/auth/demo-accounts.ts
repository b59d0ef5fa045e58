/** Staff accounts created for the sandbox demo and the tests; never in production. */
import { inArray } from 'drizzle-orm';

import { type StaffRole } from '@/lib/auth/roles';

import { ConfigError } from '../config/config-core';
import type { DashboardDb } from '../db/open';
import { staffUsers } from '../db/schema';
import { ensureStaff } from './staff-store';

export const DEMO_PASSWORD = 'guestbook-demo-2026';

export const DEMO_ACCOUNTS: readonly { email: string; name: string; role: StaffRole }[] = [
  { email: 'admin@demo.test', name: 'Alex Admin', role: 'admin' },
  { email: 'operator@demo.test', name: 'Olivia Operator', role: 'operator' },
  { email: 'viewer@demo.test', name: 'Victor Viewer', role: 'viewer' },
];

/** Creates the demo accounts that do not exist; one that exists is left as an admin left it. */
export async function ensureDemoAccounts(db: DashboardDb): Promise<void> {
  for (const account of DEMO_ACCOUNTS) await ensureStaff(db, { ...account, password: DEMO_PASSWORD });
}

/** The demo accounts present in a database (a production start refuses to run with any). */
export async function demoAccountsIn(db: DashboardDb): Promise<string[]> {
  const rows = await db
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(
      inArray(
        staffUsers.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  return rows.map((r) => r.email).sort();
}

/** Whether `email` (as typed) is a demo account's: refused at sign-in in production. */
export function isDemoEmail(email: string): boolean {
  const normalized = email.trim().toLowerCase();
  return DEMO_ACCOUNTS.some((a) => a.email === normalized);
}

/** A production start refuses a database that still holds a demo account: its password is published. */
export async function assertNoDemoAccounts(db: DashboardDb): Promise<void> {
  const demo = await demoAccountsIn(db);
  if (!demo.length) return;
  throw new ConfigError(
    `GUESTBOOK_ENV=production: the dashboard database holds the demo staff accounts ${demo.join(', ')}, whose password is published. ` +
      `Remove them with ${demo.map((e) => `\`npm run staff -- remove --email ${e}\``).join(' and ')}, or start on a new database.`,
  );
}
