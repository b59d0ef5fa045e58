import { z } from 'zod';

import type { InboxUnread } from '@/lib/queries/reads';
import { getDb } from '@/lib/server/db';
import { staffReadRoute } from '@/lib/server/http';
import { bellFigure } from '@/lib/server/notifications/bell';

/**
 * GET /api/notifications/unread: the bell's figure, how many of the signed-in member's own items
 * are neither read nor done, with its words (bell.ts). Read again when the event stream says an item was raised for them.
 */
export const GET = staffReadRoute(
  { name: 'read-unread-notifications', role: 'viewer', input: z.strictObject({}), lane: 'background' },
  {},
  async (_input, { staff }): Promise<InboxUnread> => bellFigure(await getDb(), staff),
);
