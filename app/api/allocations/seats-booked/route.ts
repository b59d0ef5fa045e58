import { z } from 'zod';

import { Uuid } from '@/lib/guestbook/schemas';
import { readSeatsInUse } from '@/lib/server/allocations';
import { staffReadRoute } from '@/lib/server/http';

/**
 * GET /api/allocations/seats-booked?entityId=&commitmentIds=…(repeated): seats already booked on
 * an entity's commitments (its upcoming reservations), for the cells the review reduces.
 */
export const GET = staffReadRoute(
  {
    name: 'read-seats-booked',
    role: 'operator',
    input: z.strictObject({ entityId: Uuid, commitmentIds: z.array(Uuid).min(1).max(2_000) }),
  },
  { lists: ['commitmentIds'] },
  async ({ entityId, commitmentIds }) => readSeatsInUse(entityId, commitmentIds),
);
