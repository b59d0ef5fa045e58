'use server';

import { revalidatePath } from 'next/cache';

import { said } from '@/lib/i18n/said';
import { WithdrawChangeInputSchema } from '@/lib/reservations/schemas';
import { findStaffById } from '@/lib/server/auth';
import { getDb } from '@/lib/server/db';
import { getSelectedEntity } from '@/lib/server/directory';
import { holdChange, sendWhenDue, withdrawChange } from '@/lib/server/held-changes';
import { ActionError, getUiLocale, staffAction } from '@/lib/server/http';
import {
  CANCEL_RESERVATION,
  cancelReservationIn,
  checkHeldChange,
  HOLD_RESERVATION_CHANGE,
  modifiedView,
  UPDATE_RESERVATION,
  updateReservationIn,
} from '@/lib/server/reservations';

export const cancelReservationAction = staffAction(CANCEL_RESERVATION, async ({ id }, ctx) => {
  const done = await cancelReservationIn(await getSelectedEntity(), id, ctx);
  revalidatePath(`/reservations/${id}`);
  revalidatePath('/reservations');
  return done;
});

/** Sends a change of a reservation now (a change that cannot be undone, or an Undo of one already sent). */
export const updateReservationAction = staffAction(UPDATE_RESERVATION, async (input, ctx) => {
  const done = await updateReservationIn(await getSelectedEntity(), input, ctx, { held: true });
  revalidatePath(`/reservations/${input.id}`);
  revalidatePath('/reservations');
  return done;
});

/**
 * Holds a change of the party size or notes for its undo window: it is sent to the API (and the
 * guest told) only when the window ends, by whichever process of the dashboard is running then.
 */
export const holdReservationChangeAction = staffAction(HOLD_RESERVATION_CHANGE, async (input, ctx) => {
  const db = await getDb();
  const [entity, member, locale] = await Promise.all([
    getSelectedEntity(),
    findStaffById(db, ctx.staff.id),
    getUiLocale(),
  ]);
  if (!member) throw new ActionError(said('errors.session.ended'), undefined, 401);
  const after = await checkHeldChange(entity, input, ctx);
  const held = await holdChange(
    db,
    {
      staffId: ctx.staff.id,
      entityId: entity?.id ?? null,
      reservationId: input.id,
      changes: input.changes,
      expected: input.expected,
      locale,
      sessionVersion: member.sessionVersion,
    },
    new Date(),
  );
  sendWhenDue(held.dueAt);
  revalidatePath(`/reservations/${input.id}`);
  return { ...modifiedView(after, []), held: held.id };
});

/**
 * Undo of a held change within its window: it is withdrawn and never sent. Refused once it is
 * being sent or was sent (the form then undoes it with a change back, through updateReservationAction).
 */
export const withdrawReservationChangeAction = staffAction(
  { name: 'withdraw-reservation-change', role: 'operator', input: WithdrawChangeInputSchema, mutates: true },
  async ({ held }, { staff, setAuditTarget }) => {
    const row = await withdrawChange(await getDb(), staff.id, held);
    if (!row) throw new ActionError(said('reservations.errors.alreadySent'), undefined, 409);
    setAuditTarget({
      entityId: row.entityId,
      resourceType: 'reservation',
      resourceId: row.reservationId,
      before: row.changes,
      after: pickKeys(row.expected, Object.keys(row.changes)),
    });
    revalidatePath(`/reservations/${row.reservationId}`);
    return { id: row.reservationId };
  },
);

const pickKeys = (values: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, values[k] ?? null]));
