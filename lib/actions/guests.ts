'use server';

import { mentionsIn } from '@/lib/guests/mentions';
import {
  GuestNoteInputSchema,
  GuestTagInputSchema,
  ReservationTagInputSchema,
  type GuestNotes,
} from '@/lib/guests/schemas';
import { said } from '@/lib/i18n/said';
import { getDb } from '@/lib/server/db';
import {
  addGuestTag,
  addReservationTag,
  removeGuestTag,
  removeReservationTag,
  setGuestNote,
  TooManyTagsError,
} from '@/lib/server/guests';
import { ActionError, staffAction, type ActionContext } from '@/lib/server/http';
import { viewReservation } from '@/lib/server/reservations';

/*
 * Staff's own notes and tags on a guest (by e-mail) and on a reservation: kept in the dashboard's
 * database, audited, and never sent to the API (no body of a booking or a change carries them).
 */

/** A refusal the member can act on, for a write the store refused. */
async function refusingTooMany<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if (e instanceof TooManyTagsError) throw new ActionError(e.said, { tag: [e.said] });
    throw e;
  }
}

/**
 * A guest's note or tags changed: the audit row names the guest by e-mail, and the reservation
 * whose page it was written on, when it was (a mention in the note links to it).
 */
async function changeGuest(
  email: string,
  { staff, setAuditTarget }: ActionContext,
  write: (by: string, now: Date) => Promise<{ before: GuestNotes; after: GuestNotes }>,
  writtenOn?: { reservationId: string; guestName: string | null },
): Promise<GuestNotes> {
  setAuditTarget({ resourceType: 'guest', resourceId: email });
  const { before, after } = await refusingTooMany(async () => write(staff.name, new Date()));
  setAuditTarget({ before, after: writtenOn ? { ...after, ...writtenOn } : after });
  return after;
}

/**
 * The reservation a note was written on, and its guest's name when the note mentions a teammate
 * (their item names the guest; the copy, else the API, as the page read it).
 */
async function writtenOn(reservationId: string | undefined, note: string) {
  if (!reservationId) return undefined;
  if (!mentionsIn(note).length) return { reservationId, guestName: null };
  const r = await viewReservation(reservationId).catch(() => null);
  const guestName = r?.guest ? `${r.guest.first_name} ${r.guest.last_name}`.trim() || null : null;
  return { reservationId, guestName };
}

export const setGuestNoteAction = staffAction(
  { name: 'set-guest-note', role: 'operator', input: GuestNoteInputSchema, mutates: true },
  async ({ email, note, reservationId }, ctx) =>
    changeGuest(
      email,
      ctx,
      async (by, now) => setGuestNote(await getDb(), email, note, by, now),
      await writtenOn(reservationId, note),
    ),
);

export const addGuestTagAction = staffAction(
  { name: 'add-guest-tag', role: 'operator', input: GuestTagInputSchema, mutates: true },
  async ({ email, tag }, ctx) =>
    changeGuest(email, ctx, async (by, now) => addGuestTag(await getDb(), email, tag, by, now)),
);

export const removeGuestTagAction = staffAction(
  { name: 'remove-guest-tag', role: 'operator', input: GuestTagInputSchema, mutates: true },
  async ({ email, tag }, ctx) =>
    changeGuest(email, ctx, async (by, now) => removeGuestTag(await getDb(), email, tag, by, now)),
);

/** The reservation must be one the member's entity holds: its entity goes in the audit row. */
async function changeReservationTags(
  reservationId: string,
  { staff, setAuditTarget }: ActionContext,
  write: (by: string, now: Date) => Promise<{ before: string[]; after: string[] }>,
): Promise<{ tags: string[] }> {
  const reservation = await viewReservation(reservationId);
  if (!reservation) throw new ActionError(said('reservations.errors.notFound'));
  setAuditTarget({ entityId: reservation.entity_id ?? null, resourceType: 'reservation', resourceId: reservationId });
  const { before, after } = await refusingTooMany(async () => write(staff.name, new Date()));
  setAuditTarget({ before: { tags: before }, after: { tags: after } });
  return { tags: after };
}

export const addReservationTagAction = staffAction(
  { name: 'add-reservation-tag', role: 'operator', input: ReservationTagInputSchema, mutates: true },
  async ({ reservationId, tag }, ctx) =>
    changeReservationTags(reservationId, ctx, async (by, now) =>
      addReservationTag(await getDb(), reservationId, tag, by, now),
    ),
);

export const removeReservationTagAction = staffAction(
  { name: 'remove-reservation-tag', role: 'operator', input: ReservationTagInputSchema, mutates: true },
  async ({ reservationId, tag }, ctx) =>
    changeReservationTags(reservationId, ctx, async () => removeReservationTag(await getDb(), reservationId, tag)),
);
