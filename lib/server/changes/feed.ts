/**
 * Each process's reader of the change feed: it wakes on a notification, after every (re)connect
 * of its listener and every 30 s, reads every row newer than the last id it has seen, and hands
 * them to its subscribers in id order, each once. The table is the truth; a notification only
 * says "read now", so one missed while the listener was away costs nothing but a delay.
 *
 * On PostgreSQL the listener is one dedicated `pg.Client` per process (never a pool checkout, and
 * never through a transaction-mode pooler, where LISTEN silently fails), LISTENing again after a
 * reconnect with a growing pause. On the embedded database, one process by construction, PGlite's
 * own listen does the same in-process. Plain Node (no server-only): the tests run it.
 */
import pg from 'pg';

import type { ChangeEvent } from '../../changes/events';
import { logUnexpected } from '../log/log';
import { CHANGE_CHANNEL, changesAfter, lastChangeId, pruneChanges, type DbExecutor } from './record';

/** What wakes the reader: `onWake` on each notification and after each (re)connect. */
export interface WakeSource {
  start(onWake: () => void): Promise<void>;
  stop(): Promise<void>;
}

export const FEED_POLL_MS = 30_000;
const READ_BATCH = 500;
/** The rows past the retention are deleted once an hour's worth of polls. */
const PRUNE_EVERY_POLLS = 120;

/** PostgreSQL: one dedicated connection that LISTENs, reconnecting with a growing pause (0.25 s … 10 s). */
export function postgresListener(connectionString: string, options: { maxPauseMs?: number } = {}): WakeSource {
  let stopped = false;
  let client: pg.Client | null = null;
  const maxPause = options.maxPauseMs ?? 10_000;
  const firstPause = Math.min(250, maxPause);
  let pause = firstPause;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let wake: () => void = () => undefined;

  const reconnectLater = () => {
    if (stopped || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void connect();
    }, pause);
    timer.unref?.();
    pause = Math.min(pause * 2, maxPause);
  };

  const connect = async () => {
    const c = new pg.Client({ connectionString, application_name: 'guestbook-change-feed', keepAlive: true });
    client = c;
    let failed = false;
    const lost = () => {
      if (failed) return;
      failed = true;
      if (client === c) client = null;
      c.end().catch(() => undefined);
      reconnectLater();
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => n.channel === CHANGE_CHANNEL && wake());
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (stopped) return void (await c.end().catch(() => undefined));
      pause = firstPause;
      // Whatever was written while the listener was away is read now.
      wake();
    } catch {
      lost();
    }
  };

  return {
    async start(onWake) {
      wake = onWake;
      await connect();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}

/** The embedded database: PGlite's listen inside the one process. */
export function pgliteListener(pglite: {
  listen(channel: string, cb: (payload: string) => void): Promise<() => Promise<void>>;
}): WakeSource {
  let unlisten: (() => Promise<void>) | null = null;
  return {
    async start(onWake) {
      unlisten = await pglite.listen(CHANGE_CHANNEL, () => onWake());
      onWake();
    },
    async stop() {
      await unlisten?.();
    },
  };
}

export type ChangeSubscriber = (events: readonly ChangeEvent[]) => void;

export class ChangeFeed {
  #last = 0;
  readonly #subscribers = new Set<ChangeSubscriber>();
  #reading: Promise<void> | null = null;
  #again = false;
  #timer: ReturnType<typeof setInterval> | null = null;
  #polls = 0;

  constructor(
    readonly db: DbExecutor,
    readonly source: WakeSource,
    readonly pollMs = FEED_POLL_MS,
  ) {}

  /** Starts from the newest row: what came before is a stream's catch-up (`changesAfter`), not the feed's. */
  async start(): Promise<void> {
    this.#last = await lastChangeId(this.db);
    await this.source.start(() => this.wake());
    this.#timer = setInterval(() => {
      this.wake();
      if (++this.#polls % PRUNE_EVERY_POLLS === 0)
        void pruneChanges(this.db).catch((e: unknown) => logUnexpected('change feed prune', e));
    }, this.pollMs);
    this.#timer.unref?.();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    await this.source.stop();
    await this.#reading;
  }

  /** The newest id handed to the subscribers. */
  get lastId(): number {
    return this.#last;
  }

  subscribe(fn: ChangeSubscriber): () => void {
    this.#subscribers.add(fn);
    return () => void this.#subscribers.delete(fn);
  }

  /** Reads the new rows now (one read at a time; a wake during a read reads again after it). Resolves when read. */
  wake(): Promise<void> {
    if (this.#reading) {
      this.#again = true;
      return this.#reading;
    }
    this.#reading = (async () => {
      try {
        do {
          this.#again = false;
          await this.#readAll();
        } while (this.#again);
      } catch (e) {
        // The database is away: the next wake (a reconnect, the poll) reads what was missed.
        logUnexpected('change feed read', e);
      } finally {
        this.#reading = null;
      }
    })();
    return this.#reading;
  }

  async #readAll(): Promise<void> {
    for (;;) {
      const events = await changesAfter(this.db, this.#last, READ_BATCH);
      if (!events.length) return;
      this.#last = events.at(-1)!.id;
      for (const fn of this.#subscribers) {
        try {
          fn(events);
        } catch (e) {
          logUnexpected('change feed subscriber', e);
        }
      }
      if (events.length < READ_BATCH) return;
    }
  }
}
