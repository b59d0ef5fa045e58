'use server';

import { z } from 'zod';

import { Uuid } from '@/lib/guestbook/schemas';
import { staffAction } from '@/lib/server/action';
import { readSeatsInUse } from '@/lib/server/seats-in-use';

/** Seats already booked on an entity's commitments (its upcoming reservations), for the cells the review reduces. */
export const readSeatsBookedAction = staffAction(
  {
    name: 'read-seats-booked',
    role: 'operator',
    input: z.strictObject({ entityId: Uuid, commitmentIds: z.array(Uuid).min(1).max(2_000) }),
    mutates: false,
  },
  async ({ entityId, commitmentIds }) => readSeatsInUse(entityId, commitmentIds),
);
