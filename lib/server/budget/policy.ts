/**
 * The request budget's policy, written once: pure functions over the requests a window recorded
 * in its last 60 s. Every window follows it, the process's own (request-budget.ts) and the one
 * shared by every process (store.ts: in memory, or on PostgreSQL, which only locks, counts and
 * records). docs/operations.md, "Several processes", repeats it.
 *
 * With W requests a minute for the credentials (900, below the API's 1,000), counted over the
 * last 60 s:
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
 *   within the views' limit; but its first W/18 (50) requests in the window may go up to the
 *   views' own limit, W − W/10, however much room writes want (backgroundFloor): the sync that
 *   keeps the pages' copy fresh is never starved by a busy window, even one that writes fill
 *   (members moving seats all minute would otherwise leave every page "as of" and the grid's
 *   entities disagreeing), and costs writes at most that. So when the budget runs short,
 *   background work stops first (down to its floor), then views, and a write finds room at once
 *   unless writes alone fill the window.
 * - fair shares: once the window is contended (3/4 of W used, 675: below that a member's burst
 *   leaves the others room, and the shares would only refuse the busiest member early), a
 *   member's requests in it (every lane counted; for a write, the member's writes alone, so that a
 *   member's page views never hold back their own saves) may not exceed max(W/10, laneLimit /
 *   (members + 1)) — members being those active in the window, the asking one included, and the
 *   + 1 holding a share for a member who has not asked yet. With 900: one member alone may use
 *   675 before its share applies (405 for views); among 50 members the floor, 90 a minute,
 *   applies (a page costs 1–3 requests, a seat move a few more: only a burst meets it).
 *   A write's share is the largest (its lane limit is W), so writes keep priority inside the
 *   member's share. A member over their share waits when their share frees within the caller's
 *   longest wait (10 s for the API client); otherwise the request is refused at once, saying when
 *   to try again (an `over_share` error), never dropped. The server's own requests (no member)
 *   have no share.
 * - a page render whose lane has no room at once is served the answers kept in the dashboard's
 *   database instead, with their age (canSendNow; lib/server/reservations/from-copy.ts).
 * - a write under a lock others wait for (an apply, which holds its entities while it re-reads
 *   and PUTs) may go W/18 beyond W (lockReserve: 950 of the API's 1,000 with 900): with the
 *   window full, one apply waiting seconds for room would keep every apply queued behind its
 *   lock waiting too, and leave its own change half made meanwhile.
 */
import { API_REQUESTS_PER_MINUTE } from '../../guestbook/rate-limit';
import type { RequestLane, RequestTicket } from './request-ticket';

/** One request a window recorded: when it was sent (ms since the epoch), its lane and member. */
export interface RecordedRequest {
  at: number;
  lane: RequestLane;
  member: string | null;
}

/** The span a window counts over. */
export const WINDOW_MS = 60_000;

/**
 * What a write under a lock (RequestTicket.underLock) may send beyond the window's W: W/18 (50
 * of 900), never past the API's own limit (none at W = 1,000).
 */
export function lockReserve(perMinute: number): number {
  return Math.max(0, Math.min(Math.floor(perMinute / 18), API_REQUESTS_PER_MINUTE - perMinute));
}

/** Background requests in the window that may go up to the views' limit (see the comment at the top): W/18. */
export function backgroundFloor(perMinute: number): number {
  return Math.floor(perMinute / 18);
}

/** The policy's numbers for one lane (see the comment at the top). */
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
 * keep that room free (at least `writeReserve`, at most `writeReserveMax`).
 */
export function laneLimitNow(policy: BudgetPolicy, writeRoom: number): number {
  if (policy.writeReserve === 0) return policy.laneLimit;
  const reserve = Math.min(policy.writeReserveMax, Math.max(policy.writeReserve, writeRoom));
  return Math.min(policy.laneLimit, policy.perMinute - reserve);
}

/**
 * The room writes want (laneLimitNow): twice, per member, their writes of the last 60 s or of the
 * last 10 s × 6 when that is more, each member's counted up to the share floor (the server's own,
 * member null, whole).
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
 * members with a request in the window, the asking one included. budget-policy.cases.ts holds
 * its table of cases.
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
  /** background requests in the window (backgroundFloor) */
  backgroundUsed: number;
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

/** The policy's decision for one request, on the window's counts. */
export function decideTake(perMinute: number, ticket: RequestTicket, counts: WindowCounts): BudgetDecision {
  const policy = budgetPolicy(perMinute, ticket.lane, ticket.underLock);
  const share = ticket.member === null ? null : memberLimit(policy, counts.used, counts.members);
  const withinFloor = ticket.lane === 'background' && counts.backgroundUsed < backgroundFloor(perMinute);
  const laneLimit = withinFloor ? budgetPolicy(perMinute, 'view').laneLimit : laneLimitNow(policy, counts.writeRoom);
  const laneFull = counts.used >= laneLimit;
  const overShare = share !== null && counts.memberUsed >= share;
  return { fits: !laneFull && !overShare, laneFull, overShare, laneLimit, memberLimit: share };
}

