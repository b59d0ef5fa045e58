import 'server-only';

import { eventVisibleTo, type ChangeEvent } from '../../changes/events';
import { staffOfSession } from '../auth';
import { getDb } from '../db';
import { logUnexpected } from '../log';
import { ChangeFeed } from './feed';
import { addStream, STREAMS_PER_MEMBER, streamsOf } from './open-streams';
import { changesAfter } from './record';

export { STREAMS_PER_MEMBER } from './open-streams';

/** A comment line this often keeps proxies and the browser from ending a quiet stream. */
export const HEARTBEAT_MS = 20_000;
/** A reconnect that missed more than this many events starts afresh (`event: reset`: reload every read). */
const CATCH_UP_MAX = 1_000;

export interface StreamOwner {
  id: string;
  sessionId: string;
}

/**
 * The Server-Sent Events stream of the change feed for one signed-in member: the events after
 * `lastEventId` (a reconnect's catch-up from the table), then each new one as this process's feed
 * reads it, only of the kinds the member's role may see. The session is read again before each
 * batch and on each heartbeat (a raised notification only to its recipient): once signed out, revoked, disabled or expired, the stream says
 * `signed-out` and ends, and a changed role filters the next batch. Null when the member already
 * holds STREAMS_PER_MEMBER streams here.
 */
export async function openChangeStream(
  feed: ChangeFeed,
  owner: StreamOwner,
  lastEventId: number | null,
  signal: AbortSignal,
): Promise<Response | null> {
  if (streamsOf(owner.id) >= STREAMS_PER_MEMBER) return null;
  let forget: () => void = () => undefined;

  const db = await getDb();
  const encoder = new TextEncoder();
  let sent = lastEventId ?? feed.lastId;
  const queue: ChangeEvent[] = [];
  let closed = false;
  let flushing: Promise<void> | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let unsubscribe: () => void = () => undefined;
  let controller!: ReadableStreamDefaultController<Uint8Array>;

  const close = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    if (heartbeat) clearInterval(heartbeat);
    signal.removeEventListener('abort', close);
    forget();
    try {
      controller.close();
    } catch {
      // already closed by the client
    }
  };
  forget = addStream(owner.id, close);
  const write = (text: string) => {
    if (closed) return;
    try {
      controller.enqueue(encoder.encode(text));
    } catch {
      close();
    }
  };

  /** The member's role now, or null (and the stream ended) when the session no longer opens anything. */
  const roleNow = async () => {
    const user = await staffOfSession(db, owner.sessionId);
    if (user && user.id === owner.id) return user.role;
    write('event: signed-out\ndata: {}\n\n');
    close();
    return null;
  };

  const flush = async () => {
    while (queue.length && !closed) {
      const batch = queue.splice(0).filter((e) => e.id > sent);
      if (!batch.length) continue;
      const role = await roleNow();
      if (!role) return;
      for (const e of batch) {
        if (e.id <= sent) continue;
        sent = e.id;
        if (eventVisibleTo(role, owner.id, e)) write(`id: ${e.id}\nevent: change\ndata: ${JSON.stringify(e)}\n\n`);
      }
    }
  };
  const kick = () => {
    flushing ??= flush()
      .catch((e: unknown) => {
        logUnexpected('change stream', e);
        close();
      })
      .finally(() => {
        flushing = null;
        if (queue.length && !closed) kick();
      });
  };

  const body = new ReadableStream<Uint8Array>({
    async start(c) {
      controller = c;
      // About 2 kB first, for browsers that wait for that much before they hand over any event.
      write(`:${' '.repeat(2048)}\nretry: 3000\n\n`);
      // Subscribed first, caught up second: what the feed reads meanwhile waits in the queue.
      let catchingUp = true;
      unsubscribe = feed.subscribe((events) => {
        queue.push(...events);
        if (!catchingUp) kick();
      });
      if (lastEventId !== null) {
        const missed = await changesAfter(db, lastEventId, CATCH_UP_MAX + 1);
        if (missed.length > CATCH_UP_MAX) {
          sent = Math.max(feed.lastId, missed.at(-1)!.id);
          write(`id: ${sent}\nevent: reset\ndata: {}\n\n`);
        } else queue.unshift(...missed);
      } else {
        // Where this stream starts, as the browser's last event id (an `id:` with no data is no
        // event): a reconnect before the first event, after this process died, catches up from here.
        write(`id: ${sent}\n\n`);
      }
      catchingUp = false;
      kick();
      heartbeat = setInterval(() => {
        write(': heartbeat\n\n');
        void roleNow().catch(() => undefined);
      }, HEARTBEAT_MS);
    },
    cancel: close,
  });
  signal.addEventListener('abort', close);
  if (signal.aborted) close();

  return new Response(body, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    },
  });
}
