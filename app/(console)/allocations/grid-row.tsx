'use client';

import { clsx } from 'clsx';
import { useTranslations } from 'next-intl';
import { memo, type CSSProperties, type Ref } from 'react';

import { useCount } from '@/components/i18n/counts';
import { Input } from '@/components/ui/input';
import { Link } from '@/components/ui/link';
import {
  capacityLayout,
  editedSeats,
  lockReason,
  maxSeatsFor,
  rowStatusLabel,
  type Edits,
  type GridRow,
} from '@/lib/allocation';
import { saidList, translateSaid } from '@/lib/i18n/said';
import type { GridData } from '@/lib/server/allocations';

import { CapacityBar } from './capacity-bar';

/** A row's height from `sm` up (`sm:h-16`). */
export const ROW_HEIGHT = 64;
/** The commitment column: narrower on a tablet, so more of the bar shows beside it. */
export const INFO_WIDTH = 256;
/** The capacity column's least width (`sm:min-w-80`). */
export const BAR_MIN_WIDTH = 320;
/** An entity's column (`sm:w-19`). */
export const CELL_WIDTH = 76;

/**
 * From `sm` up the commitment column stays in view while the grid scrolls sideways; it needs its own
 * opaque background. On a phone it is the heading of the row's card.
 */
export const STICKY_COLUMN = 'sm:sticky sm:left-0 sm:z-[2] sm:w-44 sm:shrink-0 sm:border-r sm:border-slate-200 lg:w-64';

/**
 * A row's height as a phone's card before it is measured: its padding, heading, and bar with the
 * seats' summary (131 px), then a line of 52 (an input 44 px tall and a gap) for each entity that can
 * hold its seats.
 */
export function cardHeight(row: GridRow): number {
  const lines = Object.values(row.cells).filter((c) => c.status !== 'ineligible').length;
  return 131 + lines * 52;
}

interface GridRowProps {
  row: GridRow;
  /** the row's index among those shown (its aria-rowindex is 2 more: the header is row 1) */
  virtualIndex: number;
  /** from `sm` up, where the row is placed in the scroll box */
  top: number;
  /** the virtualizer measures the row (a phone's card has the height of its content) */
  measureRef: Ref<HTMLDivElement>;
  /** the row the page was opened on (a link from Today's pacing) */
  focused?: boolean;
  edits: Edits;
  entities: GridData['entities'];
  canEdit: boolean;
  label: string;
  color: (entityId: string) => string;
  nameOf: (id: string) => string;
  onMove: (from: string, to: string, count: number) => boolean;
  onSet: (entityId: string, value: string) => void;
}

