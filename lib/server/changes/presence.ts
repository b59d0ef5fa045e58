/**
 * Presence: who else has a reservation's page or the grid open now, and who is editing there.
 * Each open page beats every 20 s (GET /api/presence); a member counts while their last beat is
 * under PRESENCE_TTL_MS old. A beat that brings news (the member arrived, or started or stopped
 * editing) is also a `presence.changed` event on the change feed, in the same transaction, so
 * the others' pages ask at once instead of at their next beat. In the database, so that members
 * on different processes see each other. Plain Node (no server-only): tested on its own.
 */
import { and, desc, eq, gt, lt, ne } from 'drizzle-orm';

import { PRESENCE_KIND } from '../../changes/events';
import type { Present } from '../../changes/presence';
import type { DashboardDb } from '../db/open';
import { presence } from '../db/schema';
import { recordChange } from './record';

export const PRESENCE_TTL_MS = 60_000;
/** Rows this much older than the TTL are deleted by the next beat. */
const FORGET_AFTER_MS = 10 * 60_000;

/** Records `member` at `place` now and answers the others there (newest beat first). */
export async function beatAndList(
  db: Pick<DashboardDb, 'insert' | 'delete' | 'select' | 'transaction'>,
  member: { id: string; name: string },
  place: string,
  editing: boolean,
  now = new Date(),
): Promise<Present[]> {
  const since = new Date(now.getTime() - PRESENCE_TTL_MS);
  const [last] = await db
    .select({ editing: presence.editing, seenAt: presence.seenAt })
    .from(presence)
    .where(and(eq(presence.staffId, member.id), eq(presence.place, place)));
  const news = !last || last.seenAt <= since || last.editing !== editing;
  const upsert = (q: Pick<DashboardDb, 'insert'>) =>
    q
      .insert(presence)
      .values({ staffId: member.id, place, staffName: member.name, editing, seenAt: now })
      .onConflictDoUpdate({
        target: [presence.staffId, presence.place],
        set: { staffName: member.name, editing, seenAt: now },
      });
  if (news)
    await db.transaction(async (tx) => {
      await upsert(tx);
      await recordChange(tx, { kind: PRESENCE_KIND, entityId: null, ids: { place }, who: member, data: { editing } });
    });
  else await upsert(db);
  await db.delete(presence).where(lt(presence.seenAt, new Date(now.getTime() - FORGET_AFTER_MS)));
  const rows = await db
    .select({ name: presence.staffName, editing: presence.editing })
    .from(presence)
    .where(and(eq(presence.place, place), ne(presence.staffId, member.id), gt(presence.seenAt, since)))
    .orderBy(desc(presence.seenAt))
    .limit(20);
  return rows;
}
