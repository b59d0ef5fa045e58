'use client';

import { useEffect, useRef, type FocusEvent } from 'react';

import { onFirstUse, useLoaded } from '@/components/ui/lazy';
import type { GridData } from '@/lib/server/allocations';

import { BAR_MIN_WIDTH, CELL_WIDTH, STICKY_COLUMN } from './grid-row';

// Radix Tooltip would take the grid over its JavaScript budget on first load, and loading it while
// the page starts would cost the page's start its code and a redraw of the headings: it loads when
// the pointer, a finger or the focus first comes to the headings. Until then a heading is its wrapped name.
const loadTooltip = onFirstUse(() => import('@/components/ui/tooltip').then((m) => m.Tooltip));

type TooltipComponent = Awaited<ReturnType<typeof loadTooltip>>;

/**
 * The grid's sticky header row. It holds the tooltip itself, so the tooltip's arrival draws the
 * headings again and not the rows, in a transition. A heading is a new element once it has its
 * tooltip: the one that had the focus when the tooltip loaded takes it back (and shows its tooltip).
 */
export function GridHeader({
  entities,
  color,
}: {
  entities: GridData['entities'];
  color: (entityId: string) => string;
}) {
  const [Tooltip, startLoading] = useLoaded(loadTooltip, { transition: true });
  const rowGroup = useRef<HTMLDivElement>(null);
  const focused = useRef<string | null>(null);
  const load = () => void startLoading();
  const onFocus = (e: FocusEvent<HTMLElement>) => {
    focused.current = e.target.closest<HTMLElement>('[data-entity]')?.dataset.entity ?? null;
    load();
  };
  useEffect(() => {
    const id = focused.current;
    focused.current = null;
    if (!Tooltip || !id || (document.activeElement && document.activeElement !== document.body)) return;
    rowGroup.current?.querySelector<HTMLElement>(`[data-entity="${CSS.escape(id)}"]`)?.focus();
  }, [Tooltip]);

  return (
    <div
      ref={rowGroup}
      role="rowgroup"
      className="sticky top-0 z-10"
      onPointerEnter={Tooltip ? undefined : load}
      onFocus={Tooltip ? undefined : onFocus}
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
  Tooltip: TooltipComponent | null;
}) {
  const heading = (
    <button
      type="button"
      data-entity={entity.id}
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
