/**
 * One holder per deployment of a role (the directory's background sync): a session-level
 * advisory lock taken with pg_try_advisory_lock on a connection of its own and kept while the
 * process runs. When the process dies, PostgreSQL closes its connection and frees the lock, so
 * another process takes the role at its next try. The embedded database serves one process,
 * which always holds it.
 *
 * Kept free of `server-only` so that tests can use it.
 */
import pg from 'pg';

import { lockIdOf } from './advisory-lock';

export class Election {
  readonly #databaseUrl: string | undefined;
  readonly #lockId: string;
  #client: pg.Client | null = null;

  /** `databaseUrl`: undefined on the embedded database (one process: always elected). */
  constructor(databaseUrl: string | undefined, role: string) {
    this.#databaseUrl = databaseUrl;
    this.#lockId = lockIdOf(`election:${role}`).toString();
  }

  /** Whether this process holds the role now, taking it when it is free (false when another holds it). */
  async hold(): Promise<boolean> {
    if (!this.#databaseUrl || this.#client) return true;
    const client = new pg.Client({ connectionString: this.#databaseUrl, keepAlive: true });
    // A lost connection loses the lock with it: the next hold() tries anew.
    client.on('error', () => {
      if (this.#client === client) this.#client = null;
      void client.end().catch(() => undefined);
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock($1::bigint) AS taken', [
        this.#lockId,
      ]);
      if (rows[0]?.taken) {
        this.#client = client;
        return true;
      }
    } catch {
      // the database is unreachable: not elected, tried again later
    }
    await client.end().catch(() => undefined);
    return false;
  }

  /** Gives the role up (the connection closes, which frees the lock). */
  async release(): Promise<void> {
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }
}
