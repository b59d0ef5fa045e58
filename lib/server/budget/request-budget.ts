/**
 * The process's request budget: at most `perMinute` requests in any 60-second span, shared by
 * every caller of one client and divided by lane and member (policy.ts), so that ordinary use
 * stays below the API's own limit instead of discovering it through 429s, writes go first and one
 * member's burst slows that member. When the API reports its window as spent, callers wait for
 * the reset it announced. With a shared store (store.ts), the budget is one for every process
 * sharing it.
 */
import type { RateLimitState } from '../../guestbook/rate-limit';
import type { GateRefusal } from '../../guestbook/request-gate';
import { answerTake, countWindow, decideTake, type TakeAnswer } from './policy';
import type { RequestLane, RequestTicket } from './request-ticket';
import { MemoryWindow, type BudgetStore } from './store';

/**
 * A wait for the member's share or a block the API announced (`otherMs`), within a wait of
 * `waitMs` in all: when the lane's own wait is the longer, it is a wait for the lane, which the
 * caller's longest wait for the lane bounds (else a view whose share frees in a second would sleep
 * the lane's ten, and every view queued behind it in this process with it).
 */
function waitFor(otherMs: number, waitMs: number): { kind: 'lane' | 'other'; waitMs: number } {
  return { kind: waitMs > otherMs ? 'lane' : 'other', waitMs };
}

/**
 * Why `take` gave up instead of waiting, and when to try again: 'blocked', the API announced a
 * wait (429, spent window); 'share', the member is over their share; 'busy', the lane has no room
 * now, and the room comes later than the caller's longest wait.
 */
export type BudgetRefusal = GateRefusal;

type Attempt = { kind: 'done'; refusal: BudgetRefusal | null } | { kind: 'lane' | 'other'; waitMs: number };

/** How long shared figures seen at a take are trusted to decide without asking (canSendNow). */
const SHARED_FIGURES_TRUSTED_MS = 5_000;

