/**
 * The API requests of a run by the request budget's lane (a page view's, a write's and the reads
 * it needs, the sync's), as the dashboard's processes recorded them in the budget's shared window
 * on PostgreSQL (api_budget_requests, which keeps the last 60 s): read every few seconds while the
 * run goes, each request counted once. With one process on the embedded database the window is in
 * memory, and there is nothing to read.
 */
import pg from 'pg';

export type LaneCounts = Record<string, number>;

export class LaneLog {
  /** each request seen, by `sent_at|lane|member`, with how many shared that key in one read */
  readonly #seen = new Map<string, { lane: string; at: number; n: number }>();
  readonly #pool: pg.Pool;

  constructor(databaseUrl: string) {
    this.#pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  }

  async poll(): Promise<void> {
    const { rows } = await this.#pool.query<{ at: string; lane: string; member: string; n: string }>(
      `SELECT (extract(epoch FROM sent_at) * 1000)::float8 AS at, lane, member, count(*) AS n
       FROM api_budget_requests GROUP BY sent_at, lane, member`,
    );
    for (const r of rows) {
      const key = `${r.at}|${r.lane}|${r.member}`;
      const n = Number(r.n);
      const was = this.#seen.get(key);
      if (!was || was.n < n) this.#seen.set(key, { lane: r.lane, at: Number(r.at), n });
    }
  }

  /** The requests sent between `from` and `to` (ms since the epoch), by lane. */
  countsBetween(from: number, to: number): LaneCounts {
    const counts: LaneCounts = {};
    for (const { lane, at, n } of this.#seen.values())
      if (at >= from && at <= to) counts[lane] = (counts[lane] ?? 0) + n;
    return counts;
  }

  async close(): Promise<void> {
    await this.#pool.end();
  }
}
