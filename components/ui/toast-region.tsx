'use client';

import dynamic from 'next/dynamic';
import { useEffect, useState, useSyncExternalStore } from 'react';

import { onRegionAsked, regionAsked } from './toast-ready';

const Region = dynamic(() => import('./toaster').then((m) => m.ToastRegion), { ssr: false });

/** At the latest this long after the page's effects ran, the region comes even on a busy browser. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * The toasts' live region (`ToastRegion` of ./toaster, with sonner), loaded when the browser is
 * first idle after the page loads, not with its first scripts nor in the task that hydrates it:
 * nothing is announced before a person acts. A toast asked for sooner brings it at once.
 */
export function ToastRegion() {
  const asked = useSyncExternalStore(onRegionAsked, regionAsked, () => false);
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), IDLE_TIMEOUT_MS / 4);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(id);
  }, []);
  return idle || asked ? <Region /> : null;
}
