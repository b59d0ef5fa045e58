import { createFormatter } from '@/lib/format';

export interface RequestBudgetFigure {
  limit: number;
  remaining: number;
  resetAt: string;
}

/** "API remaining/limit", red under a tenth left. */
export function BudgetFigure({ data, locale }: { data: RequestBudgetFigure; locale: string }) {
  return (
    <span
      data-testid="rate-limit"
      title={`API requests left in this window; the window resets at ${createFormatter(locale).time(data.resetAt, 'UTC')}`}
      className={`hidden text-xs tabular-nums xl:inline ${data.remaining < data.limit * 0.1 ? 'font-semibold text-rose-700' : 'text-slate-500'}`}
    >
      API {data.remaining}/{data.limit}
    </span>
  );
}
