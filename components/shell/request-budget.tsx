'use client';

import { useEffect, useState, type ComponentType } from 'react';

import { BudgetFigure, type ReadRequestBudgetAction, type RequestBudgetFigure } from './request-budget-figure';

type Live = ComponentType<{ initial: RequestBudgetFigure | null; read: ReadRequestBudgetAction }>;

/**
 * "API remaining/limit" in the header. The layout's value shows at once; the part that keeps it
 * current (TanStack Query's observer, see request-budget-live.tsx) loads after the page is
 * interactive, so it is not in any page's first JavaScript.
 */
export function RequestBudget({
  initial,
  read,
}: {
  initial: RequestBudgetFigure | null;
  read: ReadRequestBudgetAction;
}) {
  const [LiveFigure, setLive] = useState<Live | null>(null);
  useEffect(() => {
    let active = true;
    void import('./request-budget-live').then((m) => active && setLive(() => m.LiveRequestBudget));
    return () => {
      active = false;
    };
  }, []);
  if (LiveFigure) return <LiveFigure initial={initial} read={read} />;
  return initial ? <BudgetFigure data={initial} /> : null;
}
