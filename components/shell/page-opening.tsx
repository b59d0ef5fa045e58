'use client';

import { useLayoutEffect, useSyncExternalStore } from 'react';

/**
 * How many of the menu's links are on their way to their page in this tab (useLinkStatus's
 * pending), for the bar at the top of the page's area: the menu is beside the page, and a page of
 * the dashboard's own data has no loading state to show where the member looks. (The phone's menu
 * closes at the click, which is the answer there: its links, and their count, are gone with it.)
 */
let opening = 0;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Inside a menu link: counts it as opening while `pending`, from the frame of the click. */
export function useReportOpening(pending: boolean): void {
  useLayoutEffect(() => {
    if (!pending) return;
    opening += 1;
    changed();
    return () => {
      opening -= 1;
      changed();
    };
  }, [pending]);
}

/** At the top of the page's area, taking no room: a pulsing line from a menu link's click until its page shows. */
export function PageOpeningBar() {
  const on = useSyncExternalStore(
    subscribe,
    () => opening > 0,
    () => false,
  );
  if (!on) return null;
  return (
    <div
      aria-hidden="true"
      data-testid="page-opening"
      className="pointer-events-none sticky top-0 z-10 -mb-1 h-1 animate-pulse rounded-full bg-brand-600 print:hidden"
    />
  );
}
