/**
 * Mutual exclusion by key across every dashboard process that shares one PostgreSQL:
 * session-level advisory locks held on a connection of their own for the duration of `fn`.
 *
 * - Keys become 64-bit lock ids (the first 8 bytes of their SHA-256) and are taken in ascending
 *   id order, so two holders with overlapping keys cannot wait for each other in a cycle.
 * - A lock belongs to its connection: when the process dies (SIGKILL included) PostgreSQL closes
 *   the connection and releases the lock at once. TCP keep-alive bounds how long a connection
 *   whose host vanished is kept.
 * - Callers of the same process first queue on an in-process KeyedLock, so waiting applies of
 *   one process hold no connection and no lock of the others.
 *
 * Kept free of `server-only` so that tests and scripts can use it.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';

import { KeyedLock } from './keyed-lock';

export interface KeyLock {
  run<T>(keys: Iterable<string>, fn: () => Promise<T>): Promise<T>;
}

/** The advisory-lock id of a key: a signed 64-bit integer. */
export function lockIdOf(key: string): bigint {
  return createHash('sha256').update(key).digest().readBigInt64BE(0);
}

export class AdvisoryLock implements KeyLock {
  readonly #pool: pg.Pool;
  readonly #local = new KeyedLock();
  readonly #lockTimeoutMs: number;

  /** `lockTimeoutMs`: how long one key is waited for before the apply fails (default 2 minutes). */
  constructor(databaseUrl: string, options: { maxConnections?: number; lockTimeoutMs?: number } = {}) {
    this.#pool = new pg.Pool({
      connectionString: databaseUrl,
      max: options.maxConnections ?? 4,
      keepAlive: true,
      idleTimeoutMillis: 30_000,
    });
    // An idle connection that fails (the server restarted) is dropped by the pool; nothing waits on it.
    this.#pool.on('error', () => undefined);
    this.#lockTimeoutMs = options.lockTimeoutMs ?? 120_000;
  }

  run<T>(keys: Iterable<string>, fn: () => Promise<T>): Promise<T> {
    const unique = [...new Set(keys)];
    return this.#local.run(unique, () => this.#held(unique, fn));
  }

  async #held<T>(keys: string[], fn: () => Promise<T>): Promise<T> {
    const ids = [...new Set(keys.map(lockIdOf))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const client = await this.#pool.connect();
    let broken = false;
    try {
      try {
        await client.query(`SET lock_timeout = ${Math.max(1, Math.round(this.#lockTimeoutMs))}`);
        for (const id of ids) await client.query('SELECT pg_advisory_lock($1::bigint)', [id.toString()]);
      } catch (error) {
        broken = true;
        throw error;
      }
      return await fn();
    } finally {
      try {
        await client.query('SELECT pg_advisory_unlock_all()');
      } catch {
        broken = true;
      }
      // A connection whose state is uncertain is closed, which releases whatever it still holds.
      client.release(broken);
    }
  }

  close(): Promise<void> {
    return this.#pool.end();
  }
}
