'use client';

import Link from 'next/link';
import { useEffect, useMemo, useState } from 'react';
import { columnVisibilityFeature, createColumnHelper, rowSortingFeature, tableFeatures, useTable, type ColumnVisibilityState, type SortingState } from '@tanstack/react-table';
import { Badge } from '@/components/ui/badge';
import { toQueryString } from '@/lib/guestbook/filters';
import type { ReservationRow } from '@/lib/reservations/search-page';
import { ExportButton } from './export-button';

const STATUS_TONE: Record<string, 'green' | 'amber' | 'red' | 'neutral' | 'violet'> = {
  confirmed: 'green',
  pending: 'amber',
  canceled: 'red',
  completed: 'neutral',
  no_show: 'violet',
};

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONE[status] ?? 'neutral'}>{status.replace('_', '-')}</Badge>;
}

export type { ReservationRow };

const features = tableFeatures({ rowSortingFeature, columnVisibilityFeature });

/** Columns staff hid stay hidden on this browser. */
const VISIBILITY_KEY = 'reservations.columns';
const helper = createColumnHelper<typeof features, ReservationRow>();

/** Which API sort field each sortable column stands for; the others the API cannot sort by. */
const API_SORT: Partial<Record<string, string>> = { guestName: 'guest_last_name', status: 'status', date: 'date', partySize: 'party_size' };

