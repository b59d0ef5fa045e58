'use client';

import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useCallback, useEffect } from 'react';

import { readFailureText } from '@/lib/queries/get-json';
import { queryKeys } from '@/lib/queries/keys';
import { fetchReservationSearchPage } from '@/lib/queries/reads';
import { pageOf, searchPageHref } from '@/lib/reservations/search-page';

/** A page read once is shown again from the cache for a minute (Back, Previous) without asking the server. */
export const SEARCH_PAGE_STALE_MS = 60_000;

const pageQuery = (context: string, query: string, page: number, limit: number, readAhead = false) =>
  queryOptions({
    queryKey: queryKeys.reservationSearch(context, query, page, limit),
    queryFn: ({ signal }) => fetchReservationSearchPage({ query, page, limit, readAhead }, signal),
    staleTime: SEARCH_PAGE_STALE_MS,
  });

/**
 * The reservation search's paging. The address stays the source of truth: the page number is
 * read from it, and paging pushes a new address (so links, reload and Back work) instead of
 * rendering the whole page again on the server. The previous page stays shown while the next
 * one loads, and the page after the one shown is read ahead.
 */
export function useReservationSearch({
  context,
  query,
  limit,
  addressLimit,
}: {
  context: string;
  query: string;
  limit: number;
  /** the page size the address names (kept by every page's address), if it names one */
  addressLimit?: number;
}) {
  const tAll = useTranslations();
  const params = useSearchParams();
  const page = pageOf(params.get('page'));
  const queryClient = useQueryClient();
  const result = useQuery({ ...pageQuery(context, query, page, limit), placeholderData: keepPreviousData });
  const totalPages = result.data?.totalPages ?? 0;
  const settled = !result.isPlaceholderData && result.isSuccess;

  useEffect(() => {
    if (settled && page < totalPages) void queryClient.prefetchQuery(pageQuery(context, query, page + 1, limit, true));
  }, [settled, page, totalPages, context, query, limit, queryClient]);

  const goToPage = useCallback(
    (p: number) => window.history.pushState({}, '', searchPageHref(query, p, addressLimit)),
    [query, addressLimit],
  );

  return {
    /** the page asked for by the address */
    page,
    /** what is shown: that page, or the previous one while it loads */
    data: result.data,
    loading: result.isPlaceholderData,
    error: result.isError ? readFailureText(result.error, tAll) : null,
    goToPage,
    hrefOf: (p: number) => searchPageHref(query, p, addressLimit),
  };
}
