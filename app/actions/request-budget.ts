'use server';

import { z } from 'zod';

import { staffAction } from '@/lib/server/action';
import { getApiClient } from '@/lib/server/guestbook';
import { getFormatter } from '@/lib/server/locale';

/** The header's API request budget: what the last API answer said is left (no API request), with its reset time in the staff member's locale. */
export const readRequestBudgetAction = staffAction(
  { name: 'read-request-budget', role: 'viewer', input: z.strictObject({}), mutates: false },
  async () => {
    const r = getApiClient().rateLimit;
    if (!r) return null;
    const resetAt = r.resetAt.toISOString();
    return { limit: r.limit, remaining: r.remaining, resetAt, resetLabel: (await getFormatter()).time(resetAt, 'UTC') };
  },
);
