/** A member's language and time zone, kept with their account. Free of `server-only`, for the tests. */
import { and, eq, isNull } from 'drizzle-orm';

import { isUiLocale, validTimeZone, type UiLocale } from '@/lib/i18n/locales';

import type { DashboardDb } from '../db/open';
import { staffUsers } from '../db/schema';

/** Stores the member's choice: a console language (null: their browser's) and a time zone. */
export async function saveLanguageAndZone(
  db: DashboardDb,
  staffId: string,
  choice: { language: UiLocale | null; timeZone: string },
): Promise<void> {
  const timeZone = validTimeZone(choice.timeZone);
  if (!timeZone) throw new Error(`unknown time zone ${choice.timeZone}`);
  const language = choice.language && isUiLocale(choice.language) ? choice.language : null;
  await db.update(staffUsers).set({ language, timeZone, updatedAt: new Date() }).where(eq(staffUsers.id, staffId));
}

/**
 * The zone the member's browser named at sign-in, kept when they have none yet: a zone they chose
 * in their account is never replaced. Returns whether it was kept.
 */
export async function noticeTimeZone(db: DashboardDb, staffId: string, zone: unknown): Promise<boolean> {
  const timeZone = validTimeZone(zone);
  if (!timeZone) return false;
  const kept = await db
    .update(staffUsers)
    .set({ timeZone })
    .where(and(eq(staffUsers.id, staffId), isNull(staffUsers.timeZone)))
    .returning({ id: staffUsers.id });
  return kept.length > 0;
}
