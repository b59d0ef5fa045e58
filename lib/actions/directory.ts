'use server';

import { RefreshCopiesInput } from '@/lib/directory/schemas';
import { refreshCopies } from '@/lib/server/directory';
import { staffAction } from '@/lib/server/http';

/**
 * "Refresh now" on a page whose copy of the directory is old: those copies are read anew from
 * the API at once, in the member's share of the request budget (a page view), and stored.
 */
export const refreshDirectoryAction = staffAction(
  { name: 'refresh-directory', role: 'viewer', input: RefreshCopiesInput, mutates: false, lane: 'view' },
  async ({ copies }) => ({ refreshed: await refreshCopies(copies) }),
);
