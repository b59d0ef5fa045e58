import 'server-only';

import { CHANGE_KINDS, kindVisibleTo, type ChangeEvent } from '../../changes/events';
import { requireStaff } from '../auth';
import { recentChanges } from '../changes';
import { getDb } from '../db';
import type { Overview } from './overview';

/** How many of the day's changes the overview lists. */
export const RECENT_CHANGES = 12;

/**
 * The day's changes in the overview's scope, newest first: since the day began at the venues, of
 * the kinds the member's role sees (the change feed's own rule), in the selected entity (and the
 * partner-wide ones) or, for the whole partner, everywhere. Read from the dashboard's database:
 * no API request.
 */
export async function getRecentChanges(overview: Overview): Promise<ChangeEvent[]> {
  const staff = await requireStaff();
  const db = await getDb();
  return recentChanges(db, {
    entityIds: overview.scope === 'partner' ? null : overview.entity ? [overview.entity.id] : [],
    kinds: CHANGE_KINDS.filter((k) => kindVisibleTo(staff.role, k)),
    since: new Date(overview.dayStartsAt),
    limit: RECENT_CHANGES,
  });
}
