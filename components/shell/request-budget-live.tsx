'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { queryKeys } from '@/lib/queries/keys';
import { fetchRequestBudget } from '@/lib/queries/reads';

import { BudgetFigure, type RequestBudgetFigure } from './request-budget-figure';

/** Re-read every 30 s while the tab is visible and when it regains focus. */
export const REQUEST_BUDGET_REFETCH_MS = 30_000;

/** The figure kept current with TanStack Query, starting from the layout's value. */
export function LiveRequestBudget({ initial }: { initial: RequestBudgetFigure | null }) {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: queryKeys.requestBudget(),
    queryFn: ({ signal }) => fetchRequestBudget(signal),
    initialData: initial,
    staleTime: 10_000,
    refetchInterval: REQUEST_BUDGET_REFETCH_MS,
    refetchOnWindowFocus: true,
  });
  // A new render of the layout (a refresh) carries a newer figure than the cache.
  useEffect(() => {
    if (initial) queryClient.setQueryData(queryKeys.requestBudget(), initial);
  }, [initial, queryClient]);
  return data ? <BudgetFigure data={data} /> : null;
}
