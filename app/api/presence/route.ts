import { z } from 'zod';

import { PRESENCE_PLACE, type Present } from '@/lib/changes/presence';
import { beatAndList } from '@/lib/server/changes';
import { getDb } from '@/lib/server/db';
import { staffReadRoute } from '@/lib/server/http';

/**
 * GET /api/presence?place=…&editing=…: the open page's heartbeat (every 20 s), answered with the
 * other members at the same place in the last minute (lib/server/changes/presence.ts). No API request.
 */
export const GET = staffReadRoute(
  {
    name: 'read-presence',
    role: 'viewer',
    input: z.strictObject({ place: z.string().regex(PRESENCE_PLACE), editing: z.enum(['true', 'false']).optional() }),
    lane: 'background',
  },
  {},
  async ({ place, editing }, { staff }): Promise<Present[]> =>
    beatAndList(await getDb(), { id: staff.id, name: staff.name }, place, editing === 'true'),
);
