'use client';

import {
  useTable,
  type ColumnDef,
  type ColumnVisibilityState,
  type RowData,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { clsx } from 'clsx';
import { useEffect, useState, type ReactNode } from 'react';

import { Link } from '@/components/ui/link';

import { ColumnsMenu } from './columns-menu';
import { dataTableFeatures, type DataTableFeatures } from './data-table-features';
import { columnName, DataTableRow, PageCheckbox } from './data-table-row';
import type { SortRows } from './sort-rows';
import { useTablePreferences } from './table-preferences';
import { ViewMenu } from './view-menu';

export { dataTableFeatures, type DataTableFeatures };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each column has its own value type, as in TanStack's column helper
export type DataTableColumn<Row extends RowData> = ColumnDef<DataTableFeatures, Row, any>;

export interface DataTableProps<Row extends RowData> {
  columns: DataTableColumn<Row>[];
  rows: Row[];
  /** names the table for assistive technology and the scroll region */
  label: string;
  rowKey: (row: Row) => string;
  rowTestId?: (row: Row) => string;
  testId?: string;
  /** shown instead of the table when there are no rows */
  empty: ReactNode;
  /**
   * Sorting done by the server (the API sorts): the current sort and the link for each sortable
   * column's next sort (ascending, descending, then the default order).
   */
  sort?: { state: SortingState; href: (columnId: string, next: 'asc' | 'desc' | null) => string };
  /**
   * Sorting done here, on the rows of the page, for lists the API does not sort: `sortRows` from
   * `./sort-rows` (passed in, as TanStack's row models are, so that lists the API sorts do not ship it).
   */
  sortInBrowser?: SortRows;
  /** the browser storage key under which hidden columns are remembered; without it there is no Columns menu */
  visibilityKey?: string;
  /** hidden columns to show the list with, and remember, instead of those remembered (a saved view's) */
  presetHidden?: string[];
  /** left of the Columns menu: the list's count or filters */
  toolbar?: ReactNode;
  /** right, beside the Columns menu: what can be done with the list (an export) */
  actions?: ReactNode;
  /** the rows shown are being replaced (a next page loads): dimmed and `aria-busy` */
  busy?: boolean;
  /** the list is read a page at a time at the member's page size: its View menu offers the size */
  paged?: boolean;
  /**
   * On phones (below `sm`), each row is shown as a block of its cells, one under another, each
   * labelled with its column's name, and the columns that sort stay in view above as one row of
   * controls: the page scrolls, the list never scrolls sideways in a box of its own. For lists whose
   * records are read one by one (a reservation, a member, a venue), not compared across columns.
   */
  stacked?: boolean;
  /**
   * Rows that can be picked for a bulk action: a checkbox in each row's first cell (and one in the
   * header for the whole page), for the rows `canSelect` allows. The selection is the caller's.
   */
  selection?: {
    state: RowSelectionState;
    onChange: (next: RowSelectionState) => void;
    canSelect: (row: Row) => boolean;
    /** what the row's checkbox is called: "Select <guest>" */
    labelOf: (row: Row) => string;
  };
}

/**
 * Every list of the console: sorting (by the server where the API sorts), column visibility kept
 * per browser, an empty state, and on narrow screens a horizontal scroll region whose first
 * column stays in view (or, `stacked`, each row as a block of labelled cells).
 */
export function DataTable<Row extends RowData>({
  columns,
  rows,
  label,
  rowKey,
  rowTestId,
  testId,
  empty,
  sort,
  sortInBrowser,
  visibilityKey,
  toolbar,
  actions,
  busy,
  selection,
  paged = false,
  presetHidden,
  stacked = false,
}: DataTableProps<Row>) {
  const { density } = useTablePreferences();
  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>({});
  const [localSorting, setLocalSorting] = useState<SortingState>([]);
  const preset = presetHidden?.join(',');
  useEffect(() => {
    if (!visibilityKey) return;
    let next: ColumnVisibilityState;
    if (preset !== undefined) {
      // A view's columns: shown, and remembered as this browser's from now on.
      next = Object.fromEntries(
        preset
          .split(',')
          .filter(Boolean)
          .map((id) => [id, false]),
      );
      localStorage.setItem(visibilityKey, JSON.stringify(next));
    } else {
      try {
        next = JSON.parse(localStorage.getItem(visibilityKey) ?? '{}') as ColumnVisibilityState;
      } catch {
        return; // an unreadable preference means all columns
      }
      // Nothing hidden: the table as hydrated stands, and it is not rendered again.
      if (Object.keys(next).length === 0) return;
    }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- browser storage is only readable after hydration
    setColumnVisibility(next);
  }, [visibilityKey, preset]);
  const sorting = sort ? sort.state : localSorting;
  const table = useTable({
    features: dataTableFeatures,
    columns,
    data: sortInBrowser ? sortInBrowser(rows, columns, localSorting) : rows,
    manualSorting: true,
    getRowId: (row) => rowKey(row),
    state: { sorting, columnVisibility, rowSelection: selection?.state ?? {} },
    enableRowSelection: (row) => selection?.canSelect(row.original) ?? false,
    onRowSelectionChange: (updater) =>
      selection?.onChange(typeof updater === 'function' ? updater(selection.state) : updater),
    onSortingChange: () => undefined,
    onColumnVisibilityChange: (updater) =>
      setColumnVisibility((old) => {
        const next = typeof updater === 'function' ? updater(old) : updater;
        if (visibilityKey) localStorage.setItem(visibilityKey, JSON.stringify(next));
        return next;
      }),
  });
  const hideable = table
    .getAllLeafColumns()
    .filter((c) => c.getCanHide())
    .map((c) => ({
      id: c.id,
      label: columnName(c) ?? c.id,
      visible: c.getIsVisible(),
      toggle: (v: boolean) => c.toggleVisibility(v),
    }));

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">{toolbar}</div>
        <div className="flex flex-wrap items-center gap-3">
          <ViewMenu pageSizes={paged} />
          {visibilityKey && hideable.length > 0 && <ColumnsMenu columns={hideable} />}
          {actions}
        </div>
      </div>
      {rows.length === 0 ? (
        <div
          data-testid={testId ? `${testId}-empty` : undefined}
          className="rounded-md bg-slate-50 px-4 py-10 text-center text-sm text-slate-500"
        >
          {empty}
        </div>
      ) : (
        // A keyboard user can scroll the region: it is focusable and named.
        // At most a screen high, so that its header stays in view above the rows scrolled under it.
        // Stacked on phones, the table keeps its roles (a table shown as blocks loses them in some browsers).
        <div
          role="region"
          aria-label={label}
          tabIndex={0}
          className={clsx(
            'relative -mx-4 max-h-[calc(100dvh-8rem)] overflow-auto overscroll-x-contain sm:mx-0',
            stacked && 'max-sm:mx-0 max-sm:max-h-none max-sm:overflow-visible',
          )}
          data-density={density}
        >
          <table
            className={clsx('w-full text-left text-sm', busy && 'opacity-60', stacked && 'max-sm:block')}
            data-testid={testId}
            aria-busy={busy || undefined}
            role={stacked ? 'table' : undefined}
          >
            <caption className="sr-only">{label}</caption>
            <thead
              className={clsx('text-xs tracking-wide text-slate-500 uppercase', stacked && 'max-sm:block')}
              role={stacked ? 'rowgroup' : undefined}
            >
              {table.getHeaderGroups().map((group) => (
                <tr
                  key={group.id}
                  className={clsx(
                    stacked &&
                      'max-sm:flex max-sm:flex-wrap max-sm:gap-x-4 max-sm:shadow-[inset_0_-1px_0] max-sm:shadow-slate-200 max-sm:[&>th:not(:first-child):not([data-sorts])]:sr-only',
                  )}
                  role={stacked ? 'row' : undefined}
                >
                  {group.headers.map((header, i) => {
                    const canSort = header.column.getCanSort();
                    // A column sorts by a link (the server sorts) or by a button (the browser does).
                    const sorter = !canSort ? null : sort ? 'link' : sortInBrowser ? 'button' : null;
                    const current = header.column.getIsSorted();
                    const next = current === false ? 'asc' : current === 'asc' ? 'desc' : null;
                    const content = <table.FlexRender header={header} />;
                    const arrow = (
                      <span aria-hidden="true" className="text-slate-400">
                        {current === 'asc' ? '▲' : current === 'desc' ? '▼' : '↕'}
                      </span>
                    );
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        role={stacked ? 'columnheader' : undefined}
                        // On a phone, a stacked list keeps its sort controls in view as one row.
                        data-sorts={sorter ? '' : undefined}
                        className={clsx(
                          'sticky top-0 z-[2] bg-surface py-2 pr-4 font-medium whitespace-nowrap shadow-[inset_0_-1px_0] shadow-slate-200 first:pl-4 sm:first:pl-0',
                          i === 0 && 'left-0 z-[3]',
                          stacked &&
                            'max-sm:static max-sm:bg-transparent max-sm:py-1.5 max-sm:pr-0 max-sm:shadow-none max-sm:first:pl-0',
                        )}
                        aria-sort={
                          current === 'asc'
                            ? 'ascending'
                            : current === 'desc'
                              ? 'descending'
                              : canSort
                                ? 'none'
                                : undefined
                        }
                      >
                        {i === 0 && selection && <PageCheckbox table={table} label={label} />}
                        {sorter === 'link' && sort ? (
                          <Link
                            href={sort.href(header.column.id, next)}
                            className="inline-flex min-h-6 items-center gap-1 hover:text-slate-800"
                            data-testid={`sort-${header.column.id}`}
                          >
                            {content}
                            {arrow}
                          </Link>
                        ) : sorter === 'button' ? (
                          <button
                            type="button"
                            className="inline-flex min-h-6 items-center gap-1 uppercase hover:text-slate-800"
                            onClick={() =>
                              setLocalSorting(next ? [{ id: header.column.id, desc: next === 'desc' }] : [])
                            }
                          >
                            {content}
                            {arrow}
                          </button>
                        ) : (
                          content
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody
              className={clsx('divide-y divide-slate-100', stacked && 'max-sm:block')}
              role={stacked ? 'rowgroup' : undefined}
            >
              {table.getRowModel().rows.map((row) => (
                <DataTableRow
                  key={row.id}
                  row={row}
                  stacked={stacked}
                  compact={density === 'compact'}
                  testId={rowTestId?.(row.original)}
                  selectLabel={selection ? selection.labelOf(row.original) : undefined}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
