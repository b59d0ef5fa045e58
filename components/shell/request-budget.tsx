'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';

import { cn } from '@/components/ui/cn';
import { queryKeys } from '@/lib/queries/keys';
import { fetchRequestBudget, type RequestBudgetFigure } from '@/lib/queries/reads';

/** Re-read every 30 s while the tab is visible and when it regains focus. */
export const REQUEST_BUDGET_REFETCH_MS = 30_000;

/**
 * "API remaining/limit" in the header, red under a tenth left: the layout's value at once, kept
 * current with TanStack Query.
 */
export function RequestBudget({ initial }: { initial: RequestBudgetFigure | null }) {
  const t = useTranslations('shell.budget');
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
  if (!data) return null;
  return (
    <span
      data-testid="rate-limit"
      title={t('title', { time: data.resetLabel })}
      className={cn(
        'hidden text-xs text-slate-500 tabular-nums xl:inline',
        data.remaining < data.limit * 0.1 && 'font-semibold text-rose-700',
      )}
    >
      {t('figure', { remaining: data.remaining, limit: data.limit })}
    </span>
  );
}
