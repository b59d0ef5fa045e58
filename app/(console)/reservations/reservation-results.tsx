'use client';

import { useEffect, useState, type ComponentType } from 'react';
import type { SearchPage } from '@/lib/reservations/search-page';
import type { LiveResultsProps } from './live-results';
import { ResultsTable } from './results-table';

let loading: Promise<ComponentType<LiveResultsProps>> | undefined;
const loadLive = () => (loading ??= import('./live-results').then((m) => m.LiveResults));

/**
 * The server's page of results at once; the paging in the browser (TanStack Query, the hydrated
 * cache, see useReservationSearch) loads after the page is interactive, so it is not in the
 * page's first JavaScript. Until it has loaded, Previous and Next are plain links.
 */
export function ReservationResults({ initial, ...live }: LiveResultsProps & { initial: SearchPage }) {
  const [Live, setLive] = useState<ComponentType<LiveResultsProps> | null>(null);
  useEffect(() => {
    let active = true;
    void loadLive().then((m) => active && setLive(() => m));
    return () => {
      active = false;
    };
  }, []);
  if (Live) return <Live {...live} />;
  return <ResultsTable rows={initial.rows} filterQuery={live.filterQuery} sort={live.sort} page={initial.page} totalPages={initial.totalPages} totalItems={initial.totalItems} />;
}
