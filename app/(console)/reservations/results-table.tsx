'use client';

import { createColumnHelper, type RowSelectionState, type SortingState } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';

import { useCount } from '@/components/i18n/counts';
import { ChangeMark } from '@/components/live/change-mark';
import { Badge } from '@/components/ui/badge';
import { BulkReport, type BulkOutcome } from '@/components/ui/bulk-run';
import { Card } from '@/components/ui/card';
import { DataTable, type DataTableFeatures } from '@/components/ui/data-table';
import { IntentLink } from '@/components/ui/intent-link';
import { toQueryString } from '@/lib/guestbook/filters';
import { isFinalStatus } from '@/lib/guestbook/reservation-statuses';
import { searchPageHref, type ReservationRow } from '@/lib/reservations/search-page';

import { BulkCancel, SelectAllMatching, useAllMatching } from './bulk-cancel';
import { ExportButton } from './export-button';
import { ResultsPager } from './results-pager';
import { StatusBadge } from './status-badge';
import { RESULTS_COLUMNS_KEY } from './views-menu';

export type { ReservationRow };

const helper = createColumnHelper<DataTableFeatures, ReservationRow>();

/*
 * A sortable column's id is the API's sort field (`sort=guest_last_name`, `sort=-date`): the API
 * sorts, the table shows the address's sort. The others the API cannot sort by.
 */
const columnsOf = (t: ReturnType<typeof useTranslations<'reservations.results'>>) =>
  helper.columns([
    helper.accessor('guestName', {
      id: 'guest_last_name',
      header: t('columns.guest'),
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
    helper.accessor('status', {
      header: t('columns.status'),
      cell: (info) => (
        // On a phone the change's mark goes under the status rather than past the screen's edge.
        <span className="inline-flex flex-wrap items-center gap-y-1 sm:flex-nowrap sm:whitespace-nowrap">
          <StatusBadge status={info.getValue()} />
          <ChangeMark id={info.row.original.id} />
        </span>
      ),
    }),
    helper.accessor('date', {
      header: t('columns.date'),
      cell: (info) => (
        <time dateTime={info.getValue()} className="whitespace-nowrap tabular-nums">
          {info.row.original.dateLabel}
        </time>
      ),
    }),
    helper.accessor('time', {
      header: t('columns.time'),
      enableSorting: false,
      cell: (info) => {
        const zone = info.row.original.timeZone;
        return (
          <span className="whitespace-nowrap tabular-nums" title={zone ? t('localTimeAt', { zone }) : undefined}>
            <time dateTime={info.getValue()}>{info.row.original.timeLabel}</time>
            {zone && <span className="ml-1 text-xs text-slate-500">{zone.split('/').pop()?.replace(/_/g, ' ')}</span>}
          </span>
        );
      },
    }),
    helper.accessor('partySize', {
      id: 'party_size',
      header: t('columns.party'),
      cell: (info) => info.getValue() ?? '—',
    }),
    helper.accessor('venueName', { header: t('columns.venue'), enableSorting: false }),
    helper.accessor('locale', {
      header: t('columns.locale'),
      enableSorting: false,
      // A language's name can be longer than a phone's block has room for ("Englisch (Vereinigtes
      // Königreich)"): there it wraps, in a rounded box rather than a pill.
      cell: (info) => <Badge wraps>{info.row.original.localeLabel}</Badge>,
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
  addressLimit,
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
  /** the page size the address names (a saved view's), kept by every link */
  addressLimit?: number;
}) {
  const t = useTranslations('reservations.results');
  const count = useCount();
  const columns = useMemo(() => columnsOf(t), [t]);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const [report, setReport] = useState<BulkOutcome[] | null>(null);
  const query = [filterQuery, sort ? toQueryString([['sort', sort]]) : ''].filter(Boolean).join('&');
  // What is selected is what the page shows: rows of another page, or canceled since, drop out.
  const onPage = rows.filter((r) => selection[r.id] && !isFinalStatus(r.status));
  const everyRow = useAllMatching(query);
  const selectable = rows.filter((r) => !isFinalStatus(r.status)).length;
  const selected = everyRow.rows ?? onPage;
  // Sorting and paging happen on the server: the table only reflects the URL's state.
  const sorting = useMemo(() => sortingOf(sort), [sort]);
  const href = (next: { sort?: string | null; page?: number }) => {
    const s = next.sort === undefined ? sort : next.sort;
    const searched = [filterQuery, s ? toQueryString([['sort', s]]) : ''].filter(Boolean).join('&');
    return searchPageHref(searched, next.page ?? 1, addressLimit);
  };
  const loading = paging.loadingPage != null;

  return (
    <Card>
      <DataTable
        columns={columns}
        rows={rows}
        label={t('tableLabel')}
        rowKey={(r) => r.id}
        rowTestId={(r) => `reservation-row-${r.id}`}
        testId="reservations-table"
        paged
        stacked
        busy={loading}
        empty={totalItems === 0 ? t('empty') : t('pastLastPage')}
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
            labelOf: (r) => t('selectRow', { guest: r.guestName, date: r.dateLabel, time: r.timeLabel }),
          }
        }
        toolbar={
          <p className="text-sm text-slate-600" aria-live="polite">
            {t.rich('count', {
              count: totalItems,
              countLabel: count(totalItems),
              total: (chunks) => (
                <span data-testid="result-count" className="font-semibold text-slate-900">
                  {chunks}
                </span>
              ),
            })}
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
                  everyRow.clear();
                  setSelection(Object.fromEntries(outcome.filter((o) => o.result !== 'done').map((o) => [o.id, true])));
                }}
              />
            )}
            {/* every row matching: the search's own export is exactly them */}
            <ExportButton
              query={query}
              totalItems={totalItems}
              selected={onPage.length > 0 && !everyRow.rows ? onPage.map((r) => r.id) : undefined}
            />
          </>
        }
      />
      {bulk && onPage.length > 0 && onPage.length === selectable && totalItems > rows.length && (
        <SelectAllMatching
          onPage={onPage.length}
          totalItems={totalItems}
          state={everyRow}
          onClear={() => {
            everyRow.clear();
            setSelection({});
          }}
        />
      )}
      {report && <BulkReport report={report} kind="cancel" onClose={() => setReport(null)} />}
      <ResultsPager
        page={page}
        totalPages={totalPages}
        hrefOf={(p) => href({ page: p })}
        loadingPage={paging.loadingPage}
        error={paging.error}
        onPage={paging.onPage}
      />
    </Card>
  );
}
