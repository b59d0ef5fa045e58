/**
 * Where a request window is kept, for the policy (policy.ts) to judge. A store's only job is
 * atomic: lock the window, forget what is older than 60 s, show the policy what is left, record
 * the request if the policy grants it, return the policy's answer, so that two takers can never
 * both take the last place. Two stores: in memory (one process, PGlite; or every budget of one
 * process sharing it, as in the tests) and on PostgreSQL (postgres-store.ts: every process).
 */
import { granted, WINDOW_MS, type RecordedRequest, type TakeAnswer } from './policy';
import type { RequestTicket } from './request-ticket';

/** What a store shows the policy: the window's requests (oldest first), its clock, and any block. */
export interface WindowState {
  now: number;
  requests: readonly RecordedRequest[];
  /** until when every process waits (ms since the epoch), 0 for no block */
  blockedUntil: number;
}

/** The policy's judgement of one request over a window (answerTake, with the budget's own numbers). */
export type Judge = (state: WindowState) => TakeAnswer;

/**
 * A request window shared by several budgets of one client. Implementations never throw: when
 * the store cannot answer they grant the request and each process's own window alone applies.
 */
export interface BudgetStore {
  /** Atomically: forgets the requests older than 60 s, asks `judge`, records `ticket`'s request when granted. */
  take(ticket: RequestTicket, judge: Judge): Promise<TakeAnswer>;
  /** Every budget sharing the store waits `ms` from now before its next request. */
  block(ms: number): Promise<void>;
}

/** A window in memory: the requests of the last 60 s, oldest first, and a block. */
export class MemoryWindow {
  readonly requests: RecordedRequest[] = [];
  blockedUntil = 0;

  /** Forgets the requests that left the window by `now`. */
  forget(now: number): void {
    let gone = 0;
    while (gone < this.requests.length && this.requests[gone]!.at <= now - WINDOW_MS) gone++;
    if (gone) this.requests.splice(0, gone);
  }

  record(at: number, ticket: RequestTicket): void {
    this.requests.push({ at, lane: ticket.lane, member: ticket.member });
  }
}

/** The store in memory, for budgets of one process (JavaScript runs one take at a time: the lock is free). */
export class MemoryBudgetStore implements BudgetStore {
  readonly #window = new MemoryWindow();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async take(ticket: RequestTicket, judge: Judge): Promise<TakeAnswer> {
    const now = this.#now();
    this.#window.forget(now);
    const answer = judge({ now, requests: this.#window.requests, blockedUntil: this.#window.blockedUntil });
    if (granted(answer)) this.#window.record(now, ticket);
    return answer;
  }

  async block(ms: number): Promise<void> {
    if (ms > 0) this.#window.blockedUntil = Math.max(this.#window.blockedUntil, this.#now() + ms);
  }
}
