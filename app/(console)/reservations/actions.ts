'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';

import { parseFilterQuery, RESERVATION_FILTERS } from '@/lib/guestbook/filters';
import { Uuid, type Reservation } from '@/lib/guestbook/schemas';
import { ActionError, staffAction } from '@/lib/server/action';
import { getEntityApi } from '@/lib/server/entity-context';
import { checkReservationSort, getReservation, readSearchPage, reservationChanged } from '@/lib/server/reservations';

import { isModifiable } from './modify-fields';
import { ModifyReservationInputSchema, type ReservationChanges } from './schemas';

const auditView = (r: {
  status: string;
  date?: string;
  time?: string;
  party_size?: number;
  canceled_at?: string | null;
}) => ({
  status: r.status,
  date: r.date,
  time: r.time,
  party_size: r.party_size,
  canceled_at: r.canceled_at ?? null,
});

export const cancelReservationAction = staffAction(
  { name: 'cancel-reservation', role: 'operator', input: z.strictObject({ id: Uuid }), mutates: true },
  async ({ id }, { setAuditTarget }) => {
    const before = await getReservation(id);
    if (!before) throw new ActionError('This reservation does not exist for the selected entity.');
    setAuditTarget({
      entityId: before.entity_id ?? null,
      resourceType: 'reservation',
      resourceId: id,
      before: auditView(before),
    });
    const after = await (await getEntityApi()).cancelReservation(id);
    await reservationChanged(after);
    setAuditTarget({ after: auditView(after) });
    revalidatePath(`/reservations/${id}`);
    revalidatePath('/reservations');
    return { id, status: after.status };
  },
);

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

export const updateReservationAction = staffAction(
  { name: 'update-reservation', role: 'operator', input: ModifyReservationInputSchema, mutates: true },
  async ({ id, changes }, { setAuditTarget }) => {
    const before = await getReservation(id);
    if (!before) throw new ActionError('This reservation does not exist for the selected entity.');
    setAuditTarget({
      entityId: before.entity_id ?? null,
      resourceType: 'reservation',
      resourceId: id,
      before: changedView(before, changes),
    });
    if (!isModifiable(before.status))
      throw new ActionError(`This reservation is ${before.status}; it can no longer be modified.`, {
        status: [`is ${before.status}`],
      });
    const after = await (await getEntityApi()).updateReservation(id, changes);
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
    };
  },
);

/**
 * One page of a reservation search, read by the browser when staff page through results (the
 * first page a visit shows is rendered by the server). `query` is the page's canonical filter
 * and sort query, checked here as the page checks its address.
 */
export const searchReservationPageAction = staffAction(
  {
    name: 'search-reservation-page',
    role: 'viewer',
    input: z.strictObject({
      query: z.string().max(4000, { error: 'must be at most 4000 characters' }),
      page: z
        .int({ error: 'must be a whole number' })
        .min(1, { error: 'must be at least 1' })
        .max(100_000, { error: 'must be at most 100000' }),
    }),
    mutates: false,
  },
  async ({ query, page }) => {
    const params = new URLSearchParams(query);
    if (params.has('page') || params.has('limit'))
      throw new ActionError('The search names its page separately.', { query: ['holds page or limit'] });
    const { conditions, errors } = parseFilterQuery(params, RESERVATION_FILTERS);
    const sort = checkReservationSort(params.get('sort') ?? undefined);
    const messages = [...errors.map((e) => e.message), ...(sort.error ? [sort.error] : [])];
    if (messages.length)
      throw new ActionError(`This search cannot be run: ${messages.join('; ')}`, { query: messages });
    return readSearchPage({ conditions, page, sort: sort.sort });
  },
);
