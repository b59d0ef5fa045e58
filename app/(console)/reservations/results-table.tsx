'use client';

import { createColumnHelper, type RowSelectionState, type SortingState } from '@tanstack/react-table';
import { useMemo, useState } from 'react';

import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { DataTable, type DataTableFeatures } from '@/components/ui/data-table';
import { IntentLink } from '@/components/ui/intent-link';
import { Link } from '@/components/ui/link';
import { toQueryString } from '@/lib/guestbook/filters';
import { isFinalStatus } from '@/lib/guestbook/reservation-statuses';
import type { ReservationRow } from '@/lib/reservations/search-page';

import { BulkCancel, BulkReport, type BulkOutcome } from './bulk-cancel';
import { ExportButton } from './export-button';
import { StatusBadge } from './status-badge';
import { RESULTS_COLUMNS_KEY } from './views-menu';

export type { ReservationRow };

const helper = createColumnHelper<DataTableFeatures, ReservationRow>();

/*
 * A sortable column's id is the API's sort field (`sort=guest_last_name`, `sort=-date`): the API
 * sorts, the table shows the address's sort. The others the API cannot sort by.
 */
const columns = helper.columns([
  helper.accessor('guestName', {
    id: 'guest_last_name',
    header: 'Guest',
    enableHiding: false,
    cell: (info) => (
      <IntentLink
        href={`/reservations/${info.row.original.id}`}
        className="font-medium whitespace-nowrap text-brand-700 hover:underline"
      >
        {info.getValue()}
      </IntentLink>
    ),
  }),
  helper.accessor('status', { header: 'Status', cell: (info) => <StatusBadge status={info.getValue()} /> }),
  helper.accessor('date', {
    header: 'Date',
    cell: (info) => <span className="whitespace-nowrap tabular-nums">{info.getValue()}</span>,
  }),
  helper.accessor('time', {
    header: 'Time',
    enableSorting: false,
    cell: (info) => {
      const zone = info.row.original.timeZone;
      return (
        <span className="whitespace-nowrap tabular-nums" title={zone ? `Local time at the venue (${zone})` : undefined}>
          {info.getValue()}
          {zone && <span className="ml-1 text-xs text-slate-500">{zone.split('/').pop()?.replace(/_/g, ' ')}</span>}
        </span>
      );
    },
  }),
  helper.accessor('partySize', { id: 'party_size', header: 'Party', cell: (info) => info.getValue() ?? '—' }),
  helper.accessor('venueName', { header: 'Venue', enableSorting: false }),
  helper.accessor('locale', {
    header: 'Locale',
    enableSorting: false,
    cell: (info) => <Badge>{info.getValue()}</Badge>,
  }),
]);

const sortingOf = (sort: string | null): SortingState =>
  sort ? [{ id: sort.replace(/^-/, ''), desc: sort.startsWith('-') }] : [];

