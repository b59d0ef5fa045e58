/**
 * The whole API request budget: its policy, written once (policy.ts: lanes, fair shares, the
 * room kept for writes, the lock reserve, waits), the process's budget that follows it
 * (RequestBudget), the window it may share with every other process (a BudgetStore: in memory, or
 * PostgresBudgetStore, which only locks, counts and records), the API client's gate over it
 * (budgetGate), and each dashboard request's ticket (lane, member, arrival) in a request context
 * of its own (withRequestTicket, currentRequestTicket, setRequestTicket,
 * underLock). Free of `server-only`: scripts/server.ts starts each request's ticket from here.
 */

export { budgetGate, type BudgetGateOptions } from './gate';
export {
  answerTake,
  budgetPolicy,
  countWindow,
  decideTake,
  laneLimitNow,
  lockReserve,
  memberLimit,
  writeRoom,
  type BudgetDecision,
  type BudgetPolicy,
  type RecordedRequest,
  type TakeAnswer,
  type WindowCounts,
} from './policy';
export { PostgresBudgetStore } from './postgres-store';
export { RequestBudget, type BudgetRefusal } from './request-budget';
export {
  currentRequestTicket,
  setRequestTicket,
  underLock,
  withRequestTicket,
  type RequestLane,
  type RequestTicket,
} from './request-ticket';
export { MemoryBudgetStore, type BudgetStore, type Judge, type WindowState } from './store';
