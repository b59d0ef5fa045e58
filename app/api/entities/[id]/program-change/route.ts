import { z } from 'zod';

import type { LostCommitment } from '@/lib/entities/lost-commitment';
import { Uuid } from '@/lib/guestbook/schemas';
import { said } from '@/lib/i18n/said';
import { getEntity, listEligibleCommitments } from '@/lib/server/directory';
import { ActionError, staffReadRoute } from '@/lib/server/http';

/**
 * GET /api/entities/{id}/program-change?programIds=…(repeated): which eligible commitments the
 * entity would lose with this program list (read only), shown before the programs are replaced.
 */
export const GET = staffReadRoute(
  {
    name: 'preview-program-change',
    role: 'admin',
    input: z.strictObject({ id: Uuid, programIds: z.array(Uuid).max(200) }),
  },
  { lists: ['programIds'] },
  async ({ id, programIds }): Promise<LostCommitment[]> => {
    const entity = await getEntity(id);
    if (!entity) throw new ActionError(said('errors.entityGone'));
    const keep = new Set(programIds);
    const rows = await listEligibleCommitments(entity);
    return rows
      .filter((r) => r.program_id && !keep.has(r.program_id))
      .map((r) => ({
        id: r.id,
        programId: r.program_id!,
        status: r.assignment_status,
        entitySeats: r.entity_seats,
        venueId: r.venue_id ?? null,
        days: r.days_of_week ?? [],
        start: r.start_time ?? null,
        end: r.end_time ?? null,
      }));
  },
  async (ctx: { params: Promise<{ id: string }> }) => ({ id: (await ctx.params).id }),
);
