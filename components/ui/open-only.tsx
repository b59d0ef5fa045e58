'use client';

import { createContext, useContext, useState, type ReactNode } from 'react';

/**
 * Whether a menu or sheet is open, for its content, which is rendered only then. Radix keeps a
 * closed overlay's content under a `Presence` that, as the page hydrates, sends itself an update
 * from a layout effect; each such update makes React render again at once and run every effect of
 * the hydrated page in the same task, a long task on a phone. Our overlays have no closing
 * animation for `Presence` to wait for, so a closed one is simply absent.
 */
export const OpenContext = createContext(false);

/** The open state of an overlay: the caller's (`open` given) or its own; a change is told to the caller either way. */
export function useOpenState(
  open: boolean | undefined,
  onOpenChange: ((open: boolean) => void) | undefined,
  defaultOpen = false,
): [boolean, (open: boolean) => void] {
  const [own, setOwn] = useState(defaultOpen);
  const shown = open ?? own;
  return [
    shown,
    (next: boolean) => {
      if (open === undefined) setOwn(next);
      onOpenChange?.(next);
    },
  ];
}

/** Renders its children only while the overlay around it is open. */
export function OpenOnly({ children }: { children: ReactNode }) {
  return useContext(OpenContext) ? children : null;
}
