import 'server-only';

import { and, gt, isNull, sql } from 'drizzle-orm';

import { getApiClient } from '../api';
import { setRequestTicket, withRequestTicket } from '../budget';
import { getConfig } from '../config';
import { Election } from '../coordination';
import { getDb } from '../db';
import { staffSessions } from '../db/schema';
import { logUnexpected } from '../log';
import { newRequestId, withRequestId } from '../log/logger';
import { onShutdown } from '../ops';
import { processWide } from '../process-wide';
import { syncTurn, type TurnReport } from './directory-sync';
import { nextTurnDelay, SyncPaused, SyncShare } from './pace';
import { reservationWindowTurns } from './reservations-sync';

/** Whether anyone is signed in: a session not signed out and not past its lifetime. */
async function anyoneSignedIn(now: Date): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(staffSessions)
    .where(and(isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now)))
    .limit(1);
  return rows.length > 0;
}

/**
 * The directory's background sync of this process: a turn at once, then one a minute
 * (DIRECTORY_SYNC_SECONDS) while anyone is signed in and every ten otherwise (slower when its
 * share would not cover the turns), only while this process is the one elected for the
 * deployment. Whether a turn is due (and, on a process not elected, whether the election is free)
 * is looked at every quarter of that interval, and the reservations window is read every half of
 * it while anyone is signed in. Stops on graceful shutdown.
 */
export class DirectorySyncRunner {
  readonly #election: Election;
  readonly #share: SyncShare;
  readonly #sharePercent: number;
  /** the turns' interval while anyone is signed in */
  readonly #activeIntervalMs: number;
  #timer: NodeJS.Timeout | undefined;
  #turn: Promise<void> | undefined;
  #stopped = false;
  /** the last turn: when it started, the requests it sent, and until when it was paused */
  #last: { at: number; requests: number; pausedUntil: number | null } | null = null;
  /** when the reservations window was last read */
  #lastWindowAt = 0;

  constructor() {
    const { databaseUrl, directorySync } = getConfig();
    this.#election = new Election(databaseUrl, 'directory-sync');
    this.#sharePercent = directorySync.sharePercent;
    this.#activeIntervalMs = directorySync.activeIntervalMs;
    this.#share = SyncShare.of(getApiClient().budget.perMinute, directorySync.sharePercent);
  }

  start(): void {
    this.#schedule(0);
  }

  #schedule(ms: number): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#turn = this.#runTurn().finally(() => (this.#turn = undefined));
    }, ms);
    this.#timer.unref();
  }

  async #runTurn(): Promise<void> {
    try {
      const now = Date.now();
      const active = await anyoneSignedIn(new Date(now));
      const paused = (this.#last?.pausedUntil ?? 0) > now;
      const due =
        this.#last === null ||
        now - this.#last.at >=
          nextTurnDelay({
            active,
            activeIntervalMs: this.#activeIntervalMs,
            lastTurnRequests: this.#last.requests,
            shareLimit: this.#share.limit,
            pausedUntil: this.#last.pausedUntil,
            now: this.#last.at,
          });
      // While anyone is signed in, the reservations window is read every other check (today and
      // tomorrow, and what was booked since): a guest's booking shows within half the interval.
      const windowDue = active && !paused && now - this.#lastWindowAt >= this.#activeIntervalMs / 2;
      if ((due || windowDue) && (await this.#election.hold())) {
        // Background work: the budget's lowest lane, for no member.
        const report = await withRequestId(newRequestId(), () =>
          withRequestTicket(() => {
            setRequestTicket({ purpose: 'sync' });
            return due ? this.#turnOfAll() : this.#windowTurn();
          }, 'background'),
        );
        this.#lastWindowAt = now;
        if (due) this.#last = { at: now, requests: report.requests, pausedUntil: report.pausedUntil };
        else if (report.pausedUntil !== null && this.#last) this.#last.pausedUntil = report.pausedUntil;
      }
    } catch (e) {
      logUnexpected('directory sync', e);
    }
    // Whether anyone signed in meanwhile (a turn a minute from then) is looked at again soon.
    this.#schedule(this.#activeIntervalMs / 4);
  }

  /** The reservations window alone, between the directory's turns. */
  async #windowTurn(): Promise<Pick<TurnReport, 'requests' | 'pausedUntil'>> {
    try {
      return { ...(await reservationWindowTurns(this.#share)), pausedUntil: null };
    } catch (e) {
      if (e instanceof SyncPaused) return { requests: 0, pausedUntil: e.resumeAt };
      throw e;
    }
  }

  /** The directory's copies, then (unless that paused) the reservations window of each entity. */
  async #turnOfAll(): Promise<TurnReport> {
    const report = await syncTurn(this.#share, this.#sharePercent);
    if (report.pausedUntil !== null) return report;
    try {
      const window = await reservationWindowTurns(this.#share);
      return { ...report, requests: report.requests + window.requests, changed: report.changed + window.changes };
    } catch (e) {
      if (e instanceof SyncPaused) return { ...report, pausedUntil: e.resumeAt };
      throw e;
    }
  }

  /** Stops the turns: the one running finishes, then the election is given up. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#turn;
    await this.#election.release();
  }
}

const globalForSync = processWide("this process's directory sync runner", () => ({
  directorySyncRunner: undefined as DirectorySyncRunner | undefined,
}));

/** Starts the directory's background sync once per process (unless DIRECTORY_SYNC=off); stopped on graceful shutdown. */
export function startDirectorySync(): void {
  if (!getConfig().directorySync.enabled || globalForSync.directorySyncRunner) return;
  const runner = (globalForSync.directorySyncRunner = new DirectorySyncRunner());
  onShutdown(() => runner.stop());
  runner.start();
}
