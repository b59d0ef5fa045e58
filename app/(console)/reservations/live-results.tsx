'use client';

import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { useEffect } from 'react';

import type { SearchPage } from '@/lib/reservations/search-page';

import { useReservationSearch } from './use-reservation-search';

export interface LiveResultsProps {
  /** the server's page, dehydrated: it starts this search's cache */
  state: DehydratedState;
  context: string;
  query: string;
  filterQuery: string;
  sort: string | null;
}

/** What the results table shows while the search is paged in the browser. */
export interface LiveView {
  data: SearchPage | undefined;
  /** the page being read while the previous one stays shown, or null */
  loadingPage: number | null;
  error: string | null;
  onPage: (page: number) => void;
}

/**
 * The address's search, paged in the browser (see useReservationSearch). It renders nothing: it
 * hands each state to the table the server rendered, which stays mounted (and keeps what the
 * user is doing with it, such as an open menu) when this takes over.
 */
export function LiveResults({
  state,
  onView,
  ...props
}: Pick<LiveResultsProps, 'state' | 'context' | 'query'> & { onView: (view: LiveView) => void }) {
  return (
    <HydrationBoundary state={state}>
      <Source {...props} onView={onView} />
    </HydrationBoundary>
  );
}

function Source({ context, query, onView }: { context: string; query: string; onView: (view: LiveView) => void }) {
  const search = useReservationSearch({ context, query });
  const { data, loading, page, error, goToPage } = search;
  useEffect(
    () => onView({ data, loadingPage: loading || (!data && error) ? page : null, error, onPage: goToPage }),
    [data, loading, page, error, goToPage, onView],
  );
  return null;
}
