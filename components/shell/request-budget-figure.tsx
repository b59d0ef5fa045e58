export interface RequestBudgetFigure {
  limit: number;
  remaining: number;
  resetAt: string;
  /** resetAt as the staff member reads a time, formatted on the server: creating Intl formatters while a page hydrates costs a phone tens of milliseconds */
  resetLabel: string;
}

/** "API remaining/limit", red under a tenth left. */
export function BudgetFigure({ data }: { data: RequestBudgetFigure }) {
  return (
    <span
      data-testid="rate-limit"
      title={`API requests left in this window; the window resets at ${data.resetLabel}`}
      className={`hidden text-xs tabular-nums xl:inline ${data.remaining < data.limit * 0.1 ? 'font-semibold text-rose-700' : 'text-slate-500'}`}
    >
      API {data.remaining}/{data.limit}
    </span>
  );
}
