'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';

import { cn } from '@/components/ui/cn';
import { queryKeys } from '@/lib/queries/keys';
import { useLayoutReading } from '@/lib/queries/layout-reading';
import { fetchRequestBudget, type RequestBudgetFigure } from '@/lib/queries/reads';

/** Re-read every 30 s while the tab is visible and when it regains focus. */
export const REQUEST_BUDGET_REFETCH_MS = 30_000;

/** Under a fifth left the figure warns; under a tenth it is red: before pages are refused, not after. */
const LOW = 0.2;
const VERY_LOW = 0.1;

/**
 * The partner's Guest Book calls left this minute, which the whole team shares: words on wide
 * screens, the bare count on narrow ones (the words for screen readers), a warning when few are
 * left. The layout's value at once, kept current with TanStack Query.
 */
export function RequestBudget({ initial }: { initial: RequestBudgetFigure | null }) {
  const t = useTranslations('shell.budget');
  const { data } = useQuery({
    queryKey: queryKeys.requestBudget(),
    queryFn: ({ signal }) => fetchRequestBudget(signal),
    initialData: initial,
    staleTime: 10_000,
    refetchInterval: REQUEST_BUDGET_REFETCH_MS,
    refetchOnWindowFocus: true,
  });
  useLayoutReading(queryKeys.requestBudget(), initial);
  if (!data) return null;
  const low = data.remaining < data.limit * LOW;
  const veryLow = data.remaining < data.limit * VERY_LOW;
  const figure = { remaining: data.remainingLabel, limit: data.limitLabel };
  return (
    <span
      title={t('title', { time: data.resetLabel })}
      data-low={low ? 'yes' : undefined}
      className={cn(
        'shrink-0 text-xs whitespace-nowrap text-slate-500 tabular-nums',
        low && 'font-semibold text-amber-700',
        veryLow && 'text-rose-700',
      )}
    >
      <span aria-hidden="true" className="xl:hidden">
        {t('compact', figure)}
      </span>
      <span data-testid="rate-limit" className="sr-only xl:not-sr-only">
        {t('figure', figure)}
      </span>
      {low && (
        <span data-testid="rate-limit-low" className="sr-only xl:not-sr-only">
          {' · '}
          {t('low')}
        </span>
      )}
    </span>
  );
}
