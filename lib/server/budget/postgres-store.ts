/**
 * The request window shared by every dashboard process on one PostgreSQL (the tables
 * api_budget_requests and api_budget_blocks). The database holds no policy: per API request, in
 * one transaction, it takes a transaction-scoped advisory lock per client id, forgets the
 * requests older than 60 s, hands the window's requests (at most ~1,000: when, lane, member) and
 * any block to the policy (policy.ts), records the request when granted, and commits. The
 * decision is made under the lock, so two processes cannot both take the last place. Cost: two
 * round trips per API request (begin, lock, forget and read; record and commit), plus one upsert
 * when the API reports its window spent or answers 429.
 *
 * When the database cannot answer, the request is granted (the process's own window still
 * applies) and the failure is logged by name: the API's 429s, honoured as always, are then the
 * limit of last resort.
 *
 * Kept free of `server-only` so that tests and scripts can use it.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

import { logUnexpected } from '../log/log';
import { granted, type RecordedRequest, type TakeAnswer } from './policy';
import type { RequestLane, RequestTicket } from './request-ticket';
import type { BudgetStore, Judge } from './store';

/**
 * The first round trip: begin, lock the client's window (the lock's key and the client id are
 * inlined, as the simple protocol that runs several statements in one message takes no
 * parameters: escaped by pg), and read the window's state as one row, its clock, block and
 * requests (ms since the epoch, oldest first). Each statement reads after the lock is held: in
 * READ COMMITTED every statement takes a snapshot of its own. A crash may lose the last few
 * requests recorded (synchronous_commit off): the window only counts the last minute anyway.
 */
const lockAndRead = (lockKey: string, client: string) => `
BEGIN;
SET LOCAL synchronous_commit TO OFF;
SELECT pg_advisory_xact_lock(${lockKey});
WITH t AS MATERIALIZED (SELECT clock_timestamp() AS t),
gone AS (
  DELETE FROM api_budget_requests r USING t WHERE r.client_id = ${client} AND r.sent_at <= t.t - interval '60 seconds'
),
w AS (
  SELECT r.sent_at, r.lane, r.member FROM api_budget_requests r, t
  WHERE r.client_id = ${client} AND r.sent_at > t.t - interval '60 seconds'
)
SELECT (extract(epoch FROM t.t) * 1000)::float8 AS now,
       (SELECT (extract(epoch FROM b.blocked_until) * 1000)::float8 FROM api_budget_blocks b WHERE b.client_id = ${client})
         AS blocked_until,
       w.ats, w.lanes, w.members
FROM t, (
  SELECT coalesce(array_agg((extract(epoch FROM sent_at) * 1000)::float8 ORDER BY sent_at, lane, member), '{}') AS ats,
         coalesce(array_agg(lane ORDER BY sent_at, lane, member), '{}') AS lanes,
         coalesce(array_agg(member ORDER BY sent_at, lane, member), '{}') AS members
  FROM w
) w`;

/** The second round trip: record the request (when granted) and commit. */
const recordAndCommit = (client: string, at: number, lane: string, member: string) =>
  `INSERT INTO api_budget_requests (client_id, sent_at, lane, member) VALUES (${client}, to_timestamp(${at.toFixed(3)}::float8 / 1000), ${lane}, ${member}); COMMIT`;

interface WindowRow {
  now: number;
  blocked_until: number | null;
  ats: number[];
  lanes: RequestLane[];
  members: (string | null)[];
}

/** The advisory lock's key of a client's window: 64 bits of a hash of its id (digits only, safe to inline). */
function lockKey(clientId: string): string {
  return createHash('sha256').update(`api_budget:${clientId}`).digest().readBigInt64BE(0).toString();
}

/** What a take answers when the database cannot: granted, with no figures. */
const UNANSWERED: TakeAnswer = {
  blockedMs: 0,
  waitMs: 0,
  shareWaitMs: 0,
  used: 0,
  lastTenSeconds: 0,
  writeRoom: 0,
  memberUsed: 0,
  members: 0,
};

export class PostgresBudgetStore implements BudgetStore {
  readonly #pool: pg.Pool;
  readonly #clientId: string;
  readonly #lock: string;

  constructor(databaseUrl: string, clientId: string) {
    this.#pool = new pg.Pool({ connectionString: databaseUrl, max: 4, keepAlive: true, idleTimeoutMillis: 30_000 });
    this.#pool.on('error', () => undefined);
    this.#clientId = clientId;
    this.#lock = lockKey(clientId);
  }

  async take(ticket: RequestTicket, judge: Judge): Promise<TakeAnswer> {
    let client: pg.PoolClient | undefined;
    try {
      client = await this.#pool.connect();
      const literal = (value: string | null) => (value === null ? 'NULL' : client!.escapeLiteral(value));
      const clientId = literal(this.#clientId);
      const results = (await client.query(lockAndRead(this.#lock, clientId))) as unknown as pg.QueryResult[];
      const row = results.at(-1)!.rows[0] as WindowRow;
      const requests: RecordedRequest[] = row.ats.map((at, i) => ({
        at,
        lane: row.lanes[i]!,
        member: row.members[i]!,
      }));
      const answer = judge({ now: row.now, requests, blockedUntil: row.blocked_until ?? 0 });
      await client.query(
        granted(answer) ? recordAndCommit(clientId, row.now, literal(ticket.lane), literal(ticket.member)) : 'COMMIT',
      );
      client.release();
      return answer;
    } catch (error) {
      await client?.query('ROLLBACK').catch(() => undefined);
      client?.release(true);
      logUnexpected('request budget', error);
      return UNANSWERED;
    }
  }

  async block(ms: number): Promise<void> {
    if (!(ms > 0)) return;
    try {
      await this.#pool.query(
        `INSERT INTO api_budget_blocks (client_id, blocked_until) VALUES ($1, clock_timestamp() + $2 * interval '1 millisecond')
         ON CONFLICT (client_id) DO UPDATE SET blocked_until = greatest(api_budget_blocks.blocked_until, excluded.blocked_until)`,
        [this.#clientId, Math.ceil(ms)],
      );
    } catch (error) {
      logUnexpected('request budget', error);
    }
  }

  close(): Promise<void> {
    return this.#pool.end();
  }
}
