'use server';

import { revalidatePath } from 'next/cache';

import { isFinalStatus } from '@/lib/guestbook/reservation-statuses';
import { type Reservation } from '@/lib/guestbook/schemas';
import { said } from '@/lib/i18n/said';
import {
  ModifyReservationInputSchema,
  type ReservationChanges,
  type ReservationExpected,
} from '@/lib/reservations/schemas';
import { getEntityApi, getSelectedEntity } from '@/lib/server/directory';
import { ActionError, guestContactLimits, staffAction } from '@/lib/server/http';
import { CANCEL_RESERVATION, cancelReservationIn, getReservation, reservationChanged } from '@/lib/server/reservations';

export const cancelReservationAction = staffAction(CANCEL_RESERVATION, async ({ id }, ctx) => {
  const done = await cancelReservationIn(await getSelectedEntity(), id, ctx);
  revalidatePath(`/reservations/${id}`);
  revalidatePath('/reservations');
  return done;
});

/** The old or new values of exactly the fields a change names (the guest's by their own names). */
function changedView(r: Reservation, changes: ReservationChanges) {
  const { guest, ...top } = changes;
  const view: Record<string, unknown> = Object.fromEntries(
    Object.keys(top).map((k) => [k, r[k as keyof typeof top] ?? null]),
  );
  if (guest)
    view.guest = Object.fromEntries(Object.keys(guest).map((k) => [k, r.guest?.[k as keyof typeof guest] ?? null]));
  return view;
}

/** Two values of a field as the same: notes and phone blank as none, an e-mail in any case, a time to the minute. */
function sameValue(field: string, a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => {
    if (typeof v !== 'string') return v ?? null;
    const text = v.trim();
    if (field === 'time') return text.slice(0, 5);
    if (field === 'guest.email') return text.toLowerCase();
    return text === '' ? null : text;
  };
  return norm(a) === norm(b);
}

/** The fields (`party_size`, `guest.email`, …) of `expected` the reservation no longer holds. */
function changedSince(r: Reservation, expected: ReservationExpected): string[] {
  const { guest, ...top } = expected;
  const moved = Object.entries(top)
    .filter(([k, v]) => v !== undefined && !sameValue(k, r[k as keyof Reservation], v))
    .map(([k]) => k);
  for (const [k, v] of Object.entries(guest ?? {}))
    if (v !== undefined && !sameValue(`guest.${k}`, r.guest?.[k as keyof NonNullable<Reservation['guest']>], v))
      moved.push(`guest.${k}`);
  return moved;
}

export const updateReservationAction = staffAction(
  {
    name: 'update-reservation',
    role: 'operator',
    input: ModifyReservationInputSchema,
    mutates: true,
    // A new guest name, e-mail or phone: the reservation's e-mails go there.
    memberLimit: guestContactLimits,
  },
  async ({ id, changes, expected, undo }, { setAuditTarget }) => {
    const before = await getReservation(id);
    if (!before) throw new ActionError(said('reservations.errors.notFound'));
    setAuditTarget({
      entityId: before.entity_id ?? null,
      resourceType: 'reservation',
      resourceId: id,
      before: changedView(before, changes),
    });
    if (isFinalStatus(before.status))
      throw new ActionError(said('reservations.errors.final', { status: before.status }), {
        status: [said('reservations.errors.statusIs', { status: before.status })],
      });
    const moved = expected ? changedSince(before, expected) : [];
    if (moved.length)
      throw new ActionError(
        undo
          ? said('reservations.errors.notUndone', { fields: moved.length > 1 ? 'both' : moved[0]! })
          : said('reservations.errors.changedMeanwhile', { count: moved.length }),
        Object.fromEntries(moved.map((f) => [f, [said('reservations.errors.changedSince')]])),
      );
    const api = await getEntityApi();
    const written = await api.updateReservation(id, changes);
    // The API takes no precondition: read it again, and say so when another change landed on the
    // same fields right after this one (the page then shows that change, not this one's).
    const after = (await getReservation(id)) ?? written;
    const overwritten = changedSince(after, changes);
    await reservationChanged(after);
    setAuditTarget({ after: changedView(after, changes) });
    revalidatePath(`/reservations/${id}`);
    revalidatePath('/reservations');
    return {
      id,
      status: after.status,
      party_size: after.party_size ?? null,
      date: after.date ?? null,
      time: after.time ?? null,
      locale: after.locale,
      notes: after.notes ?? null,
      guest: after.guest
        ? {
            first_name: after.guest.first_name,
            last_name: after.guest.last_name,
            email: after.guest.email,
            phone: after.guest.phone ?? null,
          }
        : null,
      updated_at: after.updated_at ?? null,
      /** fields another change wrote right after this one: the reservation now holds its values */
      overwritten,
    };
  },
);
