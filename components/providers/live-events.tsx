'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';

import { markChange } from '@/components/live/change-marks';
import { idOf, type ChangeEvent } from '@/lib/changes/events';
import { invalidateForChange } from '@/lib/queries/invalidate';

import { connectSharedEvents } from './shared-event-source';

type Listener = (event: ChangeEvent) => void;

interface LiveEvents {
  /** the signed-in member's id: a page tells their own changes from the others' */
  memberId: string;
  subscribe(listener: Listener): () => void;
}

const LiveEventsContext = createContext<LiveEvents | null>(null);
/** Whether the browser's event stream is open: false while it reconnects (components/shell/live-status.tsx). */
const LiveStatusContext = createContext(true);

/**
 * The console's live updates (docs/architecture.md, "The change feed"), mounted by the console
 * layout inside the QueryProvider: the browser's one event stream (shared by its tabs), each
 * event invalidating the queries it touches and marking the reservation it names, then handed to
 * the pages that follow it (useChangeEvents, useLiveFollow). The stream starts after `since`, the
 * feed's newest id when the page was rendered: a change made while the page was on its way arrives too.
 */
export function LiveEventsProvider({
  memberId,
  since,
  children,
}: {
  memberId: string;
  since: number;
  children: ReactNode;
}) {
  const queryClient = useQueryClient();
  const router = useRouter();
  const [listeners] = useState(() => new Set<Listener>());
  // The first render's: a refresh of the layout later does not open the stream again.
  const [after] = useState(since);
  const [live, setLive] = useState(true);
  const [value] = useState<LiveEvents>(() => ({
    memberId,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  }));

  useEffect(
    () =>
      connectSharedEvents((m) => {
        if (m.type === 'status') return setLive(m.live);
        if (m.type === 'signed-out') return router.refresh();
        if (m.type === 'reset') {
          void queryClient.invalidateQueries();
          return router.refresh();
        }
        const event = m.event;
        const reservation = idOf(event, 'reservation');
        if (reservation) markChange(reservation, event);
        void invalidateForChange(queryClient, event);
        for (const l of listeners) l(event);
      }, after),
    [queryClient, router, listeners, after],
  );

  return (
    <LiveEventsContext.Provider value={value}>
      <LiveStatusContext.Provider value={live}>{children}</LiveStatusContext.Provider>
    </LiveEventsContext.Provider>
  );
}

/** Whether changes reach this page now (the browser's event stream is open). */
export const useLiveStatus = (): boolean => useContext(LiveStatusContext);

/** Calls `listener` with each change event (the latest listener: no need to memoize it). */
export function useChangeEvents(listener: Listener): LiveEvents | null {
  const live = useContext(LiveEventsContext);
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => live?.subscribe((e) => latest.current(e)), [live]);
  return live;
}
