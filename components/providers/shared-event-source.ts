/**
 * One EventSource on /api/events per browser, shared by its tabs: the tab that holds the Web Lock
 * `guestbook-events` (the leader) opens it and relays each event to the other tabs over a
 * BroadcastChannel; when the leader closes, the lock passes to another tab, which opens its own
 * from the last id it has seen (`?after=`), so no event is lost between them; the first opens
 * after `since` (the page's render), so neither is a change made while the page loaded. A browser without
 * Web Locks or BroadcastChannel opens one per tab. Each tab hands an event on once (by id).
 *
 * The browser reconnects a stream that drops by itself, but gives up for good on an answer other
 * than 200 (the cap of streams a member may hold, a server error, a sign-out): such a stream is
 * opened again after a while, longer each time (up to RETRY_MAX_MS), and at once when the
 * browser is back online; it starts after the last id seen, so nothing said meanwhile is missed.
 * A refused stream whose session has ended (signed out in another browser, expired) is not tried
 * again: the pages are told the member is signed out, as the open stream would have told them.
 * The leader tells the other tabs whether its stream is open, and a tab that opens asks it.
 */
import type { ChangeEvent } from '@/lib/changes/events';

export type LiveMessage =
  | { type: 'change'; event: ChangeEvent }
  | { type: 'reset' }
  | { type: 'signed-out' }
  /** whether the browser's stream is open (false while it reconnects or waits to be opened again) */
  | { type: 'status'; live: boolean };

/** What the tabs say to each other: the leader's messages, and a new tab asking whether the stream is open. */
type TabMessage = LiveMessage | { type: 'status?' };

/**
 * Whether the browser's session still opens the console: the sign-in service's session endpoint
 * answers without a member once it ended. Unknown (no answer) counts as yes: the stream is tried again.
 */
async function signedIn(): Promise<boolean> {
  try {
    const res = await fetch('/api/auth/session', { cache: 'no-store' });
    if (!res.ok) return true;
    return !!((await res.json()) as { user?: unknown } | null)?.user;
  } catch {
    return true;
  }
}

const LOCK = 'guestbook-events';
const CHANNEL = 'guestbook-events';
const RETRY_MIN_MS = 1_000;
const RETRY_MAX_MS = 30_000;

export function connectSharedEvents(onMessage: (m: LiveMessage) => void, since = 0): () => void {
  let lastId = since;
  let stopped = false;
  let source: EventSource | null = null;
  let release: (() => void) | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let retryMs = RETRY_MIN_MS;
  /** the stream was refused, and waits to be opened again */
  let waiting = false;
  /** whether this tab's stream is open; null while this tab has none (it is not the leader) */
  let live: boolean | null = null;
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
    clearTimeout(retry);
    waiting = false;
    const es = new EventSource(`/api/events${lastId ? `?after=${lastId}` : ''}`);
    source = es;
    const relay = (m: LiveMessage) => {
      channel?.postMessage(m);
      deliver(m);
    };
    /** The session ended: the stream is not opened again, and every tab is told. */
    const signedOut = () => {
      es.close();
      source = null;
      waiting = false;
      relay({ type: 'signed-out' });
    };
    es.addEventListener('open', () => {
      retryMs = RETRY_MIN_MS;
      live = true;
      relay({ type: 'status', live });
    });
    es.addEventListener('error', () => {
      if (stopped || source !== es) return;
      live = false;
      relay({ type: 'status', live });
      if (es.readyState !== EventSource.CLOSED) return;
      // Refused: a session that ended meanwhile (signed out elsewhere, expired) is told to the
      // pages, which go to the sign-in page; any other refusal is tried again later.
      waiting = true;
      void signedIn().then((yes) => {
        if (stopped || source !== es) return;
        if (!yes) return signedOut();
        retry = setTimeout(open, retryMs * (0.5 + Math.random() / 2));
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      });
    });
    es.addEventListener('change', (e) =>
      relay({ type: 'change', event: JSON.parse((e as MessageEvent<string>).data) }),
    );
    es.addEventListener('reset', () => relay({ type: 'reset' }));
    es.addEventListener('signed-out', signedOut);
  };
  /** Back online: a stream waiting to be opened again is opened now. */
  const online = () => {
    if (waiting) open();
  };
  window.addEventListener('online', online);
  const stop = () => {
    stopped = true;
    clearTimeout(retry);
    window.removeEventListener('online', online);
    source?.close();
  };

  if (!channel) {
    open();
    return stop;
  }
  channel.onmessage = (e: MessageEvent<TabMessage>) => {
    if (e.data.type !== 'status?') return deliver(e.data);
    if (live !== null) channel.postMessage({ type: 'status', live } satisfies TabMessage);
  };
  channel.postMessage({ type: 'status?' } satisfies TabMessage);
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
    stop();
    abort.abort();
    release?.();
    channel.close();
  };
}
