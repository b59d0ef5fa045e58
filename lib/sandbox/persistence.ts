import { mkdirSync } from 'node:fs';

import { COLLECTIONS, emptyWorld, type CollectionName, type WorldData } from './model';

export interface Change {
  collection: CollectionName;
  id: string;
  /** null removes the record */
  body: unknown;
}

/** Where a sandbox keeps its world between runs. */
export interface Persistence {
  load(): Promise<WorldData | null>;
  save(changes: readonly Change[]): Promise<void>;
  replaceAll(world: WorldData): Promise<void>;
  close(): Promise<void>;
}

interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec?(sql: string): Promise<unknown>;
}

const DDL = `create table if not exists sandbox_records (
  collection text not null,
  id text not null,
  body jsonb not null,
  primary key (collection, id)
)`;

/**
 * The world as one row per record (collection, id, jsonb body): the same SQL on the embedded
 * PGlite database and on PostgreSQL. Writes of one request go in one statement, in order.
 */
class SqlPersistence implements Persistence {
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: Queryable,
    private readonly closeDb: () => Promise<void>,
  ) {}

  async init(): Promise<this> {
    await this.db.query(DDL);
    return this;
  }

  async load(): Promise<WorldData | null> {
    const { rows } = await this.db.query<{ collection: string; id: string; body: unknown }>(
      'select collection, id, body from sandbox_records',
    );
    if (rows.length === 0) return null;
    const world = emptyWorld();
    for (const row of rows) {
      const map = world[row.collection as CollectionName] as Map<string, unknown> | undefined;
      map?.set(row.id, typeof row.body === 'string' ? JSON.parse(row.body) : row.body);
    }
    return world;
  }

  save(changes: readonly Change[]): Promise<void> {
    if (changes.length === 0) return this.#queue.then(() => undefined);
    const upserts = changes
      .filter((c) => c.body !== null)
      .map((c) => ({ collection: c.collection, id: c.id, body: c.body }));
    const deletes = changes.filter((c) => c.body === null).map((c) => ({ collection: c.collection, id: c.id }));
    const run = async () => {
      if (upserts.length) {
        await this.db.query(
          `insert into sandbox_records (collection, id, body)
           select collection, id, body from jsonb_to_recordset($1::jsonb) as x(collection text, id text, body jsonb)
           on conflict (collection, id) do update set body = excluded.body`,
          [JSON.stringify(upserts)],
        );
      }
      if (deletes.length) {
        await this.db.query(
          `delete from sandbox_records r using jsonb_to_recordset($1::jsonb) as x(collection text, id text)
           where r.collection = x.collection and r.id = x.id`,
          [JSON.stringify(deletes)],
        );
      }
    };
    const next = this.#queue.then(run);
    this.#queue = next.catch(() => undefined);
    return next;
  }

  async replaceAll(world: WorldData): Promise<void> {
    await this.#queue;
    await this.db.query('delete from sandbox_records');
    const changes: Change[] = [];
    for (const collection of COLLECTIONS) {
      for (const [id, body] of world[collection] as Map<string, unknown>) changes.push({ collection, id, body });
    }
    for (let i = 0; i < changes.length; i += 5_000) await this.save(changes.slice(i, i + 5_000));
  }

  async close(): Promise<void> {
    await this.#queue;
    await this.closeDb();
  }
}

/** The embedded default: PGlite in a directory (persisted), or PostgreSQL when a URL is given. */
export async function openPersistence(opts: { dataDir?: string; databaseUrl?: string }): Promise<Persistence> {
  if (opts.databaseUrl) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 1 });
    return new SqlPersistence({ query: (sql, params) => pool.query(sql, params as unknown[]) as never }, () =>
      pool.end(),
    ).init();
  }
  if (!opts.dataDir) throw new Error('openPersistence needs a dataDir or a databaseUrl');
  mkdirSync(opts.dataDir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(opts.dataDir);
  return new SqlPersistence({ query: (sql, params) => db.query(sql, params) as never }, () => db.close()).init();
}
