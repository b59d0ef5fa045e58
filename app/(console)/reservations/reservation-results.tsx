'use client';

import { useState } from 'react';

import { firstUseProps, onFirstUse, useLoaded } from '@/components/ui/lazy';
import type { SearchPage } from '@/lib/reservations/search-page';

import type { LiveResultsProps, LiveView } from './live-results';
import { ResultsTable } from './results-table';

const loadLive = onFirstUse(() => import('./live-results').then((m) => m.LiveResults));

/**
 * The server's page of results at once; the paging in the browser (TanStack Query, the hydrated
 * cache, reading the next page ahead: see useReservationSearch) loads when the pointer, a finger
 * or the focus first comes to the results, so it is not in the page's first JavaScript and reads
 * nothing ahead for a visit that only looks. Until it has loaded, Previous and Next are plain
 * links. The table is the same element before and after, so nothing on it is redrawn or lost when
 * paging takes over.
 */
export function ReservationResults({
  initial,
  state,
  context,
  query,
  filterQuery,
  sort,
}: LiveResultsProps & { initial: SearchPage }) {
  const [Live, startLive] = useLoaded(loadLive);
  const [view, setView] = useState<LiveView | null>(null);
  const shown = view?.data ?? initial;
  return (
    <div {...(Live ? {} : firstUseProps(startLive))}>
      {/* A page that could not be read is named under the table, which keeps the rows it had. */}
      <ResultsTable
        rows={shown.rows}
        filterQuery={filterQuery}
        sort={sort}
        page={shown.page}
        totalPages={shown.totalPages}
        totalItems={shown.totalItems}
        paging={view ? { loadingPage: view.loadingPage, error: view.error, onPage: view.onPage } : undefined}
      />
      {Live && <Live state={state} context={context} query={query} onView={setView} />}
    </div>
  );
}