/** Whether a request recorded counts toward the share of `ticket`'s member: all of theirs, or for a write their writes. */
const countsForShare = (ticket: RequestTicket, r: RecordedRequest): boolean =>
  ticket.lane !== 'write' || r.lane === 'write';

/** The counts of a window's requests (all within the last 60 s of `now`) for `ticket`, and its last 10 s. */
export function countWindow(
  perMinute: number,
  ticket: RequestTicket,
  requests: readonly RecordedRequest[],
  now: number,
): WindowCounts & { lastTenSeconds: number } {
  const recent = now - 10_000;
  const others = new Set<string>();
  const writesOf = new Map<string | null, { minute: number; tenSeconds: number }>();
  let memberUsed = 0;
  let lastTenSeconds = 0;
  let backgroundUsed = 0;
  for (const r of requests) {
    if (r.at > recent) lastTenSeconds++;
    if (r.lane === 'background') backgroundUsed++;
    if (r.lane === 'write') {
      const n = writesOf.get(r.member) ?? { minute: 0, tenSeconds: 0 };
      n.minute++;
      if (r.at > recent) n.tenSeconds++;
      writesOf.set(r.member, n);
    }
    if (r.member === null) continue;
    if (r.member !== ticket.member) others.add(r.member);
    else if (countsForShare(ticket, r)) memberUsed++;
  }
  const room = writeRoom(budgetPolicy(perMinute, ticket.lane), writesOf);
  return {
    used: requests.length,
    lastTenSeconds,
    writeRoom: room,
    backgroundUsed,
    memberUsed,
    members: others.size + 1,
  };
}

/** What a window answers to one request: counted (both waits 0), or how long to wait. */
export interface TakeAnswer {
  /** a block every process respects (a 429's Retry-After, a window the API reported spent), in ms from now */
  blockedMs: number;
  /** until the request fits (its lane has room, its member is within their share), in ms; 0 when this one was counted */
  waitMs: number;
  /** of which until the member is within their share (0: they are) */
  shareWaitMs: number;
  /** requests counted in the last 60 s and 10 s, this one included when counted */
  used: number;
  lastTenSeconds: number;
  /** the room writes want (writeRoom), before this request */
  writeRoom: number;
  /** the member's requests in the window and the members active in it (as WindowCounts) */
  memberUsed: number;
  members: number;
}

/** Whether an answer counts the request: no block, no wait. */
export const granted = (answer: TakeAnswer): boolean => answer.blockedMs === 0 && answer.waitMs === 0;

/**
 * The policy's answer to one request of `ticket` over a window's requests (oldest first, all
 * within the last 60 s of `now`), under a block until `blockedUntil` (ms since the epoch; 0 for
 * none). Granted: the counts include it, and the window records it. Blocked: the counts before
 * it, and no wait of the lane or share (the block comes first). Otherwise the waits until
 * enough of the oldest requests (all of them, or the member's) leave the window.
 */
export function answerTake(
  perMinute: number,
  ticket: RequestTicket,
  requests: readonly RecordedRequest[],
  now: number,
  blockedUntil = 0,
): TakeAnswer {
  const counts = countWindow(perMinute, ticket, requests, now);
  const figures = {
    used: counts.used,
    lastTenSeconds: counts.lastTenSeconds,
    writeRoom: counts.writeRoom,
    memberUsed: ticket.member === null ? 0 : counts.memberUsed,
    members: counts.members,
  };
  if (blockedUntil > now)
    return { blockedMs: Math.max(1, Math.ceil(blockedUntil - now)), waitMs: 0, shareWaitMs: 0, ...figures };
  const decision = decideTake(perMinute, ticket, counts);
  if (decision.fits) {
    const mine = ticket.member === null ? 0 : 1;
    return {
      blockedMs: 0,
      waitMs: 0,
      shareWaitMs: 0,
      ...figures,
      used: figures.used + 1,
      lastTenSeconds: figures.lastTenSeconds + 1,
      memberUsed: figures.memberUsed + mine,
    };
  }
  // The request fits once enough of the oldest requests (all, or the member's) leave the window.
  const leaves = (rs: readonly RecordedRequest[], limit: number) =>
    Math.max(1, Math.ceil((rs[rs.length - limit]?.at ?? now) + WINDOW_MS - now));
  const laneWait = decision.laneFull ? leaves(requests, decision.laneLimit) : 0;
  const shareWait =
    decision.overShare && decision.memberLimit !== null
      ? leaves(
          requests.filter((r) => r.member === ticket.member && countsForShare(ticket, r)),
          decision.memberLimit,
        )
      : 0;
  return { blockedMs: 0, waitMs: Math.max(1, laneWait, shareWait), shareWaitMs: shareWait, ...figures };
}
