'use server';

import { z } from 'zod';

import { staffAction } from '@/lib/server/action';
import { getTodayView } from '@/lib/server/overview';

/** The overview's "today" block, re-read by the browser (every 60 s and on focus). */
export const readOverviewTodayAction = staffAction(
  {
    name: 'read-overview-today',
    role: 'viewer',
    input: z.strictObject({ scope: z.enum(['entity', 'partner'], { error: 'must be entity or partner' }) }),
    mutates: false,
  },
  async ({ scope }) => getTodayView(scope),
);
