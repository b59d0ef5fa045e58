/** A member's list preferences in the dashboard's database. Free of `server-only`, for the tests. */
import { eq } from 'drizzle-orm';

import {
  DEFAULT_TABLE_PREFERENCES,
  DENSITIES,
  PAGE_SIZES,
  type Density,
  type PageSize,
  type TablePreferences,
} from '@/lib/preferences/table-preferences';

import type { DashboardDb } from '../db/open';
import { staffPreferences } from '../db/schema';

/** The member's preferences, or the defaults for what they never chose (a value no longer offered included). */
export async function getTablePreferences(db: DashboardDb, staffId: string): Promise<TablePreferences> {
  const [row] = await db.select().from(staffPreferences).where(eq(staffPreferences.staffId, staffId));
  return {
    pageSize: (PAGE_SIZES as readonly number[]).includes(row?.pageSize ?? 0)
      ? (row!.pageSize as PageSize)
      : DEFAULT_TABLE_PREFERENCES.pageSize,
    density: (DENSITIES as readonly string[]).includes(row?.density ?? '')
      ? (row!.density as Density)
      : DEFAULT_TABLE_PREFERENCES.density,
  };
}

export async function saveTablePreferences(
  db: DashboardDb,
  staffId: string,
  change: Partial<TablePreferences>,
): Promise<TablePreferences> {
  const next = { ...(await getTablePreferences(db, staffId)), ...change };
  await db
    .insert(staffPreferences)
    .values({ staffId, ...next })
    .onConflictDoUpdate({ target: staffPreferences.staffId, set: { ...next, updatedAt: new Date() } });
  return next;
}
