'use client';

import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { ErrorState } from '@/components/ui/error-state';
import { ResultsTable } from './results-table';
import { useReservationSearch } from './use-reservation-search';

export interface LiveResultsProps {
  /** the server's page, dehydrated: it starts this search's cache */
  state: DehydratedState;
  context: string;
  query: string;
  filterQuery: string;
  sort: string | null;
}

/** The results of the address's search, paged in the browser (see useReservationSearch). */
export function LiveResults({ state, ...props }: LiveResultsProps) {
  return (
    <HydrationBoundary state={state}>
      <Results {...props} />
    </HydrationBoundary>
  );
}

function Results({ context, query, filterQuery, sort }: Omit<LiveResultsProps, 'state'>) {
  const search = useReservationSearch({ context, query });
  if (!search.data) return search.error ? <ErrorState title="Reservations could not be listed" message={search.error} /> : null;
  return (
    <ResultsTable
      rows={search.data.rows}
      filterQuery={filterQuery}
      sort={sort}
      page={search.data.page}
      totalPages={search.data.totalPages}
      totalItems={search.data.totalItems}
      paging={{ loadingPage: search.loading ? search.page : null, error: search.error, onPage: search.goToPage }}
    />
  );
}
