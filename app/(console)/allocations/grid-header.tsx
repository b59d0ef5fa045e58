'use client';

import { startTransition, useCallback, useEffect, useState } from 'react';

import { onFirstUse } from '@/components/ui/lazy';
import type { GridData } from '@/lib/server/allocations';

import { BAR_MIN_WIDTH, CELL_WIDTH, STICKY_COLUMN } from './grid-row';

// Radix Tooltip would take the grid over its JavaScript budget on first load: it loads once the
// page is idle (or on the first pointer or focus in the headings); until then a heading is its wrapped name.
const loadTooltip = onFirstUse(() => import('@/components/ui/tooltip').then((m) => m.Tooltip));

/**
 * Starts loading the headings' tooltip when the browser is idle; returns it once loaded, and a
 * loader for a first touch. The headings are drawn again with it in a transition, which React
 * splits into short tasks.
 */
function useHeadingTooltip() {
  const [Tooltip, setTooltip] = useState<Awaited<ReturnType<typeof loadTooltip>> | null>(null);
  const load = useCallback(() => loadTooltip().then((loaded) => startTransition(() => setTooltip(() => loaded))), []);
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

/**
 * The grid's sticky header row. It holds the tooltip's loading itself, so the tooltip's arrival
 * draws the headings again and not the rows.
 */
export function GridHeader({
  entities,
  color,
}: {
  entities: GridData['entities'];
  color: (entityId: string) => string;
}) {
  const [Tooltip, loadTooltip] = useHeadingTooltip();
  return (
    <div
      role="rowgroup"
      className="sticky top-0 z-10"
      onPointerEnter={() => void loadTooltip()}
      onFocus={() => void loadTooltip()}
    >
      <div
        role="row"
        aria-rowindex={1}
        className="flex border-b border-slate-200 bg-slate-50 text-xs font-medium text-slate-600"
      >
        <div role="columnheader" className={`${STICKY_COLUMN} bg-slate-50 px-3 py-2`}>
          Commitment
        </div>
        <div role="columnheader" style={{ minWidth: BAR_MIN_WIDTH }} className="flex-1 px-4 py-2">
          Capacity (locked: other entities)
        </div>
        {entities.map((e) => (
          <div
            key={e.id}
            role="columnheader"
            style={{ width: CELL_WIDTH }}
            className="shrink-0 px-1 py-1.5 text-center"
          >
            <EntityHeading entity={e} dot={color(e.id)} Tooltip={Tooltip} />
          </div>
        ))}
      </div>
    </div>
  );
}

/** An entity's column heading: the whole name, wrapped; its tooltip says which context the API reads it in. */
function EntityHeading({
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
