import { z } from 'zod';

import { validationMessage } from '@/lib/i18n/said';
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
        .min(GLOBAL_SEARCH_MIN_LENGTH, { error: validationMessage('atLeastChars', GLOBAL_SEARCH_MIN_LENGTH) })
        .max(100, { error: validationMessage('atMostChars', 100) }),
    }),
    lane: 'background',
  },
  {},
  async ({ q }) => searchEverything(q),
);
