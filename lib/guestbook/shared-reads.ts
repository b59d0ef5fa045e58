/**
 * Reads whose answer is the same for every caller (the partner identity, the entity list, an
 * entity's venues or commitments, one reservation search), shared by everyone a server serves:
 *
 * - callers asking for one key while its request is in flight share that request;
 * - a settled answer is served again while it is younger than `maxAgeMs(key)` — which its owner
 *   decides, e.g. 0 while the request budget has room (always a new request), some seconds once
 *   it runs short (a recent answer instead of a wait in the budget's queue);
 * - when the caller could not send a request without waiting (its lane of the request budget is
 *   full, or the API asked for a wait), a stored answer up to `staleMaxAgeMs()` old is served at
 *   once instead, even while a newer request for it is in flight, and reported to `onStale` with
 *   the time its request started, for the page to say how old it is;
 * - a caller that may be served a stored answer up to `fallbackMaxAgeMs()` old, and has one,
 *   makes its request through `loadWithoutWaiting`: when the request would wait for the budget
 *   (`isWaitRefusal` recognises the refusal), the stored answer is served at once, as above;
 * - a request dropped because the caller who made it is gone (`isAbandoned`: its page view
 *   ended) is made again for each caller that joined it;
 * - `seed(key, value, startedAt)` keeps an answer another read brought (a reservation found by
 *   a search) where no newer one is kept;
 * - `forget(prefix)` marks the answers a write made stale, and drops the requests in flight, so
 *   the next caller reads anew (a marked answer is served only as a stored answer, with its age). Failures are never kept (the answer before a failed request stays).
 *
 * Answers are shared by reference: callers must not change them.
 */
export interface SharedReadsOptions {
  now: () => number;
  /** how old (ms since its request started) the answer for `key` may be to be served again; 0: never */
  maxAgeMs: (key: string) => number;
  /**
   * How old an answer may be when the caller cannot send a request at once (0, the default: the
   * caller can, or must not be served an old answer); such answers go to `onStale`.
   */
  staleMaxAgeMs?: () => number;
  /** an answer served because the caller could not send at once, with when its request started */
  onStale?: (startedAt: number, key: string) => void;
  /**
   * How old a stored answer may be to be served when the caller's request would have to wait
   * (0, the default: the caller waits). With it, the request is made through `loadWithoutWaiting`.
   */
  fallbackMaxAgeMs?: () => number;
  /** runs a load so that a request that would wait for the budget is refused at once instead */
  loadWithoutWaiting?: <T>(load: () => Promise<T>) => Promise<T>;
  /** whether an error is such a refusal (nothing was sent) */
  isWaitRefusal?: (error: unknown) => boolean;
  /** whether an error says the request was dropped for its caller alone (the caller's page view ended) */
  isAbandoned?: (error: unknown) => boolean;
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
  /** of which because they could not send at once (their answer reported to onStale) */
  stale: number;
}

interface Entry {
  startedAt: number;
  /** when the answer arrived; null while in flight */
  settledAt: number | null;
  pending: Promise<unknown> | null;
  value: unknown;
  /** while a request is in flight: the answer it will replace */
  previous: { startedAt: number; value: unknown } | null;
  /** a write may have changed it (forget): served only to a caller who cannot send at once */
  outdated?: boolean;
}

export class SharedReads {
  readonly #entries = new Map<string, Entry>();
  readonly #options: SharedReadsOptions;
  readonly stats: SharedReadStats = { loads: 0, joined: 0, reused: 0, stale: 0 };

  constructor(options: SharedReadsOptions) {
    this.#options = options;
  }

