/**
 * When an export prepared on the server reads a page again after the request budget had no room
 * for it. Framework-free: a plain rule, tested on its own.
 */
import { isBudgetRefusal } from '../../guestbook/errors';

/** A page the request budget had no room for is read again when the budget says, this many times at most. */
export const BUDGET_WAITS = 5;
/** The longest wait for the budget before a page is read again; a longer one stops the export. */
export const BUDGET_WAIT_MAX_MS = 2 * 60_000;

/**
 * How long to wait before reading a page again after `e`: the time the request budget names when
 * it had no room for the read (nothing was sent), at least a second; null for any other failure,
 * or a wait over BUDGET_WAIT_MAX_MS, which stop the export.
 */
export function budgetWaitMs(e: unknown, now: number): number | null {
  if (!isBudgetRefusal(e) || !e.retryAt) return null;
  const wait = e.retryAt.getTime() - now;
  return wait > BUDGET_WAIT_MAX_MS ? null : Math.max(wait, 1_000);
}
