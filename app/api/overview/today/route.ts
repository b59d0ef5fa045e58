import { z } from 'zod';

import { staffReadRoute } from '@/lib/server/http';
import { getTodayView } from '@/lib/server/overview';

/** GET /api/overview/today?scope=entity|partner: the overview's "today" block, re-read by the browser (every 60 s and on focus). */
export const GET = staffReadRoute(
  {
    name: 'read-overview-today',
    role: 'viewer',
    input: z.strictObject({ scope: z.enum(['entity', 'partner'], { error: 'must be entity or partner' }) }),
    lane: 'background',
  },
  {},
  async ({ scope }) => getTodayView(scope),
);
