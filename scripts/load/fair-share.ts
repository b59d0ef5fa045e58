/**
 * The fair-share phase of `npm run test:load -- --fair-share`: after the main phase, one more
 * viewer hammers the reservation search (page loads of a new random guest name each time,
 * `--hammer-concurrency` at once, each sent as soon as the one before it answered) while every
 * other session goes on working as before. What the others see (their page views and writes) is
 * reported apart from what the hammering viewer got: pages, requests to slow down, error pages.
 */
import { randomBytes } from 'node:crypto';

import { quantile, round } from '../stats';
import type { ActionIds } from './actions';
import { StaffBrowser } from './browser';
import { RunRecord, type ActionRecord, type PageView } from './record';
import { work } from './sessions';
import { think, type Member, type Session } from './tasks';

/** The member who hammers the search: a viewer added with the team, who takes no part in the main phase. */
export const HAMMER: Member = { email: 'load-hammer.viewer@demo.test', name: 'Load hammering viewer', role: 'viewer' };

export const HAMMER_ROUTE = '/reservations (hammered search)';

export interface FairSharePhase {
  start: number;
  end: number;
  concurrency: number;
  hammer: PageView[];
  /** the hammering viewer's server errors and unanswered requests */
  hammerErrors: string[];
  views: PageView[];
  actions: ActionRecord[];
  sessionFailures: string[];
}

/** A guest last name nobody has, new each time: the search cannot be answered from an earlier read. */
const term = () => `Zz${randomBytes(6).toString('hex')}`;

/** Runs the phase for `seconds`: the sessions (already signed in) work on, the hammer signs in and hammers. */
export async function fairSharePhase(opts: {
  sessions: Session[];
  record: RunRecord;
  base: string;
  actionIds: ActionIds;
  password: string;
  seconds: number;
  concurrency: number;
}): Promise<FairSharePhase> {
  const hammerRecord = new RunRecord();
  const hammer = new StaffBrowser(HAMMER.email, opts.base, hammerRecord, opts.actionIds);
  await hammer.signIn(opts.password);
  hammerRecord.startRun();
  const start = Date.now();
  const deadline = start + opts.seconds * 1000;
  for (const s of opts.sessions) s.deadline = deadline;
  // Each session takes up its work after a pause between two steps, as in the main phase: resumed
  // together, the fifty would send their first requests in the same millisecond, a rush no team makes.
  const others = Promise.allSettled(
    opts.sessions.map(async (s) => {
      if (await think(s)) await work(s);
    }),
  );
  const hammering = Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (Date.now() < deadline) await hammer.page(`/reservations?guest_last_name[in]=${term()}`, HAMMER_ROUTE);
    }),
  );
  const [ended] = await Promise.all([others, hammering]);
  return {
    start,
    end: Date.now(),
    concurrency: opts.concurrency,
    hammer: hammerRecord.pageViews,
    hammerErrors: [...hammerRecord.serverErrors],
    views: opts.record.pageViews,
    actions: opts.record.actions,
    sessionFailures: ended.flatMap((r, i) =>
      r.status === 'rejected'
        ? [
            `session ${i + 1} in the fair-share phase: ${r.reason instanceof Error ? r.reason.message : String(r.reason)}`,
          ]
        : [],
    ),
  };
}

/**
 * The five slowest of `xs`: what `name` says of each, its time, when it was sent (seconds into the
 * phase that started at `start`) and the server's request id, to find in its log.
 */
export function slowestFive<T extends { ms: number; requestId?: string }, N extends object>(
  xs: readonly T[],
  start: number,
  name: (x: T) => N & { sentAt: number },
) {
  return [...xs]
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 5)
    .map((x) => {
      const { sentAt, ...what } = name(x);
      return {
        ...what,
        ms: round(x.ms),
        sent_at_s: round((sentAt - start) / 1000, 1),
        request_id: x.requestId ?? null,
      };
    });
}

const p50p95max = (xs: number[]) => ({
  p50_ms: round(quantile(xs, 0.5)),
  p95_ms: round(quantile(xs, 0.95)),
  max_ms: round(Math.max(0, ...xs)),
});

/** How one answer to the hammering viewer went. */
export function hammerOutcome(v: PageView): 'page' | 'slowed down' | 'error page' | 'no answer' {
  if (v.status === 0) return 'no answer';
  if (v.slowDown) return 'slowed down';
  if (v.status !== 200 || v.errorState || v.renderError) return 'error page';
  return 'page';
}

export function fairShareFigures(p: FairSharePhase) {
  const seconds = (p.end - p.start) / 1000;
  const outcomes = p.hammer.map(hammerOutcome);
  const count = (o: ReturnType<typeof hammerOutcome>) => outcomes.filter((x) => x === o).length;
  const messages = p.hammer.filter((v) => v.errorState).map((v) => v.errorState!.slice(0, 160));
  return {
    seconds: round(seconds, 1),
    others: {
      page_views: {
        count: p.views.length,
        ...p50p95max(p.views.map((v) => v.ms)),
        with_error_state: p.views.filter((v) => v.errorState).length,
        served_from_cache: p.views.filter((v) => v.asOf).length,
        slowest: slowestFive(p.views, p.start, (v) => ({ route: v.route, sentAt: v.at })),
      },
      writes: {
        count: p.actions.length,
        ...p50p95max(p.actions.map((a) => a.ms)),
        p99_ms: round(
          quantile(
            p.actions.map((a) => a.ms),
            0.99,
          ),
        ),
        rate_limited: p.actions.filter((a) => a.outcome === 'rate-limited').length,
        slowest: slowestFive(p.actions, p.start, (a) => ({ kind: a.kind, sentAt: a.start })),
      },
    },
    hammer: {
      member: HAMMER.email,
      concurrency: p.concurrency,
      requests: p.hammer.length,
      per_second: round(p.hammer.length / Math.max(1, seconds), 1),
      pages: count('page'),
      slowed_down: count('slowed down'),
      error_pages: count('error page'),
      no_answer: count('no answer'),
      ...p50p95max(p.hammer.map((v) => v.ms)),
      served_from_cache: p.hammer.filter((v) => v.asOf).length,
      messages: [...new Set(messages)].slice(0, 5),
    },
  };
}

export type FairShareFigures = ReturnType<typeof fairShareFigures>;
