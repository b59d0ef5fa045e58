import { z } from 'zod';

import type { RequestBudgetFigure } from '@/lib/queries/reads';
import { getApiClient } from '@/lib/server/api';
import { getFormatter, staffReadRoute } from '@/lib/server/http';

/**
 * GET /api/request-budget: the header's API request budget, what the last API answer said is
 * left (no API request), with its reset time in the staff member's locale. Polled every 30 s.
 */
export const GET = staffReadRoute(
  { name: 'read-request-budget', role: 'viewer', input: z.strictObject({}), lane: 'background' },
  {},
  async (): Promise<RequestBudgetFigure | null> => {
    const r = getApiClient().rateLimit;
    if (!r) return null;
    const format = await getFormatter();
    const resetAt = r.resetAt.toISOString();
    return {
      limit: r.limit,
      remaining: r.remaining,
      remainingLabel: format.number(r.remaining),
      limitLabel: format.number(r.limit),
      resetAt,
      resetLabel: format.momentTime(resetAt),
    };
  },
);
