import { and, eq, lte } from 'drizzle-orm';

import type { DashboardDb } from '../db/open';
import { exportRuns } from '../db/schema';

/**
 * Limits of the reservations CSV export (a bulk read of guest personal data that walks every
 * page of a search through the request budget every staff member shares):
 *
 * - one export per staff member at a time (takeExportSlot, in the dashboard database);
 * - at most `exportMaxRows` rows (EXPORT_MAX_ROWS, default 50,000), refused before a page is read;
 * - all exports together read at most EXPORT_BUDGET_SHARE of the client's requests per minute
 *   (ExportPacer), so pages stay fast while one runs.
 */

/** The share of the client's per-minute request budget that export page reads may spend, all exports together. */
export const EXPORT_BUDGET_SHARE = 1 / 4;
/** Rows per API page read by an export (the API's largest page). */
export const EXPORT_PAGE_SIZE = 100;

/** How long a running export holds its member's slot unless it ends first (a dead process's slot frees itself then). */
export const EXPORT_LEASE_MS = 30 * 60_000;

/**
 * Takes the staff member's one export slot, in the dashboard database so that it holds across
 * every server process: a release function, or null while another export of theirs runs. One
 * atomic upsert, which only takes over a slot whose lease has run out.
 */
export async function takeExportSlot(
  db: DashboardDb,
  staffId: string,
  now = new Date(),
): Promise<(() => Promise<void>) | null> {
  const expiresAt = new Date(now.getTime() + EXPORT_LEASE_MS);
  const [taken] = await db
    .insert(exportRuns)
    .values({ staffId, startedAt: now, expiresAt })
    .onConflictDoUpdate({
      target: exportRuns.staffId,
      set: { startedAt: now, expiresAt },
      setWhere: lte(exportRuns.expiresAt, now),
    })
    .returning({ startedAt: exportRuns.startedAt });
  if (!taken) return null;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await db.delete(exportRuns).where(and(eq(exportRuns.staffId, staffId), eq(exportRuns.startedAt, taken.startedAt)));
  };
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
export const exportPagesPerMinute = (perMinute: number): number =>
  Math.max(1, Math.floor(perMinute * EXPORT_BUDGET_SHARE));