export class RequestBudget {
  readonly #perMinute: number;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  /** this process's own window (its block is #blockedUntil) */
  readonly #own = new MemoryWindow();
  readonly #shared: BudgetStore | undefined;
  #blockedUntil = 0;
  /** per lane, the requests waiting for room, in order (see take) */
  readonly #lines: Record<RequestLane, Promise<unknown>> = {
    write: Promise.resolve(),
    view: Promise.resolve(),
    background: Promise.resolve(),
  };
  readonly #waiting: Record<RequestLane, number> = { write: 0, view: 0, background: 0 };
  /** the shared window's figures at this process's last request */
  #sharedFigures: { at: number; used: number; lastTenSeconds: number; writeRoom: number; blockedUntil: number } | null =
    null;
  /** per member: the shared window's figures at their last request from this process */
  readonly #memberFigures = new Map<string, { at: number; memberUsed: number; members: number }>();

  /**
   * With `shared`, the budget is one for every process sharing that store: a request is sent
   * only once both this process's count and the shared count leave room, and a block one process
   * learns from the API holds for all.
   */
  constructor(perMinute: number, now: () => number, sleep: (ms: number) => Promise<void>, shared?: BudgetStore) {
    this.#perMinute = perMinute;
    this.#now = now;
    this.#sleep = sleep;
    this.#shared = shared;
  }

  /**
   * Waits until one more request of `ticket` fits the policy, then counts it. A block the API
   * announced (a 429, or a spent window) or a wait for the member's share longer than
   * `maxWaitMs`, or a wait for room in the lane longer than `maxLaneWaitMs` ('busy'), is not
   * waited out: the refusal is returned instead, with the time to try again, for the caller to
   * report.
   */
  async take(
    maxWaitMs = Infinity,
    ticket: RequestTicket = { lane: 'view', member: null },
    maxLaneWaitMs = maxWaitMs,
  ): Promise<BudgetRefusal | null> {
    // The longest wait for the lane counts from now, the time spent in line included.
    const laneDeadline = this.#now() + maxLaneWaitMs;
    // Behind requests already waiting in the lane, not ahead of them.
    if (this.#waiting[ticket.lane] > 0)
      return this.#inLine(ticket.lane, () => this.#firstInLine(maxWaitMs, laneDeadline, ticket));
    for (;;) {
      const attempt = await this.#attempt(maxWaitMs, ticket);
      if (attempt.kind === 'done') return attempt.refusal;
      if (attempt.kind === 'lane' && attempt.waitMs > maxLaneWaitMs)
        return { reason: 'busy', retryAt: new Date(this.#now() + attempt.waitMs) };
      // Waiting for room in the lane, requests queue in their order of arrival, and only the
      // first of each lane looks again when room frees (not every waiter at every departure).
      if (attempt.kind === 'lane')
        return this.#inLine(ticket.lane, () => this.#firstInLine(maxWaitMs, laneDeadline, ticket));
      await this.#sleep(attempt.waitMs);
    }
  }

  #inLine<T>(lane: RequestLane, turn: () => Promise<T>): Promise<T> {
    this.#waiting[lane]++;
    const mine = this.#lines[lane].then(turn).finally(() => void this.#waiting[lane]--);
    this.#lines[lane] = mine.catch(() => undefined);
    return mine;
  }

  async #firstInLine(maxWaitMs: number, laneDeadline: number, ticket: RequestTicket): Promise<BudgetRefusal | null> {
    for (;;) {
      const attempt = await this.#attempt(maxWaitMs, ticket);
      if (attempt.kind === 'done') return attempt.refusal;
      if (attempt.kind === 'lane' && this.#now() + attempt.waitMs > laneDeadline)
        return { reason: 'busy', retryAt: new Date(this.#now() + attempt.waitMs) };
      await this.#sleep(attempt.waitMs);
    }
  }

  /** What an answer of a window means for this try: go on (null), a refusal, or a wait and why. */
  #verdict(answer: TakeAnswer, maxWaitMs: number, at: number): Attempt | null {
    if (answer.blockedMs > maxWaitMs)
      return { kind: 'done', refusal: { reason: 'blocked', retryAt: new Date(at + answer.blockedMs) } };
    if (answer.shareWaitMs > maxWaitMs)
      return { kind: 'done', refusal: { reason: 'share', retryAt: new Date(at + answer.shareWaitMs) } };
    if (answer.blockedMs > 0 || answer.shareWaitMs > 0)
      return waitFor(Math.max(answer.blockedMs, answer.shareWaitMs), Math.max(answer.blockedMs, answer.waitMs));
    if (answer.waitMs > 0) return { kind: 'lane', waitMs: answer.waitMs };
    return null;
  }

  /** One try: counted (refusal null), refused, or how long to wait and why (the lane, else a block or the share). */
  async #attempt(maxWaitMs: number, ticket: RequestTicket): Promise<Attempt> {
    const now = this.#now();
    this.#forget(now);
    // This process's own window first (its block, then the policy), then the shared one.
    const waitForApi = Math.max(0, this.#blockedUntil - now);
    const own = answerTake(this.#perMinute, ticket, this.#own.requests, now);
    const ownVerdict = this.#verdict({ ...own, blockedMs: waitForApi }, maxWaitMs, now);
    if (ownVerdict) return ownVerdict;
    if (this.#shared) {
      const answer = await this.#shared.take(ticket, (state) =>
        answerTake(this.#perMinute, ticket, state.requests, state.now, state.blockedUntil),
      );
      const at = this.#now();
      this.#sharedFigures = {
        at,
        used: answer.used,
        lastTenSeconds: answer.lastTenSeconds,
        writeRoom: answer.writeRoom,
        blockedUntil: at + answer.blockedMs,
      };
      // (a write's answer counts the member's writes alone: not the figure a view is decided by)
      if (ticket.member !== null && ticket.lane !== 'write')
        this.#memberFigures.set(ticket.member, { at, memberUsed: answer.memberUsed, members: answer.members });
      const sharedVerdict = this.#verdict(answer, maxWaitMs, at);
      if (sharedVerdict) return sharedVerdict;
    }
    this.#own.record(this.#now(), ticket);
    return { kind: 'done', refusal: null };
  }

  /**
   * Whether a request of `ticket` would be sent at once, without waiting or asking the shared
   * window: this process's own count, and the shared figures seen at its last requests (for a
   * few seconds). For callers that have something else to offer instead of a wait (a stored
   * answer).
   */
  canSendNow(ticket: RequestTicket): boolean {
    const now = this.#now();
    this.#forget(now);
    if (this.#blockedUntil > now) return false;
    const counts = countWindow(this.#perMinute, ticket, this.#own.requests, now);
    const shared = this.#sharedFigures;
    if (shared && shared.blockedUntil > now) return false;
    if (shared && shared.at > now - SHARED_FIGURES_TRUSTED_MS) {
      counts.used = Math.max(counts.used, shared.used);
      counts.writeRoom = Math.max(counts.writeRoom, shared.writeRoom);
      const member = ticket.member === null ? undefined : this.#memberFigures.get(ticket.member);
      if (member && member.at > now - SHARED_FIGURES_TRUSTED_MS) {
        counts.memberUsed = Math.max(counts.memberUsed, member.memberUsed);
        counts.members = Math.max(counts.members, member.members);
      }
    }
    return decideTake(this.#perMinute, ticket, counts).fits;
  }

  #forget(now: number): void {
    this.#own.forget(now);
    for (const [member, figures] of this.#memberFigures)
      if (figures.at <= now - SHARED_FIGURES_TRUSTED_MS) this.#memberFigures.delete(member);
  }

  /** Records what the API said about its window. */
  observe(state: RateLimitState | null): void {
    if (state && state.remaining <= 0) {
      this.#blockedUntil = Math.max(this.#blockedUntil, state.resetAt.getTime());
      void this.#shared?.block(state.resetAt.getTime() - this.#now());
    }
  }

  /**
   * Until when the API asked every request to wait (a 429's Retry-After, a window it reported
   * spent), as this process knows it; null when it did not, or that time has passed.
   */
  blockedUntil(): Date | null {
    const until = Math.max(this.#blockedUntil, this.#sharedFigures?.blockedUntil ?? 0);
    return until > this.#now() ? new Date(until) : null;
  }

  blockFor(ms: number): void {
    this.#blockedUntil = Math.max(this.#blockedUntil, this.#now() + ms);
    void this.#shared?.block(ms);
  }

  /** The budget's clock (ms since the epoch). */
  now(): number {
    return this.#now();
  }

  /** Requests this process allows itself in any 60-second span. */
  get perMinute(): number {
    return this.#perMinute;
  }

  /** Requests counted in the current 60-second span. */
  get used(): number {
    return this.usedWithin(60_000);
  }

  /**
   * Requests counted in the last `ms` milliseconds (of the current 60-second span). With a
   * shared window, for spans of 10 s and 60 s, the larger of this process's count and the shared
   * count seen at its last request (within that span).
   */
  usedWithin(ms: number): number {
    const now = this.#now();
    const span = Math.min(ms, 60_000);
    const own = this.#own.requests.filter((s) => s.at > now - span).length;
    const shared = this.#sharedFigures;
    if (!shared || shared.at <= now - span) return own;
    return Math.max(own, span >= 60_000 ? shared.used : span >= 10_000 ? shared.lastTenSeconds : 0);
  }
}
