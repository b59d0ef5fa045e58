'use client';

import { clsx } from 'clsx';
import { useTranslations } from 'next-intl';
import { memo, type CSSProperties } from 'react';

import { Input } from '@/components/ui/input';
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

export const ROW_HEIGHT = 64;
/** The commitment column: narrower on a tablet, so more of the bar shows beside it. */
export const INFO_WIDTH = 256;
export const BAR_MIN_WIDTH = 320;
export const CELL_WIDTH = 76;

/** The commitment column stays in view while the grid scrolls sideways; it needs its own opaque background. */
export const STICKY_COLUMN = 'sticky left-0 z-[2] w-44 shrink-0 border-r border-slate-200 lg:w-64';

interface GridRowProps {
  row: GridRow;
  /** aria-rowindex: the header is row 1 */
  index: number;
  /** the row the page was opened on (a link from Today's pacing) */
  focused?: boolean;
  style: CSSProperties;
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
  index,
  focused = false,
  style,
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
  const status = rowStatusLabel(row);
  const layout = capacityLayout(
    row,
    edits,
    entities.map((e) => e.id),
    canEdit,
  );
  const { after } = layout;
  const edited = Boolean(edits[row.commitmentId]);
  const [place, ...rest] = label.split(' · ');

  return (
    <div
      role="row"
      aria-rowindex={index}
      style={style}
      className={`flex items-stretch border-b border-slate-100 text-sm [content-visibility:auto] ${edited ? 'bg-amber-50' : 'bg-surface'} ${focused ? 'ring-2 ring-brand-500 ring-inset' : ''}`}
      data-testid={`alloc-row-${row.commitmentId}`}
      data-focused={focused || undefined}
    >
      <div
        role="rowheader"
        className={`${STICKY_COLUMN} flex flex-col justify-center px-3 ${edited ? 'bg-amber-50' : 'bg-surface'}`}
      >
        <div className="truncate font-medium text-slate-900" title={label}>
          {place}
        </div>
        <div className="truncate text-xs text-slate-500">
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
      <div role="cell" style={{ minWidth: BAR_MIN_WIDTH }} className="flex flex-1 flex-col justify-center px-4">
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
          <span
            className="min-w-0 truncate"
            title={t('row.seatsSummaryPlain', {
              managed: after.managed,
              external: after.external,
              unallocated: after.unallocated,
            })}
          >
            {t.rich('row.seatsSummary', {
              managed: after.managed,
              external: after.external,
              unallocated: after.unallocated,
              value: (chunks) => <span data-testid={`unallocated-${row.commitmentId}`}>{chunks}</span>,
            })}
          </span>
          <span className="shrink-0">{t('row.totalSeats', { count: row.totalSeats })}</span>
        </div>
      </div>
      {entities.map((e) => {
        const cell = row.cells[e.id]!;
        const locked = lockReason(row, e.id);
        const reason = locked && translateSaid(tAll, locked);
        if (cell.status === 'ineligible') {
          return (
            <div
              key={e.id}
              role="cell"
              style={{ width: CELL_WIDTH }}
              className="flex shrink-0 items-center justify-center text-slate-300"
              title={reason ?? undefined}
            >
              —
            </div>
          );
        }
        const value = editedSeats(row, edits, e.id);
        const max = maxSeatsFor(row, edits, e.id);
        return (
          <div key={e.id} role="cell" style={{ width: CELL_WIDTH }} className="flex shrink-0 items-center px-1">
            <Input
              type="number"
              min={0}
              max={max}
              value={value}
              disabled={!canEdit || reason !== null}
              title={reason ?? t('row.cellTitle', { status: t(`status.${cell.status}`), max })}
              aria-label={t('row.cellLabel', { entity: e.name, commitment: label })}
              onChange={(ev) => onSet(e.id, ev.target.value)}
              className={clsx(
                'h-8 px-1.5 py-1 text-right tabular-nums',
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
    a.index === b.index &&
    a.focused === b.focused &&
    a.style.transform === b.style.transform &&
    a.style.height === b.style.height,
);
