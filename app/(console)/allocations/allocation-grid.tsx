'use client';

import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState, useTransition } from 'react';

import { useHydrated } from '@/components/forms/use-hydrated';
import { GridLive } from '@/components/live/grid-live';
import { Presence } from '@/components/live/presence';
import { Card } from '@/components/ui/card';
import { LiveRegion } from '@/components/ui/live-region';
import { Notice } from '@/components/ui/notice';
import { describeRow as describe, nameEntities, UNALLOCATED, unpackGrid, type GridRow } from '@/lib/allocation';
import { translateSaid, type Said } from '@/lib/i18n/said';
import type { GridData } from '@/lib/server/allocations';

import { gridFiltersQuery, type GridFilters } from './filters';
import { GridHeader } from './grid-header';
import { BAR_MIN_WIDTH, CELL_WIDTH, GridRowView, INFO_WIDTH, ROW_HEIGHT } from './grid-row';
import { GridToolbar } from './grid-toolbar';
import { ReviewPanel } from './review-panel';
import { useAllocationEdits } from './use-allocation-edits';
import { useStagedRows } from './use-staged-rows';

const COLORS = [
  'bg-teal-500',
  'bg-indigo-500',
  'bg-amber-500',
  'bg-rose-500',
  'bg-sky-500',
  'bg-lime-600',
  'bg-fuchsia-500',
  'bg-orange-500',
  'bg-cyan-600',
  'bg-violet-500',
];
/** Rows the server renders: what a phone's first screen shows of the scroll box, below the filters. */
const FIRST_ROWS = 5;
/** Rows rendered past each end of the scroll box: every one costs the page's first load its markup and hydration. */
const OVERSCAN = 2;
/** Rows added a frame after the page is interactive, until the scroll box is full (see useStagedRows). */
const ROWS_A_FRAME = 2;
const NOTICE_TONES = { ok: 'success', info: 'info', error: 'danger' } as const;

