/**
 * Many guests' flags at once, from the dashboard's copy alone (no API request): what a day's list
 * shows on each row. Free of `server-only`, for the tests.
 */
import { inArray } from 'drizzle-orm';

import { summarizeHistory, type GuestFlag, type HistoryReservation } from '../../guests/history';
import { guestKey } from '../../guests/schemas';
import type { DashboardDb } from '../db/open';
import { reservationsCopy } from '../db/schema';
import { reservationOf } from '../reservations-copy/rows';

/**
 * e-mail (lower-cased) → the flags of that guest as of `today` (YYYY-MM-DD), from every entity's
 * book and window in the copy, for the guests that have any. "First visit" is left out for a
 * guest the copy holds no reservation of (nothing is known of them).
 */
export async function guestFlagsFor(
  db: Pick<DashboardDb, 'select'>,
  emails: readonly string[],
  today: string,
): Promise<Map<string, GuestFlag[]>> {
  const keys = [...new Set(emails.map(guestKey))];
  if (!keys.length) return new Map();
  const rows = await db
    .select({ email: reservationsCopy.guestEmailLower, reservation: reservationsCopy.reservation })
    .from(reservationsCopy)
    .where(inArray(reservationsCopy.guestEmailLower, keys));
  const byGuest = new Map<string, Map<string, HistoryReservation & { updated_at?: string }>>();
  for (const row of rows) {
    const r = reservationOf(row);
    const own = byGuest.get(row.email!) ?? new Map();
    const was = own.get(r.id);
    if (!was || (r.updated_at ?? '') > (was.updated_at ?? '')) own.set(r.id, r);
    byGuest.set(row.email!, own);
  }
  const out = new Map<string, GuestFlag[]>();
  for (const [email, own] of byGuest) {
    const flags = summarizeHistory([...own.values()], today).flags;
    if (flags.length) out.set(email, flags);
  }
  return out;
}
