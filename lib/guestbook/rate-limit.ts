/** The figures of the last X-RateLimit-* headers the API sent. */
export interface RateLimitState {
  limit: number;
  remaining: number;
  resetAt: Date;
}

export function readRateLimit(headers: Headers): RateLimitState | null {
  const limit = Number(headers.get('x-ratelimit-limit'));
  const remaining = Number(headers.get('x-ratelimit-remaining'));
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (
    !headers.has('x-ratelimit-limit') ||
    !Number.isFinite(limit) ||
    !Number.isFinite(remaining) ||
    !Number.isFinite(reset)
  )
    return null;
  return { limit, remaining, resetAt: new Date(reset * 1000) };
}

/** How long a 429 asks to wait: Retry-After (seconds or an HTTP date), else until X-RateLimit-Reset. */
export function retryDelayMs(headers: Headers, now: number): number {
  const retryAfter = headers.get('retry-after');
  if (retryAfter) {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const at = Date.parse(retryAfter);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (Number.isFinite(reset) && reset > 0) return Math.max(0, reset * 1000 - now);
  return 1000;
}

/**
 * Which queue an API request waits in when the budget runs short (DESIGN.md, "The request budget:
 * lanes and shares"): a write and the reads it needs first, then a member's page view, then
 * background work (polls, read-ahead, suggestions, exports), which takes only spare budget.
 */
export type RequestLane = 'write' | 'view' | 'background';

/** Who asks, and in which lane: the budget's fair shares are per member. */
export interface RequestTicket {
  lane: RequestLane;
  /** the staff member the request is made for; null for the server's own requests (health, start) */
  member: string | null;
  /**
   * false: a request that would wait for room in its lane is refused at once (a 'busy' refusal)
   * instead, for a caller with something else to offer, such as a stored answer (shared reads)
   */
  waits?: boolean;
  /**
   * when the request it serves arrived (ms since the epoch): a page view's requests wait for the
   * budget until `maxViewWaitMs` after it, all of them together, not each that long
   */
  since?: number;
  /**
   * a write made while holding a lock other requests wait for (an apply's re-read and PUTs):
   * it may use the lock reserve beyond the window (lockReserve), so that it is not held up
   * waiting for room while the applies queued behind its lock wait with it
   */
  underLock?: boolean;
}

/** The API's own limit per client and minute (spec, "Rate limits"): the budget is at most this. */
export const API_REQUESTS_PER_MINUTE = 1_000;

/**
 * What a write under a lock (RequestTicket.underLock) may send beyond the window's W: W/18 (50
 * of 900), never past the API's own limit (none at W = 1,000).
 */
export function lockReserve(perMinute: number): number {
  return Math.max(0, Math.min(Math.floor(perMinute / 18), API_REQUESTS_PER_MINUTE - perMinute));
}

/**
 * The budget's policy, in one place (docs/operations.md, "Several processes", repeats it). With W requests a
 * minute for the credentials (900, below the API's 1,000), counted over the last 60 s:
 *
 * - lanes: a write, and the reads it needs, may use the whole window. A page view is sent only
 *   while the window leaves room for writes: fewer than W − min(2W/3, max(W/10, room)) are
 *   used, where the room is twice what writes use in a minute at their pace (writeRoom): a
 *   member's writes of the last 60 s, or of the last 10 s × 6 when that is more. Twice, so that a
 *   minute like the last one finds its writes' room kept even when no older request leaves the
 *   window meanwhile, and writes coming faster than in it still find room; at their pace, so that
 *   a team that starts saving after a burst of page views (everyone signing in at once) finds its
 *   room kept at once, not after a minute of saves. Each member's count is at most W/10 (the share
 *   floor), so that one member's burst of saves (a hold or a booking reads before it writes) keeps
 *   at most a fifth of the window and cannot keep every other member's pages from loading; the
 *   server's own writes count whole. At least the last tenth is kept; never more than two thirds.
 *   Background work is sent only while fewer than W/2 (450) are used, and
 *   within the views' limit. So when the budget runs short, background work stops first, then
 *   views, and a write finds room at once unless writes alone fill the window.
 * - fair shares: once the window is contended (3/4 of W used, 675: below that a member's burst
 *   leaves the others room, and the shares would only refuse the busiest member early), a
 *   member's requests in it (every lane counted; for a write, the member's writes alone, so that a
 *   member's page views never hold back their own saves) may not exceed max(W/10, laneLimit / (members + 1)) — members being those active in
 *   the window, the asking one included, and the + 1 holding a share for a member who has not
 *   asked yet. With 900: one member alone may use 675 before its share applies (405 for views);
 *   among 50 members the floor, 90 a minute, applies (a page costs 1–3 requests, a seat move a
 *   few more: only a burst meets it).
 *   A write's share is the largest (its lane limit is W), so writes keep priority inside the
 *   member's share. A member over their share waits when their share frees within the caller's
 *   longest wait (10 s for the API client); otherwise the request is refused at once, saying when
 *   to try again (an `over_share` error), never dropped. The server's own requests (no member)
 *   have no share.
 * - a page render whose lane has no room at once is served stored answers instead, with their
 *   age (canSendNow; lib/server/api/shared-reads.ts).
 * - a write under a lock others wait for (an apply, which holds its entities while it re-reads
 *   and PUTs) may go W/18 beyond W (lockReserve: 950 of the API's 1,000 with 900): with the
 *   window full, one apply waiting seconds for room would keep every apply queued behind its
 *   lock waiting too, and leave its own change half made meanwhile.
 */
export interface BudgetPolicy {
  perMinute: number;
  /** requests in the window below which this lane may send, at most (see laneLimitNow) */
  laneLimit: number;
  /** the least room this lane leaves for writes (0 for writes themselves) */
  writeReserve: number;
  /** the most room it leaves for them, however many writes the window holds */
  writeReserveMax: number;

  /** the least a member's share can be */
  shareFloor: number;
  /** requests in the window from which shares apply */
  contendedAt: number;
}

export function budgetPolicy(perMinute: number, lane: RequestLane, underLock = false): BudgetPolicy {
  const laneLimit =
    lane === 'write'
      ? perMinute + (underLock ? lockReserve(perMinute) : 0)
      : lane === 'view'
        ? perMinute - Math.ceil(perMinute / 10)
        : Math.floor(perMinute / 2);
  return {
    perMinute,
    laneLimit,
    writeReserve: lane === 'write' ? 0 : Math.ceil(perMinute / 10),
    writeReserveMax: lane === 'write' ? 0 : Math.floor((perMinute * 2) / 3),

    shareFloor: Math.max(1, Math.floor(perMinute / 10)),
    contendedAt: Math.floor((perMinute * 3) / 4),
  };
}

/**
 * The lane's limit for a window whose writes want `writeRoom` (writeRoom): its own, lowered to
 * keep that room free (at least `writeReserve`, at most `writeReserveMax`). The SQL of the shared
 * window (api_budget_take, migration 0018) computes the same.
 */
export function laneLimitNow(policy: BudgetPolicy, writeRoom: number): number {
  if (policy.writeReserve === 0) return policy.laneLimit;
  const reserve = Math.min(policy.writeReserveMax, Math.max(policy.writeReserve, writeRoom));
  return Math.min(policy.laneLimit, policy.perMinute - reserve);
}

/**
 * The room writes want (laneLimitNow): twice, per member, their writes of the last 60 s or of the
 * last 10 s × 6 when that is more, each member's counted up to the share floor (the server's own,
 * member null, whole). The SQL of the shared window (migration 0018) computes the same.
 */
export function writeRoom(
  policy: BudgetPolicy,
  writesOf: ReadonlyMap<string | null, { minute: number; tenSeconds: number }>,
): number {
  let writes = 0;
  for (const [member, n] of writesOf) {
    const paced = Math.max(n.minute, 6 * n.tenSeconds);
    writes += member === null ? paced : Math.min(paced, policy.shareFloor);
  }
  return 2 * writes;
}

/**
 * A member's share of the window, or null while the window is not contended. `members`: the
 * members with a request in the window, the asking one included. The SQL of the shared window
 * (`api_budget_member_limit`, migration 0005) computes the same; `shared-budget.pg.test.ts`
 * checks both against one table of cases.
 */
export function memberLimit(policy: BudgetPolicy, used: number, members: number): number | null {
  if (used < policy.contendedAt) return null;
  return Math.max(policy.shareFloor, Math.floor(policy.laneLimit / (members + 1)));
}

/** What the window holds when a request asks: every request, and those of the asking member. */
export interface WindowCounts {
  used: number;
  /** the room writes want (writeRoom) */
  writeRoom: number;
  /** the asking member's requests in the window (0 without a member); for a write, their writes */
  memberUsed: number;
  /** members with a request in the window, the asking one included */
  members: number;
}

export interface BudgetDecision {
  fits: boolean;
  /** the lane is full: wait for requests to leave the window */
  laneFull: boolean;
  /** the member is over their share */
  overShare: boolean;
  laneLimit: number;
  memberLimit: number | null;
}

/** The policy's decision for one request: the one function both windows (memory, PostgreSQL) follow. */
export function decideTake(perMinute: number, ticket: RequestTicket, counts: WindowCounts): BudgetDecision {
  const policy = budgetPolicy(perMinute, ticket.lane, ticket.underLock);
  const share = ticket.member === null ? null : memberLimit(policy, counts.used, counts.members);
  const laneLimit = laneLimitNow(policy, counts.writeRoom);
  const laneFull = counts.used >= laneLimit;
  const overShare = share !== null && counts.memberUsed >= share;
  return {
    fits: !laneFull && !overShare,
    laneFull,
    overShare,
    laneLimit,
    memberLimit: share,
  };
}

/** What a shared window answers to one request: counted (both waits 0), or how long to wait. */
export interface SharedTake {
  /** a block every process respects (a 429's Retry-After, a window the API reported spent), in ms from now */
  blockedMs: number;
  /** until the request fits (its lane has room, its member is within their share), in ms; 0 when this one was counted */
  waitMs: number;
  /** of which until the member is within their share (0: they are) */
  shareWaitMs: number;
  /** requests counted across every process in the last 60 s and 10 s, this one included when counted */
  used: number;
  lastTenSeconds: number;
  /** the room writes want (writeRoom), before this request */
  writeRoom: number;
  /** the member's requests in the window and the members active in it (as WindowCounts) */
  memberUsed: number;
  members: number;
}

/**
 * A request window shared by several processes of one client (e.g. through their database):
 * each API request costs one unit, counted once it fits the policy (decideTake), decided
 * atomically with the counts of every process. Implementations never throw: when the store
 * cannot answer they grant the request and the process's own window alone applies.
 */
export interface SharedBudgetWindow {
  take(perMinute: number, ticket: RequestTicket): Promise<SharedTake>;
  /** Every process waits `ms` from now before its next request. */
  block(ms: number): Promise<void>;
}

/**
 * A wait for the member's share or a block the API announced (`otherMs`), within a wait of
 * `waitMs` in all: when the lane's own wait is the longer, it is a wait for the lane, which the
 * caller's longest wait for the lane bounds (else a view whose share frees in a second would sleep
 * the lane's ten, and every view queued behind it in this process with it).
 */
function waitFor(otherMs: number, waitMs: number): { kind: 'lane' | 'other'; waitMs: number } {
  return { kind: waitMs > otherMs ? 'lane' : 'other', waitMs };
}

/** Why `take` gave up instead of waiting, and when to try again. */
export interface BudgetRefusal {
  /**
   * 'blocked': the API announced a wait (429, spent window); 'share': the member is over their
   * share; 'busy': the lane has no room now, and the ticket does not wait (`waits: false`) or the
   * room comes later than the caller's longest wait
   */
  reason: 'blocked' | 'share' | 'busy';
  retryAt: Date;
}

interface Sent {
  at: number;
  member: string | null;
  write: boolean;
}

/** Whether a request sent counts toward the share of `ticket`'s member: all of theirs, or for a write their writes. */
const countsForShare = (ticket: RequestTicket, sent: Sent): boolean => ticket.lane !== 'write' || sent.write;

/** How long shared figures seen at a take are trusted to decide without asking (canSendNow). */
const SHARED_FIGURES_TRUSTED_MS = 5_000;

/**
 * The process's request budget: at most `perMinute` requests in any 60-second span, shared by
 * every caller of one client and divided by lane and member (budgetPolicy), so that ordinary use
 * stays below the API's own limit instead of discovering it through 429s, writes go first and one
 * member's burst slows that member. When the API reports its window as spent, callers wait for
 * the reset it announced.
 */
export class RequestBudget {
  readonly #perMinute: number;
  readonly #now: () => number;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #sent: Sent[] = [];
  readonly #shared: SharedBudgetWindow | undefined;
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
   * With `shared`, the budget is one for every process sharing that window: a request is sent
   * only once both this process's count and the shared count leave room, and a block one process
   * learns from the API holds for all.
   */
  constructor(perMinute: number, now: () => number, sleep: (ms: number) => Promise<void>, shared?: SharedBudgetWindow) {
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
   * report. A ticket with `waits: false` waits for nothing.
   */
  async take(
    maxWaitMs = Infinity,
    ticket: RequestTicket = { lane: 'view', member: null },
    maxLaneWaitMs = maxWaitMs,
  ): Promise<BudgetRefusal | null> {
    // The longest wait for the lane counts from now, the time spent in line included.
    const laneDeadline = this.#now() + maxLaneWaitMs;
    // Behind requests already waiting in the lane, not ahead of them.
    if (this.#waiting[ticket.lane] > 0 && ticket.waits !== false)
      return this.#inLine(ticket.lane, () => this.#firstInLine(maxWaitMs, laneDeadline, ticket));
    for (;;) {
      const attempt = await this.#attempt(maxWaitMs, ticket);
      if (attempt.kind === 'done') return attempt.refusal;
      if (ticket.waits === false || (attempt.kind === 'lane' && attempt.waitMs > maxLaneWaitMs))
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

  /** One try: counted (refusal null), refused, or how long to wait and why (the lane, else a block or the share). */
  async #attempt(
    maxWaitMs: number,
    ticket: RequestTicket,
  ): Promise<{ kind: 'done'; refusal: BudgetRefusal | null } | { kind: 'lane' | 'other'; waitMs: number }> {
    const now = this.#now();
    this.#forget(now);
    const waitForApi = this.#blockedUntil - now;
    if (waitForApi > maxWaitMs)
      return { kind: 'done', refusal: { reason: 'blocked', retryAt: new Date(now + waitForApi) } };
    const own = this.#ownWait(ticket, now);
    if (own.shareWaitMs > maxWaitMs)
      return { kind: 'done', refusal: { reason: 'share', retryAt: new Date(now + own.shareWaitMs) } };
    if (waitForApi > 0 || own.shareWaitMs > 0)
      return waitFor(Math.max(waitForApi, own.shareWaitMs), Math.max(waitForApi, own.waitMs));
    if (own.waitMs > 0) return { kind: 'lane', waitMs: own.waitMs };
    if (this.#shared) {
      const answer = await this.#shared.take(this.#perMinute, ticket);
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
      if (answer.blockedMs > maxWaitMs)
        return { kind: 'done', refusal: { reason: 'blocked', retryAt: new Date(at + answer.blockedMs) } };
      if (answer.shareWaitMs > maxWaitMs)
        return { kind: 'done', refusal: { reason: 'share', retryAt: new Date(at + answer.shareWaitMs) } };
      if (answer.blockedMs > 0 || answer.shareWaitMs > 0)
        return waitFor(Math.max(answer.blockedMs, answer.shareWaitMs), Math.max(answer.blockedMs, answer.waitMs));
      if (answer.waitMs > 0) return { kind: 'lane', waitMs: answer.waitMs };
    }
    this.#sent.push({ at: this.#now(), member: ticket.member, write: ticket.lane === 'write' });
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
    const counts = this.#ownCounts(ticket);
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
    while (this.#sent.length && this.#sent[0]!.at <= now - 60_000) this.#sent.shift();
    for (const [member, figures] of this.#memberFigures)
      if (figures.at <= now - SHARED_FIGURES_TRUSTED_MS) this.#memberFigures.delete(member);
  }

  #ownCounts(ticket: RequestTicket): WindowCounts {
    const recent = this.#now() - 10_000;
    const others = new Set<string>();
    const writesOf = new Map<string | null, { minute: number; tenSeconds: number }>();
    let memberUsed = 0;
    for (const s of this.#sent) {
      if (s.write) {
        const n = writesOf.get(s.member) ?? { minute: 0, tenSeconds: 0 };
        n.minute++;
        if (s.at > recent) n.tenSeconds++;
        writesOf.set(s.member, n);
      }
      if (s.member === null) continue;
      if (s.member !== ticket.member) others.add(s.member);
      else if (countsForShare(ticket, s)) memberUsed++;
    }
    const room = writeRoom(budgetPolicy(this.#perMinute, ticket.lane), writesOf);
    return { used: this.#sent.length, writeRoom: room, memberUsed, members: others.size + 1 };
  }

  /** How long until `ticket` fits this process's own window (0: now), and of which for the member's share. */
  #ownWait(ticket: RequestTicket, now: number): { waitMs: number; shareWaitMs: number } {
    const decision = decideTake(this.#perMinute, ticket, this.#ownCounts(ticket));
    if (decision.fits) return { waitMs: 0, shareWaitMs: 0 };
    // The request fits once enough of the oldest requests (all, or the member's) leave the window.
    const leaves = (sent: Sent[], limit: number) => (sent[sent.length - limit]?.at ?? now) + 60_000 - now;
    const laneWait = decision.laneFull ? leaves(this.#sent, decision.laneLimit) : 0;
    const shareWait =
      decision.overShare && decision.memberLimit !== null
        ? leaves(
            this.#sent.filter((s) => s.member === ticket.member && countsForShare(ticket, s)),
            decision.memberLimit,
          )
        : 0;
    return { waitMs: Math.max(1, laneWait, shareWait), shareWaitMs: shareWait };
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
    const own = this.#sent.filter((s) => s.at > now - span).length;
    const shared = this.#sharedFigures;
    if (!shared || shared.at <= now - span) return own;
    return Math.max(own, span >= 60_000 ? shared.used : span >= 10_000 ? shared.lastTenSeconds : 0);
  }
}
