/**
 * Reads whose answer is the same for every caller (the partner identity, the entity list, an
 * entity's venues or commitments, one reservation search), shared by everyone a server serves:
 *
 * - callers asking for one key while its request is in flight share that request;
 * - a settled answer is served again while it is younger than `maxAgeMs()` — which its owner
 *   decides, e.g. 0 while the request budget has room (always a new request), some seconds once
 *   it runs short (a recent answer instead of a wait in the budget's queue);
 * - `forget(prefix)` drops the answers and requests in flight that a write made stale, so the
 *   next caller reads anew. Failures are never kept.
 *
 * Answers are shared by reference: callers must not change them.
 */
export interface SharedReadsOptions {
  now: () => number;
  /** how old (ms since its request started) an answer may be to be served again; 0: never */
  maxAgeMs: () => number;
  /** answers kept at most, the least recently stored dropped first (default 500) */
  maxEntries?: number;
}

export interface SharedReadStats {
  /** requests made */
  loads: number;
  /** callers that joined a request in flight */
  joined: number;
  /** callers served a stored answer */
  reused: number;
}

interface Entry {
  startedAt: number;
  /** when the answer arrived; null while in flight */
  settledAt: number | null;
  pending: Promise<unknown> | null;
  value: unknown;
}

export class SharedReads {
  readonly #entries = new Map<string, Entry>();
  readonly #options: SharedReadsOptions;
  readonly stats: SharedReadStats = { loads: 0, joined: 0, reused: 0 };

  constructor(options: SharedReadsOptions) {
    this.#options = options;
  }

  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const existing = this.#entries.get(key);
    if (existing?.pending) {
      this.stats.joined++;
      return existing.pending as Promise<T>;
    }
    const now = this.#options.now();
    const maxAge = this.#options.maxAgeMs();
    if (existing && maxAge > 0 && now - existing.startedAt < maxAge) {
      this.stats.reused++;
      return Promise.resolve(existing.value as T);
    }
    this.stats.loads++;
    const entry: Entry = { startedAt: now, settledAt: null, pending: null, value: undefined };
    const pending = load().then(
      (value) => {
        if (this.#entries.get(key) === entry) {
          entry.value = value;
          entry.pending = null;
          entry.settledAt = this.#options.now();
        }
        return value;
      },
      (error: unknown) => {
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
        throw error;
      },
    );
    entry.pending = pending;
    this.#keep(key, entry);
    return pending;
  }

  /**
   * Keeps an answer read or returned just now by someone else (the API's answer to a write, a
   * fresh read made for a change) as the shared answer for `key`. A request in flight for the key
   * started earlier: it is not stored over this one.
   */
  store(key: string, value: unknown): void {
    const now = this.#options.now();
    this.#keep(key, { startedAt: now, settledAt: now, pending: null, value });
  }

  #keep(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    const max = this.#options.maxEntries ?? 500;
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= max) break;
      this.#entries.delete(oldest);
    }
  }

  /**
   * Rewrites the answers under `prefix` that arrived before `writeStartedAt`, for a write whose
   * effect on them is known. Answers that arrived later, and requests still in flight, may
   * already show part of the write: they are dropped instead.
   */
  revise<T>(prefix: string, writeStartedAt: number, revise: (value: T, key: string) => T): void {
    for (const [key, entry] of [...this.#entries]) {
      if (!key.startsWith(prefix)) continue;
      if (entry.settledAt === null || entry.settledAt >= writeStartedAt) this.#entries.delete(key);
      else entry.value = revise(entry.value as T, key);
    }
  }

  /** The settled answer for `key` if its request started less than `maxAgeMs` ago, without reading anything. */
  peek<T>(key: string, maxAgeMs: number): T | undefined {
    const entry = this.#entries.get(key);
    if (!entry || entry.settledAt === null || this.#options.now() - entry.startedAt >= maxAgeMs) return undefined;
    return entry.value as T;
  }

  /** Drops every answer (and request in flight) whose key starts with one of the prefixes. */
  forget(...prefixes: string[]): void {
    for (const key of [...this.#entries.keys()]) if (prefixes.some((p) => key.startsWith(p))) this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
