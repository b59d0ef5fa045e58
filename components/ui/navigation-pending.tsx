'use client';

import { useLinkStatus } from 'next/link';
import { useEffect, useSyncExternalStore } from 'react';

/**
 * How many links are opening a page whose loading state the browser does not hold yet (a link not
 * prefetched): the console's bar above the page shows while any is. One store per browser tab.
 */
let opening = 0;
const listeners = new Set<() => void>();

function change(by: number) {
  opening = Math.max(0, opening + by);
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Inside a link: reports its navigation while it is pending. Renders nothing. */
export function ReportPending() {
  const { pending } = useLinkStatus();
  useEffect(() => {
    if (!pending) return;
    change(1);
    return () => change(-1);
  }, [pending]);
  return null;
}

/**
 * A bar along the top of the page's area, from the frame after a click on a link that was not
 * prefetched until the next page (or its loading state) shows: the click answers at once.
 */
export function NavigationProgress() {
  const busy = useSyncExternalStore(
    subscribe,
    () => opening > 0,
    () => false,
  );
  if (!busy) return null;
  return (
    <div
      data-testid="navigation-progress"
      className="pointer-events-none absolute inset-x-0 top-0 h-0.5 overflow-hidden"
    >
      <p role="status" className="sr-only">
        Opening the page…
      </p>
      <div
        aria-hidden="true"
        className="h-full w-1/3 animate-navigation-progress bg-brand-600 motion-reduce:w-full motion-reduce:animate-pulse"
      />
    </div>
  );
}
