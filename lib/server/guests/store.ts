/**
 * Staff's notes and tags on guests and reservations, in the dashboard's database. Free of
 * `server-only`, for the tests. Nothing here is ever sent to the API.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';

import { guestKey, sameTag, TAGS_MAX, type GuestNotes } from '../../guests/schemas';
import { said, type Said } from '../../i18n/said';
import type { DashboardDb } from '../db/open';
import { guestProfiles, reservationTags } from '../db/schema';

/** A tag refused: the guest or the reservation has TAGS_MAX already. `message` in English, `said` for the member. */
export class TooManyTagsError extends Error {
  override name = 'TooManyTagsError';
  readonly said: Said = said('guests.errors.tooManyTags', { max: TAGS_MAX });
  constructor() {
    super(`At most ${TAGS_MAX} tags.`);
  }
}

const NONE: GuestNotes = { note: '', tags: [] };

/** The notes and tags staff keep on each of these guests (by e-mail, any case), for those that have any. */
export async function guestNotesFor(
  db: Pick<DashboardDb, 'select'>,
  emails: readonly string[],
): Promise<Map<string, GuestNotes>> {
  const keys = [...new Set(emails.map(guestKey))];
  if (!keys.length) return new Map();
  const rows = await db
    .select({ email: guestProfiles.email, note: guestProfiles.note, tags: guestProfiles.tags })
    .from(guestProfiles)
    .where(inArray(guestProfiles.email, keys));
  return new Map(rows.map((r) => [r.email, { note: r.note, tags: r.tags }]));
}

/** One guest's note and tags (none kept: an empty note and no tags). */
export async function guestNotesOf(db: Pick<DashboardDb, 'select'>, email: string): Promise<GuestNotes> {
  return (await guestNotesFor(db, [email])).get(guestKey(email)) ?? NONE;
}

type Writer = Pick<DashboardDb, 'select' | 'insert' | 'transaction'>;

/**
 * Changes one guest's note and tags under a row lock (two members tagging at once both count),
 * and returns them before and after.
 */
async function changeGuest(
  db: Writer,
  email: string,
  by: string,
  now: Date,
  change: (was: GuestNotes) => GuestNotes,
): Promise<{ before: GuestNotes; after: GuestNotes }> {
  const key = guestKey(email);
  return db.transaction(async (tx) => {
    await tx
      .insert(guestProfiles)
      .values({ email: key, note: '', tags: [], updatedBy: by, updatedAt: now })
      .onConflictDoNothing();
    const [row] = await tx
      .select({ note: guestProfiles.note, tags: guestProfiles.tags })
      .from(guestProfiles)
      .where(eq(guestProfiles.email, key))
      .for('update');
    const before = row ?? NONE;
    const after = change(before);
    await tx
      .update(guestProfiles)
      .set({ note: after.note, tags: after.tags, updatedBy: by, updatedAt: now })
      .where(eq(guestProfiles.email, key));
    return { before, after };
  });
}

export const setGuestNote = (db: Writer, email: string, note: string, by: string, now: Date) =>
  changeGuest(db, email, by, now, (was) => ({ ...was, note }));

export const addGuestTag = (db: Writer, email: string, tag: string, by: string, now: Date) =>
  changeGuest(db, email, by, now, (was) => {
    if (was.tags.some((t) => sameTag(t, tag))) return was;
    if (was.tags.length >= TAGS_MAX) throw new TooManyTagsError();
    return { ...was, tags: [...was.tags, tag] };
  });

export const removeGuestTag = (db: Writer, email: string, tag: string, by: string, now: Date) =>
  changeGuest(db, email, by, now, (was) => ({ ...was, tags: was.tags.filter((t) => !sameTag(t, tag)) }));

/** The tags on each of these reservations, in the order they were added (only those that have any). */
export async function reservationTagsFor(
  db: Pick<DashboardDb, 'select'>,
  ids: readonly string[],
): Promise<Map<string, string[]>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: reservationTags.reservationId, tag: reservationTags.tag })
    .from(reservationTags)
    .where(inArray(reservationTags.reservationId, [...new Set(ids)]))
    .orderBy(asc(reservationTags.addedAt), asc(reservationTags.tag));
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.id, [...(out.get(r.id) ?? []), r.tag]);
  return out;
}

/** Adds a tag to a reservation (once, whatever its case); returns its tags before and after. */
export async function addReservationTag(
  db: Writer,
  reservationId: string,
  tag: string,
  by: string,
  now: Date,
): Promise<{ before: string[]; after: string[] }> {
  return db.transaction(async (tx) => {
    // one writer per reservation at a time, so that the limit holds for tags added at once
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`reservation-tags:${reservationId}`}, 0))`);
    const before = (await reservationTagsFor(tx, [reservationId])).get(reservationId) ?? [];
    if (before.some((t) => sameTag(t, tag))) return { before, after: before };
    if (before.length >= TAGS_MAX) throw new TooManyTagsError();
    await tx.insert(reservationTags).values({ reservationId, tag, addedBy: by, addedAt: now }).onConflictDoNothing();
    return { before, after: [...before, tag] };
  });
}

/** Removes a tag from a reservation (whatever its case); returns its tags before and after. */
export async function removeReservationTag(
  db: Writer,
  reservationId: string,
  tag: string,
): Promise<{ before: string[]; after: string[] }> {
  return db.transaction(async (tx) => {
    const before = (await reservationTagsFor(tx, [reservationId])).get(reservationId) ?? [];
    const gone = before.filter((t) => sameTag(t, tag));
    if (gone.length)
      await tx
        .delete(reservationTags)
        .where(and(eq(reservationTags.reservationId, reservationId), inArray(reservationTags.tag, gone)));
    return { before, after: before.filter((t) => !sameTag(t, tag)) };
  });
}
