/**
 * One EventSource on /api/events per browser, shared by its tabs: the tab that holds the Web Lock
 * `guestbook-events` (the leader) opens it and relays each event to the other tabs over a
 * BroadcastChannel; when the leader closes, the lock passes to another tab, which opens its own
 * from the last id it has seen (`?after=`), so no event is lost between them; the first opens
 * after `since` (the page's render), so neither is a change made while the page loaded. A browser without
 * Web Locks or BroadcastChannel opens one per tab. Each tab hands an event on once (by id).
 */
import type { ChangeEvent } from '@/lib/changes/events';

export type LiveMessage = { type: 'change'; event: ChangeEvent } | { type: 'reset' } | { type: 'signed-out' };

const LOCK = 'guestbook-events';
const CHANNEL = 'guestbook-events';

export function connectSharedEvents(onMessage: (m: LiveMessage) => void, since = 0): () => void {
  let lastId = since;
  let stopped = false;
  let source: EventSource | null = null;
  let release: (() => void) | null = null;
  const deliver = (m: LiveMessage) => {
    if (m.type === 'change') {
      if (m.event.id <= lastId) return;
      lastId = m.event.id;
    }
    onMessage(m);
  };
  const canShare = typeof BroadcastChannel !== 'undefined' && typeof navigator !== 'undefined' && !!navigator.locks;
  const channel = canShare ? new BroadcastChannel(CHANNEL) : null;

  const open = () => {
    const es = new EventSource(`/api/events${lastId ? `?after=${lastId}` : ''}`);
    source = es;
    const relay = (m: LiveMessage) => {
      channel?.postMessage(m);
      deliver(m);
    };
    es.addEventListener('change', (e) =>
      relay({ type: 'change', event: JSON.parse((e as MessageEvent<string>).data) }),
    );
    es.addEventListener('reset', () => relay({ type: 'reset' }));
    es.addEventListener('signed-out', () => {
      es.close();
      relay({ type: 'signed-out' });
    });
  };

  if (!channel) {
    open();
    return () => {
      stopped = true;
      source?.close();
    };
  }
  channel.onmessage = (e: MessageEvent<LiveMessage>) => deliver(e.data);
  const abort = new AbortController();
  navigator.locks
    .request(LOCK, { signal: abort.signal }, () => {
      if (stopped) return;
      open();
      // Held while this tab lives: its end (or the page's) hands the lock to the next tab.
      return new Promise<void>((resolve) => (release = resolve));
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    abort.abort();
    source?.close();
    release?.();
    channel.close();
  };
}