function GridRowViewUnmemoized({
  row,
  virtualIndex,
  top,
  measureRef,
  focused = false,
  edits,
  entities,
  canEdit,
  label,
  color,
  nameOf,
  onMove,
  onSet,
}: GridRowProps) {
  const t = useTranslations('allocations');
  const tAll = useTranslations();
  const count = useCount();
  const status = rowStatusLabel(row);
  const layout = capacityLayout(
    row,
    edits,
    entities.map((e) => e.id),
    canEdit,
  );
  const { after } = layout;
  // the summary's seats, written once for its text and its title
  const seats = {
    managedLabel: count(after.managed),
    externalLabel: count(after.external),
    unallocatedLabel: count(after.unallocated),
  };
  const edited = Boolean(edits[row.commitmentId]);
  const [place, ...rest] = label.split(' · ');

  return (
    // From `sm` up a line of the scroll box, placed by the virtualizer; on a phone a card in the
    // page's flow: its heading, its bar, then a labelled line for each entity that can hold seats.
    <div
      ref={measureRef}
      data-index={virtualIndex}
      role="row"
      aria-rowindex={virtualIndex + 2}
      style={{ '--row-y': `${top}px` } as CSSProperties}
      className={clsx(
        'flex border-b border-slate-100 text-sm max-sm:flex-col max-sm:gap-2 max-sm:px-3 max-sm:py-3',
        'sm:absolute sm:top-0 sm:left-0 sm:h-16 sm:w-full sm:translate-y-(--row-y) sm:items-stretch sm:[content-visibility:auto]',
        edited ? 'bg-amber-50' : 'bg-surface',
        focused && 'ring-2 ring-brand-500 ring-inset',
      )}
      data-testid={`alloc-row-${row.commitmentId}`}
      data-focused={focused || undefined}
    >
      <div
        role="rowheader"
        aria-colindex={1}
        className={`${STICKY_COLUMN} flex flex-col justify-center sm:px-3 ${edited ? 'bg-amber-50' : 'bg-surface'}`}
      >
        <div className="font-medium break-words text-slate-900 sm:truncate" title={label}>
          {/* The commitment's name leads to its history: every apply and restore of its seats. */}
          <Link
            href={`/activity?record=${row.commitmentId}`}
            aria-label={t('row.historyOf', { commitment: label })}
            className="hover:underline"
            data-testid="commitment-history"
          >
            {place}
          </Link>
        </div>
        <div className="text-xs break-words text-slate-500 sm:truncate">
          {rest.join(' · ')} ·{' '}
          <span
            className={row.inconsistent ? 'font-medium text-rose-700' : row.status === 'ended' ? 'text-slate-400' : ''}
            title={
              row.inconsistent
                ? translateSaid(tAll, saidList(row.inconsistent, 'allocations.problems.separator'))
                : undefined
            }
          >
            {translateSaid(tAll, status)}
          </span>
        </div>
      </div>
      <div role="cell" aria-colindex={2} className="flex flex-1 flex-col justify-center sm:min-w-80 sm:px-4">
        <CapacityBar
          commitmentId={row.commitmentId}
          label={label}
          totalSeats={row.totalSeats}
          layout={layout}
          color={color}
          nameOf={nameOf}
          onMove={onMove}
        />
        {/* In a language of long words the summary gives way (ellipsis, whole in its title), never the total. */}
        <div className="mt-1 flex justify-between gap-2 text-[11px] tabular-nums text-slate-500">
          <span className="min-w-0 truncate" title={t('row.seatsSummaryPlain', seats)}>
            {t.rich('row.seatsSummary', {
              ...seats,
              value: (chunks) => <span data-testid={`unallocated-${row.commitmentId}`}>{chunks}</span>,
            })}
          </span>
          <span className="shrink-0">
            {t('row.totalSeats', { count: row.totalSeats, countLabel: count(row.totalSeats) })}
          </span>
        </div>
      </div>
      {entities.map((e, i) => {
        const cell = row.cells[e.id]!;
        const locked = lockReason(row, e.id);
        const reason = locked && translateSaid(tAll, locked);
        if (cell.status === 'ineligible') {
          // A phone's card lists only the entities that can hold the commitment's seats.
          return (
            <div
              key={e.id}
              role="cell"
              aria-colindex={i + 3}
              className="flex items-center justify-center text-slate-300 max-sm:hidden sm:w-19 sm:shrink-0"
              title={reason ?? undefined}
            >
              —
            </div>
          );
        }
        const value = editedSeats(row, edits, e.id);
        const max = maxSeatsFor(row, edits, e.id);
        return (
          <div
            key={e.id}
            role="cell"
            aria-colindex={i + 3}
            className="flex items-center gap-3 sm:w-19 sm:shrink-0 sm:px-1"
          >
            {/* On a phone the column's heading, beside its input (which has the name in full). */}
            <span aria-hidden="true" className="min-w-0 flex-1 break-words text-slate-700 sm:hidden">
              <span className={`mr-1.5 inline-block h-2 w-2 rounded-full ${color(e.id)}`} />
              {e.name}
            </span>
            <Input
              type="number"
              min={0}
              max={max}
              value={value}
              disabled={!canEdit || reason !== null}
              title={reason ?? t('row.cellTitle', { status: t(`status.${cell.status}`), maxLabel: count(max) })}
              aria-label={t('row.cellLabel', { entity: e.name, commitment: label })}
              onChange={(ev) => onSet(e.id, ev.target.value)}
              className={clsx(
                'h-11 w-24 px-3 py-1 text-right text-base tabular-nums sm:h-8 sm:w-full sm:px-1.5 sm:text-sm',
                value !== cell.seats && 'font-semibold ring-amber-400',
              )}
            />
          </div>
        );
      })}
    </div>
  );
}

/**
 * A row renders again when its data, its edits or its place changes: not when the grid renders for
 * another reason (a scroll, the virtualizer measuring its box, another row's notice). The callbacks
 * are made anew on each render of the grid but act on the same edits, and a change of `edits`
 * renders every row with the new ones.
 */
export const GridRowView = memo(
  GridRowViewUnmemoized,
  (a, b) =>
    a.row === b.row &&
    a.edits === b.edits &&
    a.entities === b.entities &&
    a.canEdit === b.canEdit &&
    a.label === b.label &&
    a.virtualIndex === b.virtualIndex &&
    a.focused === b.focused &&
    a.top === b.top &&
    a.measureRef === b.measureRef,
);
