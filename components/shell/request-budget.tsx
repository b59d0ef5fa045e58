'use client';

import { onFirstUse, useLoaded, useOnFirstActivity } from '@/components/ui/lazy';

import { BudgetFigure, type RequestBudgetFigure } from './request-budget-figure';

const loadLive = onFirstUse(() => import('./request-budget-live').then((m) => m.LiveRequestBudget));

/**
 * "API remaining/limit" in the header. The layout's value shows at once; the part that keeps it
 * current (TanStack Query's observer, see request-budget-live.tsx) loads the first time someone
 * uses the page, so it is in no page's first JavaScript and not in the work of its loading.
 */
export function RequestBudget({ initial }: { initial: RequestBudgetFigure | null }) {
  const [LiveFigure, startLive] = useLoaded(loadLive);
  useOnFirstActivity(startLive);
  if (LiveFigure) return <LiveFigure initial={initial} />;
  return initial ? <BudgetFigure data={initial} /> : null;
}