const columns = helper.columns([
  helper.accessor('guestName', {
    header: 'Guest',
    enableHiding: false,
    cell: (info) => (
      <Link href={`/reservations/${info.row.original.id}`} className="font-medium text-brand-700 hover:underline">
        {info.getValue()}
      </Link>
    ),
  }),
  helper.accessor('status', { header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
  helper.accessor('date', { header: 'Date', cell: (info) => <span className="tabular-nums">{info.getValue()}</span> }),
  helper.accessor('time', {
    header: 'Time',
    enableSorting: false,
    cell: (info) => {
      const zone = info.row.original.timeZone;
      return (
        <span className="tabular-nums" title={zone ? `Local time at the venue (${zone})` : undefined}>
          {info.getValue()}
          {zone && <span className="ml-1 text-xs text-slate-500">{zone.split('/').pop()?.replace(/_/g, ' ')}</span>}
        </span>
      );
    },
  }),
  helper.accessor('partySize', { header: 'Party', cell: (info) => info.getValue() ?? '—' }),
  helper.accessor('venueName', { header: 'Venue', enableSorting: false }),
  helper.accessor('locale', { header: 'Locale', enableSorting: false, cell: (info) => <Badge>{info.getValue()}</Badge> }),
]);

function sortingOf(sort: string | null): SortingState {
  if (!sort) return [];
  const field = sort.replace(/^-/, '');
  const id = Object.entries(API_SORT).find(([, f]) => f === field)?.[0];
  return id ? [{ id, desc: sort.startsWith('-') }] : [];
}

export function ResultsTable({
  rows,
  filterQuery,
  sort,
  page,
  totalPages,
  totalItems,
  paging,
}: {
  rows: ReservationRow[];
  /** the canonical filter part of the URL (`status[in]=confirmed,pending&…`), kept by every link */
  filterQuery: string;
  sort: string | null;
  page: number;
  totalPages: number;
  totalItems: number;
  /** paging in the browser: the page being read (the rows shown are the previous page's until it arrives), and how to go to a page */
  paging?: { loadingPage: number | null; error: string | null; onPage: (page: number) => void };
}) {
  const sorting = useMemo(() => sortingOf(sort), [sort]);
  // Sorting and paging happen on the server: the table only reflects the URL's state.
  const [columnVisibility, setColumnVisibility] = useState<ColumnVisibilityState>({});
  useEffect(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(VISIBILITY_KEY) ?? '{}') as ColumnVisibilityState;
      // eslint-disable-next-line react-hooks/set-state-in-effect -- browser storage is only readable after hydration
      setColumnVisibility(saved);
    } catch {
      // an unreadable preference means all columns
    }
  }, []);
  const table = useTable({
    features,
    columns,
    data: rows,
    manualSorting: true,
    state: { sorting, columnVisibility },
    onSortingChange: () => undefined,
    onColumnVisibilityChange: (updater) => {
      setColumnVisibility((old) => {
        const next = typeof updater === 'function' ? updater(old) : updater;
        localStorage.setItem(VISIBILITY_KEY, JSON.stringify(next));
        return next;
      });
    },
  });

  const href = (next: { sort?: string | null; page?: number }) => {
    const s = next.sort === undefined ? sort : next.sort;
    const p = next.page ?? 1;
    const parts = [filterQuery, s ? toQueryString([['sort', s]]) : '', p > 1 ? `page=${p}` : ''].filter(Boolean);
    return `/reservations${parts.length ? `?${parts.join('&')}` : ''}`;
  };
  /** ascending first, then descending, then the API's default order */
  const nextSort = (field: string, current: false | 'asc' | 'desc') => (current === false ? field : current === 'asc' ? `-${field}` : null);

  const link = 'rounded-md px-3 py-1.5 text-sm font-medium ring-1 ring-inset ring-slate-300 hover:bg-slate-50';
  const off = 'rounded-md px-3 py-1.5 text-sm font-medium text-slate-500 ring-1 ring-inset ring-slate-200';
  const shownPages = Math.max(totalPages, 1);

  return (
    <div className="rounded-lg bg-surface px-5 py-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-3 pb-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          <span data-testid="result-count" className="font-semibold text-slate-900">
            {totalItems}
          </span>{' '}
          {totalItems === 1 ? 'reservation matches' : 'reservations match'} this search.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <details className="relative text-sm">
            <summary className="cursor-pointer rounded-md px-3 py-1.5 font-medium text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50">Columns</summary>
            <fieldset className="absolute right-0 z-10 mt-1 w-44 space-y-1 rounded-md bg-surface p-3 shadow-lg ring-1 ring-slate-200">
              <legend className="sr-only">Visible columns</legend>
              {table
                .getAllLeafColumns()
                .filter((c) => c.getCanHide())
                .map((c) => (
                  <label key={c.id} className="flex items-center gap-2">
                    <input type="checkbox" checked={c.getIsVisible()} onChange={(e) => c.toggleVisibility(e.target.checked)} />
                    {typeof c.columnDef.header === 'string' ? c.columnDef.header : c.id}
                  </label>
                ))}
            </fieldset>
          </details>
          <ExportButton query={[filterQuery, sort ? toQueryString([['sort', sort]]) : ''].filter(Boolean).join('&')} totalItems={totalItems} />
        </div>
      </div>
      {rows.length === 0 ? (
        <p data-testid="reservations-empty" className="rounded-md bg-slate-50 py-10 text-center text-sm text-slate-500">
          {totalItems === 0 ? 'No reservations match this search. Loosen a condition or clear the search.' : 'This page is past the last page of results.'}
        </p>
      ) : (
        <div className="overflow-x-auto">
          <table className={`w-full text-left text-sm ${paging?.loadingPage != null ? 'opacity-60' : ''}`} data-testid="reservations-table" aria-busy={paging?.loadingPage != null}>
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const field = API_SORT[header.column.id];
                    const current = header.column.getIsSorted();
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        className="whitespace-nowrap py-2 pr-4 font-medium"
                        aria-sort={current === 'asc' ? 'ascending' : current === 'desc' ? 'descending' : field ? 'none' : undefined}
                      >
                        {field ? (
                          <Link href={href({ sort: nextSort(field, current) })} className="inline-flex items-center gap-1 hover:text-slate-800" data-testid={`sort-${field}`}>
                            <table.FlexRender header={header} />
                            <span aria-hidden="true" className="text-slate-500">
                              {current === 'asc' ? '▲' : current === 'desc' ? '▼' : '↕'}
                            </span>
                          </Link>
                        ) : (
                          <table.FlexRender header={header} />
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody className="divide-y divide-slate-100">
              {table.getRowModel().rows.map((row) => (
                <tr key={row.id} data-testid={`reservation-row-${row.original.id}`} className="hover:bg-slate-50">
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id} className="whitespace-nowrap py-2.5 pr-4 text-slate-700">
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pagination" className="flex items-center justify-between gap-3 pt-4 text-sm text-slate-600">
        <span>
          <span data-testid="pager-status">
            Page {Math.min(page, shownPages)} of {shownPages}
          </span>
          {paging?.loadingPage != null && (
            <span role="status" data-testid="results-loading" className="ml-3 text-slate-500">
              {paging.error ? `Page ${paging.loadingPage} could not be read: ${paging.error}` : `Loading page ${paging.loadingPage}…`}
            </span>
          )}
        </span>
        <span className="flex gap-2">
          {page > 1 ? <PageLink className={link} href={href({ page: Math.min(page - 1, shownPages) })} page={Math.min(page - 1, shownPages)} rel="prev" onPage={paging?.onPage}>Previous</PageLink> : <span aria-disabled="true" className={off}>Previous</span>}
          {page < totalPages ? <PageLink className={link} href={href({ page: page + 1 })} page={page + 1} rel="next" onPage={paging?.onPage}>Next</PageLink> : <span aria-disabled="true" className={off}>Next</span>}
        </span>
      </nav>
    </div>
  );
}

/** A real link (open in a new tab, copy, reload), followed in the browser without a server render when paging is handled here. */
function PageLink({ href, page, onPage, className, rel, children }: { href: string; page: number; onPage?: (page: number) => void; className: string; rel: string; children: string }) {
  if (!onPage) return <Link className={className} href={href} rel={rel}>{children}</Link>;
  return (
    <a
      className={className}
      href={href}
      rel={rel}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
        e.preventDefault();
        onPage(page);
      }}
    >
      {children}
    </a>
  );
}
