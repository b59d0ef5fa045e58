import { z } from 'zod';

import { GLOBAL_SEARCH_MIN_LENGTH } from '@/lib/search/hit';
import { staffReadRoute } from '@/lib/server/http';
import { searchEverything } from '@/lib/server/reservations';

/** GET /api/search?q=: the command menu's search (⌘K): entities, delegates, a reservation by id, guests by name or e-mail. */
export const GET = staffReadRoute(
  {
    name: 'global-search',
    role: 'viewer',
    input: z.strictObject({
      q: z
        .string()
        .trim()
        .min(GLOBAL_SEARCH_MIN_LENGTH, { error: `type at least ${GLOBAL_SEARCH_MIN_LENGTH} characters` })
        .max(100, { error: 'must be at most 100 characters' }),
    }),
    lane: 'background',
  },
  {},
  async ({ q }) => searchEverything(q),
);