/** The commitment × entity grid: drag, keys or numbers to edit; review; apply in two phases on the server. */
export function AllocationGrid({ data, filters, canEdit }: { data: GridData; filters: GridFilters; canEdit: boolean }) {
  const router = useRouter();
  const t = useTranslations('allocations');
  // Marked once the grid's handlers are attached: a drag before that would move nothing.
  const hydrated = useHydrated();
  const tAll = useTranslations();
  const [narrowing, startNarrowing] = useTransition();

  const rows = useMemo(() => unpackGrid(data.grid), [data.grid]);
  const names = useMemo(
    () => ({
      venue: new Map(data.venues.map((v) => [v.id, v.name])),
      program: new Map(data.programs.map((p) => [p.id, p.name])),
      entity: new Map(data.entities.map((e) => [e.id, e.name])),
    }),
    [data.venues, data.programs, data.entities],
  );
  const color = (entityId: string) => COLORS[data.entities.findIndex((e) => e.id === entityId) % COLORS.length]!;
  const nameOf = (id: string) => (id === UNALLOCATED ? t('grid.unallocated') : (names.entity.get(id) ?? id));
  const describeRow = (row: GridRow) => translateSaid(tAll, describe(row, names));
  const grid = useAllocationEdits(rows, {
    describeRow,
    nameOf,
    say: (reason: Said) => translateSaid(tAll, nameEntities(reason, names.entity)),
  });
  const describeCommitment = (commitmentId: string) => {
    const row = grid.rowOf(commitmentId);
    return row ? describeRow(row) : t('grid.commitment', { id: commitmentId });
  };

  // The status filter works on the rows already read: it changes the address, not the reads. A
  // venue or program is read anew (see setScope).
  const [statuses, setStatuses] = useState(filters.status);
  const shown: GridFilters = { ...filters, status: statuses };
  const visible = useMemo(
    () =>
      rows.filter((row) => {
        if (filters.venue && row.meta.venue_id !== filters.venue) return false;
        if (filters.program && row.meta.program_id !== filters.program) return false;
        if (statuses.length && !Object.values(row.cells).some((c) => (statuses as string[]).includes(c.status)))
          return false;
        return true;
      }),
    [rows, filters.venue, filters.program, statuses],
  );

  const setScope = (next: Pick<Partial<GridFilters>, 'venue' | 'program'>) =>
    startNarrowing(() => router.replace(`/allocations${gridFiltersQuery({ ...shown, ...next })}`, { scroll: false }));
  const showStatuses = (next: GridFilters['status']) => {
    setStatuses(next);
    window.history.replaceState(null, '', `/allocations${gridFiltersQuery({ ...shown, status: next })}`);
  };

  const parentRef = useRef<HTMLDivElement>(null);
  const staged = useStagedRows(FIRST_ROWS + OVERSCAN, ROWS_A_FRAME);
  // TanStack Virtual hands back functions React Compiler cannot memoize; this component stays uncompiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // The server renders the first rows, so they arrive as HTML and are hydrated, not created in the
    // browser after it measured the scroll box; the rest of the box follows in stages.
    initialRect: { width: 0, height: FIRST_ROWS * ROW_HEIGHT },
    rangeExtractor: staged.rangeExtractor,
  });
  // Opened on a commitment (Today's pacing links here): its row is scrolled into the box and marked.
  const focusIndex = filters.commitment ? visible.findIndex((r) => r.commitmentId === filters.commitment) : -1;
  useEffect(() => {
    if (focusIndex > 0) virtualizer.scrollToIndex(focusIndex, { align: 'center' });
  }, [focusIndex, virtualizer]);
  const gridWidth = INFO_WIDTH + BAR_MIN_WIDTH + data.entities.length * CELL_WIDTH;

  return (
    <div className="space-y-4">
      <GridToolbar
        filters={filters}
        statuses={statuses}
        venues={data.venues}
        programs={data.programs}
        count={narrowing ? t('grid.reading') : t('grid.count', { shown: visible.length, total: rows.length })}
        onStatuses={showStatuses}
        onScope={setScope}
      />

      <Presence />
      <GridLive staged={grid.changes.length > 0} describeCommitment={describeCommitment} />

      <LiveRegion data-testid="allocation-notice">
        {grid.notice && (
          <Notice tone={NOTICE_TONES[grid.notice.tone]} className="py-2">
            {grid.notice.text}
          </Notice>
        )}
      </LiveRegion>

      <Card flush>
        <div
          ref={parentRef}
          onScroll={staged.onScroll}
          className={`max-h-[62vh] overflow-auto transition-opacity ${narrowing ? 'opacity-60' : ''}`}
          aria-busy={narrowing}
          data-testid="allocation-grid"
          data-hydrated={hydrated || undefined}
        >
          {/* A table by ARIA: the rows are virtualized (absolutely placed), which a <table> cannot lay out. */}
          <div
            role="table"
            aria-label={t('grid.label')}
            aria-rowcount={visible.length + 1}
            style={{ width: gridWidth, minWidth: '100%' }}
          >
            <GridHeader entities={data.entities} color={color} />
            <div
              role="rowgroup"
              style={{ height: visible.length ? virtualizer.getTotalSize() : undefined, position: 'relative' }}
            >
              {visible.length === 0 ? (
                <div role="row" aria-rowindex={2}>
                  <p
                    role="cell"
                    className="px-3 py-8 text-center text-sm text-slate-500"
                    data-testid="allocation-empty"
                  >
                    {t('grid.empty')}
                  </p>
                </div>
              ) : (
                virtualizer.getVirtualItems().map((item) => {
                  const row = visible[item.index]!;
                  return (
                    <GridRowView
                      key={row.commitmentId}
                      row={row}
                      focused={item.index === focusIndex}
                      index={item.index + 2}
                      style={{
                        position: 'absolute',
                        top: 0,
                        left: 0,
                        width: '100%',
                        height: item.size,
                        transform: `translateY(${item.start}px)`,
                      }}
                      edits={grid.edits}
                      entities={data.entities}
                      canEdit={canEdit}
                      label={describeRow(row)}
                      color={color}
                      nameOf={nameOf}
                      onMove={(from, to, count) => grid.move(row, from, to, count)}
                      onSet={(entityId, value) => grid.setCell(row, entityId, value)}
                    />
                  );
                })
              )}
            </div>
          </div>
        </div>
      </Card>

      {canEdit && (
        <ReviewPanel
          changes={grid.changes}
          outcome={grid.outcome}
          lastChanges={grid.lastChanges}
          pending={grid.pending}
          nameOf={nameOf}
          describeCommitment={describeCommitment}
          onApply={() => grid.apply(false)}
          onRetry={() => grid.apply(true)}
          onRestore={grid.restore}
          onDiscard={grid.discard}
          onReload={grid.reload}
        />
      )}
    </div>
  );
}
