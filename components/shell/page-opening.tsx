'use client';

import { useLayoutEffect, useSyncExternalStore, useTransition, type TransitionStartFunction } from 'react';

/**
 * What is on its way to another page in this tab, for the line at the top of the page's area: a
 * menu link (useLinkStatus's pending, counted here), or a navigation started by code (`openPage`:
 * the phone's menu, which closes at the tap, the account menu, the go-to shortcuts, ⌘K, a switch
 * of the brand or channel), which runs in the line's own transition, so the line shows until the
 * router has shown the page.
 */
let opening = 0;
let startOpening: TransitionStartFunction | null = null;
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

/**
 * Runs `navigate` (a router.push or replace, or a server action whose answer is the page anew) in
 * the transition of the line, which shows from now until the page has come; outside the
 * console's shell, it just runs.
 */
export function openPage(navigate: () => void | Promise<void>): void {
  if (startOpening) startOpening(navigate);
  else navigate();
}

/** At the top of the page's area, taking no room: a pulsing line from a click until its page shows. */
export function PageOpeningBar() {
  const [navigating, start] = useTransition();
  useLayoutEffect(() => {
    startOpening = start;
    return () => {
      if (startOpening === start) startOpening = null;
    };
  }, [start]);
  const linkOpening = useSyncExternalStore(
    subscribe,
    () => opening > 0,
    () => false,
  );
  if (!linkOpening && !navigating) return null;
  return (
    <div
      aria-hidden="true"
      data-testid="page-opening"
      className="pointer-events-none sticky top-0 z-10 -mb-1 h-1 animate-pulse rounded-full bg-brand-600 print:hidden"
    />
  );
}
