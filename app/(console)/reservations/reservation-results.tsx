'use client';

import { useEffect, useState, type ComponentType } from 'react';

import type { SearchPage } from '@/lib/reservations/search-page';

import type { LiveResults as LiveResultsComponent, LiveResultsProps, LiveView } from './live-results';
import { ResultsTable } from './results-table';

type Live = typeof LiveResultsComponent;
let loading: Promise<Live> | undefined;
const loadLive = () => (loading ??= import('./live-results').then((m) => m.LiveResults));

/**
 * The server's page of results at once; the paging in the browser (TanStack Query, the hydrated
 * cache, see useReservationSearch) loads after the page is interactive, so it is not in the
 * page's first JavaScript. Until it has loaded, Previous and Next are plain links. The table is
 * the same element before and after, so nothing on it is redrawn or lost when paging takes over.
 */
export function ReservationResults({
  initial,
  state,
  context,
  query,
  filterQuery,
  sort,
}: LiveResultsProps & { initial: SearchPage }) {
  const [Live, setLive] = useState<ComponentType<Parameters<Live>[0]> | null>(null);
  const [view, setView] = useState<LiveView | null>(null);
  useEffect(() => {
    let active = true;
    void loadLive().then((m) => active && setLive(() => m));
    return () => {
      active = false;
    };
  }, []);
  const shown = view?.data ?? initial;
  return (
    <>
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
    </>
  );
}
