/**
 * The held changes (migration 0036): a reservation's change that can still be undone is stored
 * here with the end of its undo window, and sent to the API only then, so that a change taken
 * back within the window never reaches the guest. Whichever process claims a due change sends it
 * (`for update skip locked`, with a lease: a process that stopped while sending gives it up to
 * another); the member's Undo withdraws it while no process has claimed it. Free of
 * `server-only`: the tests use it on an embedded database.
 */
import { and, asc, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';

import type { DashboardDb } from '../db/open';
import { heldChanges, type HeldChangeRow } from '../db/schema';

/** How long a change can be undone before it is sent: the toast's 10 s, and the round trip that shows it. */
export const HOLD_MS = 12_000;
/** How long a process holds its claim on a change it is sending. */
export const SEND_CLAIM_MS = 30_000;

export interface NewHeldChange {
  staffId: string;
  entityId: string | null;
  reservationId: string;
  changes: Record<string, unknown>;
  expected: Record<string, unknown>;
  locale: string;
  sessionVersion: number;
}

/** Stores a change to be sent when its window ends; its id is what the member's Undo names. */
export async function holdChange(
  db: DashboardDb,
  change: NewHeldChange,
  now: Date,
): Promise<{ id: string; dueAt: Date }> {
  const [row] = await db
    .insert(heldChanges)
    .values({ ...change, createdAt: now, dueAt: new Date(now.getTime() + HOLD_MS) })
    .returning({ id: heldChanges.id, dueAt: heldChanges.dueAt });
  return row!;
}

/**
 * Takes back one of the member's own changes that no process is sending yet: the change withdrawn
 * (nothing reaches the API), or null when it was sent already, is being sent, or is not theirs.
 */
export async function withdrawChange(db: DashboardDb, staffId: string, id: string): Promise<HeldChangeRow | null> {
  const [row] = await db
    .delete(heldChanges)
    .where(
      and(
        eq(heldChanges.id, id),
        eq(heldChanges.staffId, staffId),
        isNull(heldChanges.claimedUntil),
        isNull(heldChanges.refusal),
      ),
    )
    .returning();
  return row ?? null;
}

/** Claims the change due first whose claim is free or has lapsed, or null when none is due. */
export async function claimDueChange(db: DashboardDb, now: Date): Promise<HeldChangeRow | null> {
  const free = sql`(select ${heldChanges.id} from ${heldChanges}
    where ${heldChanges.refusal} is null and ${heldChanges.dueAt} <= ${now} and (${heldChanges.claimedUntil} is null or ${heldChanges.claimedUntil} < ${now})
    order by ${heldChanges.dueAt} limit 1 for update skip locked)`;
  const [claimed] = await db
    .update(heldChanges)
    .set({ claimedUntil: new Date(now.getTime() + SEND_CLAIM_MS) })
    .where(eq(heldChanges.id, free))
    .returning();
  return claimed ?? null;
}

/** Removes a change once sent: it is in the activity log from then on. */
export async function dropChange(db: DashboardDb, id: string): Promise<void> {
  await db.delete(heldChanges).where(eq(heldChanges.id, id));
}

/** The changes of a reservation still waiting to be sent, the oldest first (what its page shows as made). */
export async function heldFor(db: DashboardDb, reservationId: string): Promise<HeldChangeRow[]> {
  return db
    .select()
    .from(heldChanges)
    .where(and(eq(heldChanges.reservationId, reservationId), isNull(heldChanges.refusal)))
    .orderBy(asc(heldChanges.createdAt));
}

/** Gives a change up to be sent again at `at` (the API could not take it just now). */
export async function postponeChange(db: DashboardDb, id: string, at: Date): Promise<void> {
  await db.update(heldChanges).set({ dueAt: at, claimedUntil: null }).where(eq(heldChanges.id, id));
}

/** Drops the changes of a reservation still waiting (it was canceled: there is nothing left to change). */
export async function dropHeldFor(db: DashboardDb, reservationId: string): Promise<void> {
  await db.delete(heldChanges).where(eq(heldChanges.reservationId, reservationId));
}

/** Keeps a change refused when it was sent, with the reason its member is shown on the reservation's page. */
export async function markRefused(db: DashboardDb, id: string, reason: string, now: Date): Promise<void> {
  await db
    .update(heldChanges)
    .set({ refusal: reason, refusedAt: now, claimedUntil: null })
    .where(eq(heldChanges.id, id));
}

/** How long a change refused when sent is shown to its member on the reservation's page. */
export const REFUSAL_SHOWN_MS = 10 * 60_000;

/** The member's changes of a reservation refused when sent in the last REFUSAL_SHOWN_MS, the newest first. */
export async function refusedFor(db: DashboardDb, staffId: string, reservationId: string, now = new Date()) {
  const since = new Date(now.getTime() - REFUSAL_SHOWN_MS);
  return db
    .select({ refusal: heldChanges.refusal, refusedAt: heldChanges.refusedAt, changes: heldChanges.changes })
    .from(heldChanges)
    .where(
      and(
        eq(heldChanges.staffId, staffId),
        eq(heldChanges.reservationId, reservationId),
        gte(heldChanges.refusedAt, since),
      ),
    )
    .orderBy(desc(heldChanges.refusedAt));
}

/** How long a refused change's reason is kept (the activity log keeps the refusal itself). */
export const REFUSED_KEPT_MS = 86_400_000;

/** Removes the refused changes kept longer than REFUSED_KEPT_MS (the activity log's retention turn). */
export async function pruneHeld(db: DashboardDb, now = new Date()): Promise<number> {
  const gone = await db
    .delete(heldChanges)
    .where(lt(heldChanges.refusedAt, new Date(now.getTime() - REFUSED_KEPT_MS)))
    .returning({ id: heldChanges.id });
  return gone.length;
}
