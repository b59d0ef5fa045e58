'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { Uuid } from '@/lib/guestbook/schemas';
import { ActionError, staffAction } from '@/lib/server/action';
import { getEntityApi } from '@/lib/server/entity-context';
import { getReservation } from '@/lib/server/reservations';

const auditView = (r: { status: string; date?: string; time?: string; party_size?: number; canceled_at?: string | null }) => ({
  status: r.status,
  date: r.date,
  time: r.time,
  party_size: r.party_size,
  canceled_at: r.canceled_at ?? null,
});

export const cancelReservation = staffAction(
  { name: 'cancel-reservation', role: 'operator', input: z.strictObject({ id: Uuid }), mutates: true },
  async ({ id }, { describe }) => {
    const before = await getReservation(id);
    if (!before) throw new ActionError('This reservation does not exist for the selected entity.');
    describe({ entityId: before.entity_id ?? null, resourceType: 'reservation', resourceId: id, before: auditView(before) });
    const after = await (await getEntityApi()).cancelReservation(id);
    describe({ after: auditView(after) });
    revalidatePath(`/reservations/${id}`);
    revalidatePath('/reservations');
    return { id, status: after.status };
  },
);
