/** Staff accounts created for the sandbox demo and the tests; never in production. */
import type { DashboardDb } from './db/open';
import type { StaffRole } from './db/schema';
import { upsertStaff } from './staff-store';

export const DEMO_PASSWORD = 'guestbook-demo-2026';

export const DEMO_ACCOUNTS: readonly { email: string; name: string; role: StaffRole }[] = [
  { email: 'admin@demo.test', name: 'Alex Admin', role: 'admin' },
  { email: 'operator@demo.test', name: 'Olivia Operator', role: 'operator' },
  { email: 'viewer@demo.test', name: 'Victor Viewer', role: 'viewer' },
];

export async function ensureDemoAccounts(db: DashboardDb): Promise<void> {
  for (const account of DEMO_ACCOUNTS) await upsertStaff(db, { ...account, password: DEMO_PASSWORD });
}
