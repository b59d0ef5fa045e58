'use client';

import { useEffect } from 'react';

import { onFirstUse, useLoaded } from '@/components/ui/lazy';
import type { GridData } from '@/lib/server/allocations';

// Radix Tooltip would take the grid over its JavaScript budget on first load: it loads once the
// page is idle (or on the first pointer or focus in the headings); until then a heading is its wrapped name.
const loadTooltip = onFirstUse(() => import('@/components/ui/tooltip').then((m) => m.Tooltip));

/** Starts loading the headings' tooltip when the browser is idle; returns it once loaded, and a loader for a first touch. */
export function useHeadingTooltip() {
  const [Tooltip, load] = useLoaded(loadTooltip);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => void load());
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => void load(), 500);
    return () => window.clearTimeout(id);
  }, [load]);
  return [Tooltip, load] as const;
}

/** An entity's column heading: the whole name, wrapped; its tooltip says which context the API reads it in. */
export function EntityHeading({
  entity,
  dot,
  Tooltip,
}: {
  entity: GridData['entities'][number];
  dot: string;
  Tooltip: ReturnType<typeof useHeadingTooltip>[0];
}) {
  const heading = (
    <button
      type="button"
      className="min-h-6 w-full rounded px-0.5 leading-tight break-words hyphens-auto focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
    >
      <span aria-hidden="true" className={`mr-1 inline-block h-2 w-2 rounded-full ${dot}`} />
      {entity.name}
    </button>
  );
  if (!Tooltip) return heading;
  return (
    <Tooltip content={`${entity.name}: ${entity.org_id ? 'organization-bound token' : 'legacy X-Entity-Id context'}`}>
      {heading}
    </Tooltip>
  );
}
