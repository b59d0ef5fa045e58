import { z } from 'zod';

import { said } from '@/lib/i18n/said';
import { getChangeFeed, openChangeStream } from '@/lib/server/changes';
import { ActionError, staffRoute } from '@/lib/server/http';

export const dynamic = 'force-dynamic';

const EventStreamInput = z.strictObject({
  lastEventId: z
    .string()
    .regex(/^\d{1,15}$/)
    .optional(),
});

/**
 * GET: the change feed as Server-Sent Events for the signed-in member (lib/server/changes/stream.ts):
 * only the kinds their role may see, each with its `id:`, a reconnect's `Last-Event-ID` caught up
 * from the table. Opened by one tab of each browser (components/providers/live-events.tsx).
 */
export function GET(request: Request): Promise<Response> {
  return staffRoute(
    { name: 'open-event-stream', role: 'viewer', input: EventStreamInput, mutates: false, sameOriginGet: true },
    async (req: Request) => {
      const lastEventId = req.headers.get('last-event-id') ?? new URL(req.url).searchParams.get('after');
      return lastEventId ? { lastEventId } : {};
    },
    async ({ lastEventId }, { staff }) => {
      const stream = await openChangeStream(
        await getChangeFeed(),
        { id: staff.id, sessionId: staff.sessionId },
        lastEventId === undefined ? null : Number(lastEventId),
        request.signal,
      );
      if (!stream) throw new ActionError(said('errors.events.tooMany'), undefined, 429);
      return stream;
    },
  )(request);
}
