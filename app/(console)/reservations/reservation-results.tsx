'use client';

import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';

import type { SearchPage } from '@/lib/reservations/search-page';

import { ResultsTable } from './results-table';
import { useReservationSearch } from './use-reservation-search';

interface ResultsProps {
  /** the server's page, shown until the browser's cache has it */
  initial: SearchPage;
  context: string;
  query: string;
  /** the canonical filter part of the URL, kept by every link */
  filterQuery: string;
  sort: string | null;
  /** operators and admins may select rows and cancel them together */
  canCancel: boolean;
  /** rows per page: the member's page size, or the one the address names */
  limit: number;
  /** the page size the address names (a saved view's), kept by every page's address */
  addressLimit?: number;
  /** the columns the view the search was opened from hides */
  hiddenColumns?: string[];
}

/**
 * The search's results, paged in the browser (see useReservationSearch) from the server's page,
 * dehydrated into `state` so that the cache starts with it.
 */
export function ReservationResults({ state, ...props }: ResultsProps & { state: DehydratedState }) {
  return (
    <HydrationBoundary state={state}>
      <Results {...props} />
    </HydrationBoundary>
  );
}

function Results({
  initial,
  context,
  query,
  filterQuery,
  sort,
  canCancel,
  limit,
  addressLimit,
  hiddenColumns,
}: ResultsProps) {
  const { data, loading, page, error, goToPage } = useReservationSearch({ context, query, limit, addressLimit });
  const shown = data ?? initial;
  return (
    // A page that could not be read is named under the table, which keeps the rows it had.
    <ResultsTable
      rows={shown.rows}
      filterQuery={filterQuery}
      sort={sort}
      page={shown.page}
      totalPages={shown.totalPages}
      totalItems={shown.totalItems}
      paging={{ loadingPage: loading || (!data && error) ? page : null, error, onPage: goToPage }}
      bulk={canCancel ? { context } : undefined}
      hiddenColumns={hiddenColumns}
      addressLimit={addressLimit}
    />
  );
}
