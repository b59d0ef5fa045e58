/**
 * The API request budget shared by every dashboard process on one PostgreSQL (see
 * RequestBudget), divided by lane and member as budgetPolicy says. Cost: one round trip per API
 * request (`SELECT * FROM api_budget_take(…)`, migration 0007: a transaction-scoped advisory lock
 * per client id, one delete of rows older than 60 s, one count, one insert; when the request must
 * wait, one more indexed look-up for how long), plus one upsert when the API reports its window
 * spent or answers 429.
 *
 * When the database cannot answer, the request is granted (the process's own window still
 * applies) and the failure is logged by name: the API's 429s, honoured as always, are then the
 * limit of last resort.
 *
 * Kept free of `server-only` so that tests and scripts can use it.
 */
import pg from 'pg';

import { budgetPolicy, type RequestTicket, type SharedBudgetWindow, type SharedTake } from '../../guestbook/rate-limit';
import { logUnexpected } from '../log/log';

export class PostgresBudgetWindow implements SharedBudgetWindow {
  readonly #pool: pg.Pool;
  readonly #clientId: string;

  constructor(databaseUrl: string, clientId: string) {
    this.#pool = new pg.Pool({ connectionString: databaseUrl, max: 4, keepAlive: true, idleTimeoutMillis: 30_000 });
    this.#pool.on('error', () => undefined);
    this.#clientId = clientId;
  }

  async take(perMinute: number, ticket: RequestTicket): Promise<SharedTake> {
    const policy = budgetPolicy(perMinute, ticket.lane, ticket.underLock);
    try {
      const { rows } = await this.#pool.query<{
        blocked_ms: number;
        wait_ms: number;
        share_wait_ms: number;
        used: number;
        used_10s: number;
        member_used: number;
        members: number;
        write_room: number;
      }>('SELECT * FROM api_budget_take($1, $2, $3, $4, $5, $6, $7, $8)', [
        this.#clientId,
        ticket.lane,
        ticket.member,
        policy.laneLimit,
        policy.shareFloor,
        policy.contendedAt,
        policy.perMinute,
        policy.writeReserve,
      ]);
      const r = rows[0]!;
      return {
        blockedMs: r.blocked_ms,
        waitMs: r.wait_ms,
        shareWaitMs: r.share_wait_ms,
        used: r.used,
        lastTenSeconds: r.used_10s,
        memberUsed: r.member_used,
        members: r.members,
        writeRoom: r.write_room,
      };
    } catch (error) {
      logUnexpected('request budget', error);
      return {
        blockedMs: 0,
        waitMs: 0,
        shareWaitMs: 0,
        used: 0,
        lastTenSeconds: 0,
        writeRoom: 0,
        memberUsed: 0,
        members: 0,
      };
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
