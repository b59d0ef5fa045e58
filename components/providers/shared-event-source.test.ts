import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { connectSharedEvents, type LiveMessage } from './shared-event-source';

/** An EventSource the server refuses (an answer other than 200): it fails once, and stays closed. */
class RefusedEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static opened: string[] = [];
  readyState = 0;
  constructor(readonly url: string) {
    super();
    RefusedEventSource.opened.push(url);
    setTimeout(() => {
      this.readyState = RefusedEventSource.CLOSED;
      this.dispatchEvent(new Event('error'));
    }, 5);
  }
  close() {
    this.readyState = RefusedEventSource.CLOSED;
  }
}

const down: LiveMessage = { type: 'status', live: false };

/** What the session endpoint says: a member while the browser's session is open, nobody once it ended. */
let signedIn = true;
let sessionAsked = 0;

// Two tabs of one browser, as two connections in one process: Node has Web Locks and BroadcastChannel.
describe.skipIf(!globalThis.navigator?.locks)('a browser whose stream is refused', () => {
  beforeEach(() => {
    RefusedEventSource.opened = [];
    vi.stubGlobal('EventSource', RefusedEventSource);
    vi.stubGlobal('window', new EventTarget());
    // The first try again after its longest wait: 1 s.
    vi.spyOn(Math, 'random').mockReturnValue(0.999);
    sessionAsked = 0;
    vi.stubGlobal('fetch', async (url: string) => {
      expect(url).toBe('/api/auth/session');
      sessionAsked++;
      return Response.json(signedIn ? { user: { name: 'Victor Viewer' } } : {});
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('opens it again after a while, from the last id; a tab opened meanwhile asks the leader and is told it is down', async () => {
    const first: LiveMessage[] = [];
    const stopFirst = connectSharedEvents((m) => first.push(m), 41);
    await vi.waitFor(() => expect(first).toContainEqual(down));

    const second: LiveMessage[] = [];
    const stopSecond = connectSharedEvents((m) => second.push(m), 41);
    // Told by the leader when it asks, not at the leader's next try (a second away): that one is not made yet.
    await vi.waitFor(() => expect(second).toContainEqual(down), { timeout: 3_000 });
    expect(RefusedEventSource.opened).toEqual(['/api/events?after=41']);

    await vi.waitFor(() => expect(RefusedEventSource.opened).toHaveLength(2), { timeout: 2_000 });
    expect(RefusedEventSource.opened[1]).toBe('/api/events?after=41');
    expect(sessionAsked).toBeGreaterThan(0);
    stopFirst();
    stopSecond();
  });

  it('tells every tab the member is signed out, and tries no more, once the session has ended', async () => {
    signedIn = false;
    try {
      const first: LiveMessage[] = [];
      const stopFirst = connectSharedEvents((m) => first.push(m), 7);
      const second: LiveMessage[] = [];
      const stopSecond = connectSharedEvents((m) => second.push(m), 7);
      await vi.waitFor(() => expect(first).toContainEqual({ type: 'signed-out' }));
      await vi.waitFor(() => expect(second).toContainEqual({ type: 'signed-out' }));
      // past the first try again (1 s): none was made
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(RefusedEventSource.opened).toEqual(['/api/events?after=7']);
      stopFirst();
      stopSecond();
    } finally {
      signedIn = true;
    }
  });
});
