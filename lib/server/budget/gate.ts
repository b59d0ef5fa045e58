/**
 * The request budget as the API client's gate (lib/guestbook/request-gate.ts): each call is
 * budgeted to the ticket of the request it serves, and waits no longer than that request allows.
 */
import type { GateTurn, RequestGate } from '../../guestbook/request-gate';
import type { RequestBudget } from './request-budget';
import type { RequestTicket } from './request-ticket';

export interface BudgetGateOptions {
  /** the ticket of the request being served (currentRequestTicket) */
  ticket: () => RequestTicket;
  /**
   * The longest wait for room in the budget's lane before the request is refused ('busy',
   * nothing sent); by default every such wait is waited out (a script pacing itself).
   */
  maxLaneWaitMs?: number;
  /**
   * The longest a page view waits for the budget (room in its lane, the member's share, a wait the
   * API announced), below the waits above, counted from when the view arrived (its ticket's
   * `since`), so that its reads together wait no longer: a page that cannot be served soon says
   * at once when to try again, while a change keeps waiting its longer while (default: no lower limit).
   */
  maxViewWaitMs?: number;
}

export function budgetGate(budget: RequestBudget, options: BudgetGateOptions): RequestGate {
  return {
    turn(maxWaitMs: number): GateTurn {
      const ticket = options.ticket();
      const now = budget.now();
      // A page view's waits (for the budget, after a 429) stop maxViewWaitMs after it arrived; others' at maxWaitMs.
      const viewCap =
        ticket.lane === 'view'
          ? Math.max(0, (ticket.since ?? now) + (options.maxViewWaitMs ?? Infinity) - now)
          : Infinity;
      const callMaxWaitMs = Math.min(maxWaitMs, viewCap);
      const maxLaneWaitMs = Math.min(options.maxLaneWaitMs ?? Infinity, viewCap);
      return {
        maxWaitMs: callMaxWaitMs,
        take: () => budget.take(callMaxWaitMs, ticket, maxLaneWaitMs),
        purpose: ticket.purpose,
        // A page view's reads end with it; a write started goes on (it may be answered after the browser left).
        ended: ticket.lane === 'view' ? ticket.ended : undefined,
      };
    },
    canSendNow: () => budget.canSendNow(options.ticket()),
    observe: (state) => budget.observe(state),
    blockFor: (ms) => budget.blockFor(ms),
    blockedUntil: () => budget.blockedUntil(),
    get figures() {
      return { used: budget.used, lastTenSeconds: budget.usedWithin(10_000), perMinute: budget.perMinute };
    },
  };
}
