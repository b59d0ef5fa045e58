/**
 * Limits of the reservations CSV export (a bulk read of guest personal data that walks every
 * page of a search through the request budget every staff member shares):
 *
 * - one export per staff member at a time (ExportSlots);
 * - at most `exportMaxRows` rows (EXPORT_MAX_ROWS, default 50,000), refused before a page is read;
 * - all exports together read at most EXPORT_BUDGET_SHARE of the client's requests per minute
 *   (ExportPacer), so pages stay fast while one runs.
 */

/** The share of the client's per-minute request budget that export page reads may spend, all exports together. */
export const EXPORT_BUDGET_SHARE = 1 / 4;
/** Rows per API page read by an export (the API's largest page). */
export const EXPORT_PAGE_SIZE = 100;

/** One running export per key (a staff member's id). */
export class ExportSlots {
  readonly #running = new Set<string>();

  /** A release function when the key had no export running, else null. Releasing twice is harmless. */
  take(key: string): (() => void) | null {
    if (this.#running.has(key)) return null;
    this.#running.add(key);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#running.delete(key);
    };
  }

  get size(): number {
    return this.#running.size;
  }
}

/** Resolves after `ms`, or rejects when `signal` aborts first. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * At most `perMinute` page reads in any 60-second span, shared by every export of the process;
 * a caller over it waits (and stops waiting when its export is cancelled).
 */
export class ExportPacer {
  readonly #sent: number[] = [];

  constructor(
    readonly perMinute: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void> = abortableSleep,
  ) {}

  async take(signal?: AbortSignal): Promise<void> {
    for (;;) {
      const now = this.now();
      while (this.#sent.length && this.#sent[0]! <= now - 60_000) this.#sent.shift();
      if (this.#sent.length < this.perMinute) {
        this.#sent.push(now);
        return;
      }
      await this.sleep(this.#sent[0]! + 60_000 - now, signal);
    }
  }
}

/** The export's share of a client budget of `perMinute` requests. */
export const exportPagesPerMinute = (perMinute: number): number => Math.max(1, Math.floor(perMinute * EXPORT_BUDGET_SHARE));
