/**
 * Presence: who else has a reservation's page or the grid open now, and who is editing there.
 * Each open page beats every 20 s (GET /api/presence); a member counts while their last beat is
 * under PRESENCE_TTL_MS old. In the database, so that members on different processes see each
 * other. Plain Node (no server-only): tested on its own.
 */
import { and, desc, eq, gt, lt, ne } from 'drizzle-orm';

import type { Present } from '../../changes/presence';
import type { DashboardDb } from '../db/open';
import { presence } from '../db/schema';

export const PRESENCE_TTL_MS = 60_000;
/** Rows this much older than the TTL are deleted by the next beat. */
const FORGET_AFTER_MS = 10 * 60_000;

/** Records `member` at `place` now and answers the others there (newest beat first). */
export async function beatAndList(
  db: Pick<DashboardDb, 'insert' | 'delete' | 'select'>,
  member: { id: string; name: string },
  place: string,
  editing: boolean,
  now = new Date(),
): Promise<Present[]> {
  await db
    .insert(presence)
    .values({ staffId: member.id, place, staffName: member.name, editing, seenAt: now })
    .onConflictDoUpdate({
      target: [presence.staffId, presence.place],
      set: { staffName: member.name, editing, seenAt: now },
    });
  await db.delete(presence).where(lt(presence.seenAt, new Date(now.getTime() - FORGET_AFTER_MS)));
  const rows = await db
    .select({ name: presence.staffName, editing: presence.editing })
    .from(presence)
    .where(
      and(
        eq(presence.place, place),
        ne(presence.staffId, member.id),
        gt(presence.seenAt, new Date(now.getTime() - PRESENCE_TTL_MS)),
      ),
    )
    .orderBy(desc(presence.seenAt))
    .limit(20);
  return rows;
}