  read<T>(key: string, load: () => Promise<T>): Promise<T> {
    const existing = this.#entries.get(key);
    const now = this.#options.now();
    const settled = existing?.pending ? existing.previous : existing;
    if (settled) {
      const maxAge = existing?.pending || existing?.outdated ? 0 : this.#options.maxAgeMs(key);
      if (maxAge > 0 && now - settled.startedAt < maxAge) {
        this.stats.reused++;
        return Promise.resolve(settled.value as T);
      }
      const staleMaxAge = this.#options.staleMaxAgeMs?.() ?? 0;
      if (staleMaxAge > 0 && now - settled.startedAt < staleMaxAge)
        return Promise.resolve(this.#serveStale<T>(settled, key));
    }
    const fallbackMaxAge = settled && this.#options.loadWithoutWaiting ? (this.#options.fallbackMaxAgeMs?.() ?? 0) : 0;
    const fallback = settled && fallbackMaxAge > 0 && now - settled.startedAt < fallbackMaxAge ? settled : null;
    if (existing?.pending) {
      this.stats.joined++;
      // The request joined may be one that does not wait: if it was refused, serve the stored
      // answer, or (without one) read again, waiting. One dropped as its caller left is made again.
      return (existing.pending as Promise<T>).catch((error: unknown) => {
        if (this.#options.isAbandoned?.(error)) return this.read(key, load);
        if (!this.#options.isWaitRefusal?.(error)) throw error;
        return fallback ? this.#serveStale<T>(fallback, key) : this.read(key, load);
      });
    }
    this.stats.loads++;
    const entry: Entry = {
      startedAt: now,
      settledAt: null,
      pending: null,
      value: undefined,
      previous: existing ? { startedAt: existing.startedAt, value: existing.value } : null,
    };
    const loaded = fallback ? this.#options.loadWithoutWaiting!(load) : load();
    const pending = loaded.then(
      (value) => {
        if (this.#entries.get(key) === entry) {
          entry.value = value;
          entry.pending = null;
          entry.previous = null;
          entry.settledAt = this.#options.now();
        }
        return value;
      },
      (error: unknown) => {
        if (this.#entries.get(key) === entry) {
          if (existing) this.#entries.set(key, existing);
          else this.#entries.delete(key);
        }
        throw error;
      },
    );
    entry.pending = pending;
    this.#keep(key, entry);
    if (!fallback) return pending;
    return pending.catch((error: unknown) => {
      if (!this.#options.isWaitRefusal?.(error)) throw error;
      return this.#serveStale<T>(fallback, key);
    });
  }

  #serveStale<T>(answer: { startedAt: number; value: unknown }, key: string): T {
    this.stats.reused++;
    this.stats.stale++;
    this.#options.onStale?.(answer.startedAt, key);
    return answer.value as T;
  }

  /**
   * Keeps an answer read or returned just now by someone else (the API's answer to a write, a
   * fresh read made for a change) as the shared answer for `key`. A request in flight for the key
   * started earlier: it is not stored over this one.
   */
  store(key: string, value: unknown): void {
    const now = this.#options.now();
    this.#keep(key, { startedAt: now, settledAt: now, pending: null, value, previous: null });
  }

  /**
   * Keeps `value`, read by a request that started at `startedAt` for another key (a search that
   * returned this reservation), as the answer for `key`, unless a request for the key is in
   * flight or an answer as recent is kept.
   */
  seed(key: string, value: unknown, startedAt: number): void {
    const existing = this.#entries.get(key);
    if (existing && (existing.pending || existing.startedAt >= startedAt)) return;
    this.#keep(key, { startedAt, settledAt: this.#options.now(), pending: null, value, previous: null });
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
    if (!entry || entry.settledAt === null || entry.outdated || this.#options.now() - entry.startedAt >= maxAgeMs)
      return undefined;
    return entry.value as T;
  }

  /**
   * After a write: every answer (and request in flight) whose key starts with one of the prefixes
   * is never served again as current; the next caller reads anew. The answer stays only for a
   * caller who cannot send a request without waiting (`staleMaxAgeMs`, `fallbackMaxAgeMs`), whose
   * page says how old it is — older than the write.
   */
  forget(...prefixes: string[]): void {
    for (const [key, entry] of [...this.#entries]) {
      if (!prefixes.some((p) => key.startsWith(p))) continue;
      const settled = entry.pending ? entry.previous : entry;
      if (!settled) this.#entries.delete(key);
      else
        this.#entries.set(key, {
          startedAt: settled.startedAt,
          settledAt: settled.startedAt,
          pending: null,
          value: settled.value,
          previous: null,
          outdated: true,
        });
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
