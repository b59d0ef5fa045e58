'use server';

import { z } from 'zod';

import { GLOBAL_SEARCH_MIN_LENGTH } from '@/lib/search/hit';
import { staffAction } from '@/lib/server/action';
import { searchEverything } from '@/lib/server/global-search';

/** The command menu's search (⌘K): entities, delegates, a reservation by id, guests by name or e-mail. */
export const globalSearchAction = staffAction(
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
    mutates: false,
  },
  async ({ q }) => searchEverything(q),
);
