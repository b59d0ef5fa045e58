'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useCallback, useMemo, useState, useTransition, type CSSProperties } from 'react';

import { useHydrated } from '@/components/forms/use-hydrated';
import { useCount } from '@/components/i18n/counts';
import { GridLive } from '@/components/live/grid-live';
import { Presence } from '@/components/live/presence';
import { Card } from '@/components/ui/card';
import { LiveRegion } from '@/components/ui/live-region';
import { Notice } from '@/components/ui/notice';
import {
  describeRow as describe,
  nameEntities,
  rowsWithChanges,
  UNALLOCATED,
  unpackGrid,
  type Change,
  type GridRow,
} from '@/lib/allocation';
import { translateSaid, type Said } from '@/lib/i18n/said';
import type { GridData } from '@/lib/server/allocations';

import { gridFiltersQuery, type GridFilters } from './filters';
import { GridHeader } from './grid-header';
import { BAR_MIN_WIDTH, cardHeight, CELL_WIDTH, GridRowView, INFO_WIDTH } from './grid-row';
import { GridToolbar } from './grid-toolbar';
import { ReviewPanel } from './review-panel';
import { useAllocationEdits } from './use-allocation-edits';
import { useGridVirtualizer } from './use-grid-virtualizer';

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
const NOTICE_TONES = { ok: 'success', info: 'info', error: 'danger' } as const;

/** The commitment × entity grid: drag, keys or numbers to edit; review; apply in two phases on the server. */
export function AllocationGrid({ data, filters, canEdit }: { data: GridData; filters: GridFilters; canEdit: boolean }) {
  const router = useRouter();
  const t = useTranslations('allocations');
  // Marked once the grid's handlers are attached: a drag before that would move nothing.
  const hydrated = useHydrated();
  const tAll = useTranslations();
  const count = useCount();
  const [narrowing, startNarrowing] = useTransition();

  const read = useMemo(() => unpackGrid(data.grid), [data.grid]);
  // From an apply's answer until the rows are read again: the rows as the apply left them.
  const [applied, setApplied] = useState<{ on: GridRow[]; changes: Change[] } | null>(null);
  const rows = useMemo(() => (applied?.on === read ? rowsWithChanges(read, applied.changes) : read), [read, applied]);
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
  const grid = useAllocationEdits(
    rows,
    {
      describeRow,
      nameOf,
      say: (reason: Said) => translateSaid(tAll, nameEntities(reason, names.entity)),
    },
    (changes) => setApplied({ on: read, changes }),
  );
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

  // Opened on a commitment (Today's pacing links here): its row is scrolled into view and marked.
  const focusIndex = filters.commitment ? visible.findIndex((r) => r.commitmentId === filters.commitment) : -1;
  const rowKey = useCallback((index: number) => visible[index]!.commitmentId, [visible]);
  const { items, listStyle, rowTop, measureRef, boxRef, listRef, onBoxScroll } = useGridVirtualizer({
    count: visible.length,
    focusIndex,
    rowKey,
    estimateCard: (index) => cardHeight(visible[index]!),
  });
  const gridWidth = INFO_WIDTH + BAR_MIN_WIDTH + data.entities.length * CELL_WIDTH;

  return (
    <div className="space-y-4">
      <GridToolbar
        filters={filters}
        statuses={statuses}
        venues={data.venues}
        programs={data.programs}
        count={
          narrowing
            ? t('grid.reading')
            : t('grid.count', { total: rows.length, shownLabel: count(visible.length), totalLabel: count(rows.length) })
        }
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
        {/* From `sm` up a scroll box of its own, its header and commitment column sticky; on a phone
            each row is a card in the page's one scroll, every control within the window's width. */}
        <div
          ref={boxRef}
          onScroll={onBoxScroll}
          className={`transition-opacity sm:max-h-[62vh] sm:overflow-auto ${narrowing ? 'opacity-60' : ''}`}
          aria-busy={narrowing}
          data-testid="allocation-grid"
          data-hydrated={hydrated || undefined}
        >
          {/* A table by ARIA: the rows are virtualized (placed by the virtualizer), which a <table> cannot lay out. */}
          <div
            role="table"
            aria-label={t('grid.label')}
            aria-rowcount={visible.length + 1}
            aria-colcount={data.entities.length + 2}
            style={{ '--grid-w': `${gridWidth}px` } as CSSProperties}
            className="relative min-w-full sm:w-(--grid-w)"
          >
            <GridHeader entities={data.entities} color={color} />
            <div
              ref={listRef}
              role="rowgroup"
              style={visible.length ? listStyle : undefined}
              className="relative max-sm:pt-(--pad-top) max-sm:pb-(--pad-bottom) sm:h-(--list-h)"
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
                items.map((item) => {
                  const row = visible[item.index]!;
                  return (
                    <GridRowView
                      key={row.commitmentId}
                      row={row}
                      focused={item.index === focusIndex}
                      virtualIndex={item.index}
                      top={rowTop(item)}
                      measureRef={measureRef}
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
