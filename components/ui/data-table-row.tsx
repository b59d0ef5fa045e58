'use client';

import { flexRender, type Column, type Row, type RowData } from '@tanstack/react-table';
import { clsx } from 'clsx';
import { useTranslations } from 'next-intl';

import type { DataTableFeatures } from './data-table-features';

/** A column's name as staff read it (its header when that is text), for a Columns menu and a stacked row's labels. */
export const columnName = <TData extends RowData>(column: Column<DataTableFeatures, TData>): string | null =>
  typeof column.columnDef.header === 'string' ? column.columnDef.header : null;

/**
 * One row: its own component, so that React can yield between rows while a long page hydrates
 * rather than building every row's cells in the table's own render.
 */
export function DataTableRow<TData extends RowData>({
  row,
  testId,
  selectLabel,
  compact,
  stacked = false,
}: {
  row: Row<DataTableFeatures, TData>;
  compact: boolean;
  /** on phones, the cells one under another, each after its column's name (DataTable's `stacked`) */
  stacked?: boolean;
  testId?: string;
  /** with a selection: the row's checkbox's name */
  selectLabel?: string;
}) {
  const selected = row.getIsSelected();
  const surface = selected ? 'bg-brand-50' : 'bg-surface group-hover:bg-slate-50';
  return (
    <tr
      data-testid={testId}
      aria-selected={selectLabel === undefined ? undefined : selected}
      className={clsx('group hover:bg-slate-50', stacked && 'max-sm:block max-sm:py-2')}
      role={stacked ? 'row' : undefined}
    >
      {row.getVisibleCells().map((cell, i) => (
        <td
          key={cell.id}
          role={stacked ? 'cell' : undefined}
          className={clsx(
            'pr-4 align-top text-slate-700 first:pl-4 sm:first:pl-0',
            compact ? 'py-1' : 'py-2.5',
            i === 0 && ['sticky left-0 z-[1]', surface],
            i > 0 && selected && 'bg-brand-50',
            // a long word (an e-mail address) breaks rather than widen the row past the screen
            stacked &&
              'max-sm:static max-sm:flex max-sm:items-center max-sm:gap-3 max-sm:py-1 max-sm:pr-0 max-sm:wrap-anywhere max-sm:first:pl-0',
          )}
        >
          {stacked && i > 0 && columnName(cell.column) !== null && (
            <span aria-hidden="true" className="w-32 shrink-0 text-xs wrap-break-word text-slate-500 sm:hidden">
              {columnName(cell.column)}
            </span>
          )}
          {i === 0 && selectLabel !== undefined ? (
            <span className="flex items-start gap-2">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-brand-600 disabled:opacity-30"
                aria-label={selectLabel}
                checked={selected}
                disabled={!row.getCanSelect()}
                onChange={(e) => row.toggleSelected(e.target.checked)}
              />
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </span>
          ) : (
            flexRender(cell.column.columnDef.cell, cell.getContext())
          )}
        </td>
      ))}
    </tr>
  );
}

/** The header's checkbox: every row of the page that can be selected, or none; mixed while some are. */
export function PageCheckbox({
  table,
  label,
}: {
  table: {
    getIsAllPageRowsSelected: () => boolean;
    getIsSomePageRowsSelected: () => boolean;
    toggleAllPageRowsSelected: (v: boolean) => void;
  };
  label: string;
}) {
  const t = useTranslations('ui.table');
  const all = table.getIsAllPageRowsSelected();
  const some = table.getIsSomePageRowsSelected();
  return (
    <input
      type="checkbox"
      className="mr-2 size-4 align-middle accent-brand-600"
      aria-label={t('selectPage', { label })}
      checked={all}
      ref={(el) => {
        if (el) el.indeterminate = some && !all;
      }}
      onChange={(e) => table.toggleAllPageRowsSelected(e.target.checked)}
    />
  );
}
