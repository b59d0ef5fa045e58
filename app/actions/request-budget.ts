'use server';

import { z } from 'zod';
import { staffAction } from '@/lib/server/action';
import { getApiClient } from '@/lib/server/guestbook';

/** The header's API request budget: what the last API answer said is left (no API request). */
export const readRequestBudget = staffAction(
  { name: 'read-request-budget', role: 'viewer', input: z.strictObject({}), mutates: false },
  async () => {
    const r = getApiClient().rateLimit;
    return r ? { limit: r.limit, remaining: r.remaining, resetAt: r.resetAt.toISOString() } : null;
  },
);
