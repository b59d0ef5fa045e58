import 'server-only';

import { AsyncLocalStorage } from 'node:async_hooks';
import { unstable_rethrow } from 'next/navigation';
import { cache } from 'react';

import type { CopyRef } from '../../directory/schemas';
import { GuestbookApiError } from '../../guestbook';
import { describeApiError, getFormatter, inReadersLanguage } from '../http';
import { processWide } from '../process-wide';
import { getApiClient } from './guestbook';

/**
 * When the answers a page shows were read, and that time in the member's words ("14:02 UTC");
 * `resumesAt`: the API itself asked for no requests until then (a 429, a spent window), as
 * "14:03:30 UTC", rather than the partner's own budget having no room.
 */
export interface AsOf {
  at: Date;
  label: string;
  resumesAt?: string;
  /** the directory's copies (a resource in a context) older than COPY_FRESH_MS this page read, for "Refresh now" */
  copies?: OldCopy[];
}

/** A resource of the directory's copy, in one context ('partner', 'default' or an entity id). */
export type OldCopy = CopyRef;

/**
 * How old the directory's copy may be before a page says "as of" and offers "Refresh now": a
 * minute (the sync's cadence while anyone is signed in), plus the time a turn takes.
 */
export const COPY_FRESH_MS = 70_000;

/**
 * A read's outcome for its page. `asOf`: some of the data is an answer kept in the dashboard's
 * database, served because the request budget had no room for a new request (from-copy.ts's
 * apiOrKept), or a copy older than COPY_FRESH_MS; when it was read, for the page to say how old
 * what it shows is (AsOfNote).
 */
export type ReadResult<T> = { ok: true; data: T; asOf?: AsOf } | { ok: false; error: string; status?: number };

interface StaleCollector {
  /** when the oldest stored answer served to this read was requested (ms), or null */
  oldest: number | null;
  /** the copies older than COPY_FRESH_MS served to this read, by `resource:context` */
  copies?: Map<string, OldCopy>;
}

// Process-wide: every module reports through the one instance (see logger.ts).
const staleAnswers = processWide(
  'the stored answers a page render was served, with their age',
  () => new AsyncLocalStorage<StaleCollector>(),
);

/** Whether the code running can show the age of a stored answer (it runs inside readApi). */
export const canShowAnswerAge = (): boolean => staleAnswers.getStore() !== undefined;

/**
 * The stored answers served during one render: a read deduplicated with React's `cache` (one
 * promise for the layout's and the page's callers) reports to its first caller only, so every
 * readApi of the render also looks here.
 */
const servedThisRender = cache((): StaleCollector => ({ oldest: null }));

const note = (collector: StaleCollector, startedAt: number) =>
  void (collector.oldest = Math.min(collector.oldest ?? startedAt, startedAt));

/** A kept answer was served to the read running (from-copy's apiOrKept calls this), its request started at `startedAt`. */
export function reportStaleAnswer(startedAt: number): void {
  const collector = staleAnswers.getStore();
  if (!collector) return;
  note(collector, startedAt);
  note(servedThisRender(), startedAt);
}

/**
 * A page's read served from the directory's copy, synced at `syncedAt`: older than COPY_FRESH_MS,
 * the page says so (readApi's `asOf`, with the copy for its "Refresh now").
 */
export function reportCopyAge(copy: OldCopy, syncedAt: Date, now = Date.now()): void {
  if (now - syncedAt.getTime() <= COPY_FRESH_MS) return;
  for (const collector of [staleAnswers.getStore(), servedThisRender()]) {
    if (!collector) continue;
    note(collector, syncedAt.getTime());
    (collector.copies ??= new Map()).set(`${copy.resource}:${copy.context}`, copy);
  }
}

/**
 * Runs a server read and turns an API failure into a message the page shows in its error state.
 * A stored answer served instead of a wait for the request budget comes back as `asOf`.
 */
export async function readApi<T>(read: () => Promise<T>): Promise<ReadResult<T>> {
  const collector: StaleCollector = { oldest: null };
  try {
    const data = await staleAnswers.run(collector, read);
    const render = servedThisRender();
    if (render.oldest !== null) note(collector, render.oldest);
    if (collector.oldest === null) return { ok: true, data };
    // A read inside another's: the outer one shows the age too.
    reportStaleAnswer(collector.oldest);
    const at = new Date(collector.oldest);
    const blocked = getApiClient().blockedUntil();
    const resumesAt = blocked ? `${blocked.toISOString().slice(11, 19)} UTC` : undefined;
    const copies = [...new Map([...(collector.copies ?? []), ...(render.copies ?? [])]).values()];
    return {
      ok: true,
      data,
      asOf: { at, label: await timeLabel(at), ...(resumesAt && { resumesAt }), ...(copies.length && { copies }) },
    };
  } catch (e) {
    if (e instanceof GuestbookApiError)
      return { ok: false, error: await inReadersLanguage(describeApiError(e).said), status: e.status };
    throw e;
  }
}

/** "14:02 UTC" in the member's locale and zone; outside a request (no headers to read it from), in the time's plain form. */
async function timeLabel(at: Date): Promise<string> {
  try {
    return (await getFormatter()).momentTime(at);
  } catch (e) {
    unstable_rethrow(e);
    return `${at.toISOString().slice(11, 19)} UTC`;
  }
}

/** The oldest `asOf` among a page's results (undefined: everything is current), for its AsOfNote. */
export function oldestAsOf(...results: readonly (ReadResult<unknown> | null | undefined)[]): AsOf | undefined {
  let oldest: AsOf | undefined;
  const copies = new Map<string, OldCopy>();
  for (const r of results) {
    if (!r?.ok || !r.asOf) continue;
    for (const c of r.asOf.copies ?? []) copies.set(`${c.resource}:${c.context}`, c);
    if (!oldest || r.asOf.at < oldest.at) oldest = r.asOf;
  }
  return oldest && copies.size ? { ...oldest, copies: [...copies.values()] } : oldest;
}