export function ResultsTable({
  rows,
  filterQuery,
  sort,
  page,
  totalPages,
  totalItems,
  paging,
  bulk,
  hiddenColumns,
}: {
  rows: ReservationRow[];
  /** the canonical filter part of the URL (`status[in]=confirmed,pending&…`), kept by every link */
  filterQuery: string;
  sort: string | null;
  page: number;
  totalPages: number;
  totalItems: number;
  /** paging in the browser: the page being read (the rows shown are the previous page's until it arrives), and how to go to a page */
  paging: { loadingPage: number | null; error: string | null; onPage: (page: number) => void };
  /** operators and admins: rows can be selected and canceled together, in this entity's context */
  bulk?: { context: string };
  /** the columns the view the search was opened from hides */
  hiddenColumns?: string[];
}) {
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [report, setReport] = useState<BulkOutcome[] | null>(null);
  // What is selected is what the page shows: rows of another page, or canceled since, drop out.
  const selected = rows.filter((r) => selection[r.id] && !isFinalStatus(r.status));
  // Sorting and paging happen on the server: the table only reflects the URL's state.
  const sorting = useMemo(() => sortingOf(sort), [sort]);
  const href = (next: { sort?: string | null; page?: number }) => {
    const s = next.sort === undefined ? sort : next.sort;
    const p = next.page ?? 1;
    const parts = [filterQuery, s ? toQueryString([['sort', s]]) : '', p > 1 ? `page=${p}` : ''].filter(Boolean);
    return `/reservations${parts.length ? `?${parts.join('&')}` : ''}`;
  };
  const shownPages = Math.max(totalPages, 1);
  const loading = paging.loadingPage != null;

  return (
    <Card>
      <DataTable
        columns={columns}
        rows={rows}
        label="Reservations matching this search"
        rowKey={(r) => r.id}
        rowTestId={(r) => `reservation-row-${r.id}`}
        testId="reservations-table"
        paged
        busy={loading}
        empty={
          totalItems === 0
            ? 'No reservations match this search. Loosen a condition or clear the search.'
            : 'This page is past the last page of results.'
        }
        sort={{
          state: sorting,
          href: (field, direction) =>
            href({ sort: direction === null ? null : direction === 'desc' ? `-${field}` : field }),
        }}
        visibilityKey={RESULTS_COLUMNS_KEY}
        presetHidden={hiddenColumns}
        selection={
          bulk && {
            state: selection,
            onChange: setSelection,
            canSelect: (r) => !isFinalStatus(r.status),
            labelOf: (r) => `Select ${r.guestName}, ${r.date} ${r.time}`,
          }
        }
        toolbar={
          <p className="text-sm text-slate-600" aria-live="polite">
            <span data-testid="result-count" className="font-semibold text-slate-900">
              {totalItems}
            </span>{' '}
            {totalItems === 1 ? 'reservation matches' : 'reservations match'} this search.
          </p>
        }
        actions={
          <>
            {bulk && selected.length > 0 && (
              <BulkCancel
                rows={selected}
                context={bulk.context}
                onSettled={(outcome) => {
                  setReport(outcome);
                  setSelection(Object.fromEntries(outcome.filter((o) => o.result !== 'done').map((o) => [o.id, true])));
                }}
              />
            )}
            <ExportButton
              query={[filterQuery, sort ? toQueryString([['sort', sort]]) : ''].filter(Boolean).join('&')}
              totalItems={totalItems}
            />
          </>
        }
      />
      {report && <BulkReport report={report} onClose={() => setReport(null)} />}
      <nav
        aria-label="Pagination"
        className="flex flex-wrap items-center justify-between gap-3 pt-4 text-sm text-slate-600"
      >
        <span>
          <span data-testid="pager-status">
            Page {Math.min(page, shownPages)} of {shownPages}
          </span>
          {loading && (
            <span role="status" data-testid="results-loading" className="ml-3 text-slate-500">
              {paging.error
                ? `Page ${paging.loadingPage} could not be read: ${paging.error}`
                : `Loading page ${paging.loadingPage}…`}
            </span>
          )}
        </span>
        <span className="flex flex-wrap items-center gap-2">
          <PageLink href={page > 1 ? href({ page: 1 }) : null} page={1} onPage={paging.onPage}>
            First
          </PageLink>
          <PageLink
            href={page > 1 ? href({ page: Math.min(page - 1, shownPages) }) : null}
            page={Math.min(page - 1, shownPages)}
            rel="prev"
            onPage={paging.onPage}
          >
            Previous
          </PageLink>
          <PageLink
            href={page < totalPages ? href({ page: page + 1 }) : null}
            page={page + 1}
            rel="next"
            onPage={paging.onPage}
          >
            Next
          </PageLink>
          <PageLink
            href={page < totalPages ? href({ page: totalPages }) : null}
            page={totalPages}
            onPage={paging.onPage}
          >
            Last
          </PageLink>
          {totalPages > 2 && <GoToPage page={Math.min(page, shownPages)} last={totalPages} onPage={paging.onPage} />}
        </span>
      </nav>
    </Card>
  );
}

/** "Go to page": a number, checked against the pages there are, then paged to in the browser. */
function GoToPage({ page, last, onPage }: { page: number; last: number; onPage: (page: number) => void }) {
  return (
    <form
      className="flex items-center gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        const n = Number(new FormData(e.currentTarget).get('page'));
        if (Number.isInteger(n) && n >= 1 && n <= last) onPage(n);
      }}
    >
      <label className="flex items-center gap-1.5">
        Go to page
        <input
          key={page}
          type="number"
          name="page"
          min={1}
          max={last}
          required
          defaultValue={page}
          className="control w-16 py-1"
        />
      </label>
      <button type="submit" className={`${PAGE_LINK} ring-slate-300 hover:bg-slate-50`}>
        Go
      </button>
    </form>
  );
}

const PAGE_LINK =
  'inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium ring-1 ring-inset sm:min-h-9 sm:px-3';

/**
 * A real link (open in a new tab, copy, reload), followed in the browser without a server render;
 * without a page to go to, a disabled look that is not a link.
 */
function PageLink({
  href,
  page,
  onPage,
  rel,
  children,
}: {
  href: string | null;
  page: number;
  onPage: (page: number) => void;
  rel?: string;
  children: string;
}) {
  if (href === null)
    return (
      <span aria-disabled="true" className={`${PAGE_LINK} text-slate-500 ring-slate-200`}>
        {children}
      </span>
    );
  return (
    <Link
      className={`${PAGE_LINK} ring-slate-300 hover:bg-slate-50`}
      href={href}
      rel={rel}
      onClick={(e) => {
        if (e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || e.button !== 0) return;
        // The browser's paging takes the click; the link does not navigate.
        e.preventDefault();
        onPage(page);
      }}
    >
      {children}
    </Link>
  );
}
