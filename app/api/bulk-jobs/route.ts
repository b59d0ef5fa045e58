import { z } from 'zod';

import type { BulkJobView } from '@/lib/bulk-jobs/view';
import { jobsOf } from '@/lib/server/bulk-jobs';
import { getDb } from '@/lib/server/db';
import { staffReadRoute } from '@/lib/server/http';

/**
 * GET /api/bulk-jobs: the signed-in member's bulk actions run on the server, the one running and
 * those whose outcome they have not closed, each row's outcome as far as it has got (no API request).
 */
export const GET = staffReadRoute(
  { name: 'read-bulk-jobs', role: 'viewer', input: z.strictObject({}), lane: 'background' },
  {},
  async (_input, { staff }): Promise<BulkJobView[]> => jobsOf(await getDb(), staff.id),
);
