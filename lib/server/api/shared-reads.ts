import 'server-only';

import { GuestbookApiError } from '../../guestbook';
import { SharedReads } from '../../guestbook/shared-reads';
import { currentRequestTicket, withoutWaiting } from '../budget';
import { processWide } from '../process-wide';
import { getApiClient } from './guestbook';
import { canShowAnswerAge, reportStaleAnswer } from './read';

/**
 * How old a shared answer may be, unmarked, by how much of the request budget is used: fresh
 * reads while, at the pace of the last 10 s, a third of the minute's budget would still be left
 * 10 s from now (used + the last 10 s's < two thirds); then answers up to 15 s old, which save
 * requests for what cannot be shared. So a burst, such as a whole team signing in at once, shares
 * its reads once it has spent a third of the budget, instead of spending most of the minute in
 * seconds and leaving the saves that follow to wait for it to pass.
 */
export function sharedMaxAgeMs({
  used,
  lastTenSeconds,
  perMinute,
}: {
  used: number;
  lastTenSeconds: number;
  perMinute: number;
}): number {
  if (used + lastTenSeconds < (perMinute * 2) / 3) return 0;
  return 15_000;
}

/**
 * What background work (a page read ahead, a poll, a suggestion) may take from the reads the
 * page just made, whatever the budget: the directory its own reads stand in (the identity, the
 * entity list that decides the entity's context, the venues), up to 15 s old. What it reads for
 * itself (reservations, commitments) follows sharedMaxAgeMs like everything else.
 */
export function backgroundMaxAgeMs(key: string): number {
  const directory = [SHARED.identity, SHARED.entityList, 'venues:'];
  return directory.some((prefix) => key === prefix || key.startsWith(prefix)) ? 15_000 : 0;
}

/**
 * A directory read (the identity, the entity list) made only to decide which entity a request
 * works in, not to show it: the answer a request of this process had in the last 15 s
 * (backgroundMaxAgeMs's directory age), else a new read. A page that shows the identity or the
 * list reads it as usual. A change decided in a context that moved meanwhile (an entity
 * unassigned in those seconds) is refused by the API, which checks every request's context.
 */
export function contextRead<T>(key: string, read: () => Promise<T>): Promise<T> {
  const recent = getSharedReads().peek<T>(key, backgroundMaxAgeMs(key));
  return recent !== undefined ? Promise.resolve(recent) : read();
}

/** The oldest answer served at once instead of a wait for the budget (marked with its age). */
export const STALE_MAX_AGE_MS = 10 * 60_000;

/**
 * The reads every staff member shares: identity, entities, venues, markets, delegates, the grid's
 * commitment rows, reservation searches, and the reservation and entity shown on their pages
 * (a reservation a search returned among them),
 * keyed by what they read (and the entity whose context they read in); changes read what they
 * change anew, never from here. Page renders asking for one of them at the same time share one
 * API request. While the budget, at its pace, keeps a third free every render reads anew; beyond
 * that, an answer up to 15 s old is served (sharedMaxAgeMs). Background work takes the directory
 * the page just read (backgroundMaxAgeMs). When the render's lane of the budget
 * has no room at once (RequestBudget.canSendNow, or a request that would wait), an answer up to
 * 10 minutes old is served at once instead of a wait, and the page shows its age (readApi's `asOf`, AsOfNote). Writes through
 * the dashboard forget, revise or replace the answers they change.
 */
export function getSharedReads(): SharedReads {
  return processWide('the API answers shared by page renders, in flight and stored', () => newSharedReads());
}

function newSharedReads(): SharedReads {
  return new SharedReads({
    now: () => Date.now(),
    maxAgeMs: (key) =>
      Math.max(
        sharedMaxAgeMs(getApiClient().budget),
        currentRequestTicket().lane === 'background' ? backgroundMaxAgeMs(key) : 0,
      ),
    // Only where the page can say how old it is (inside readApi), never silently.
    staleMaxAgeMs: () => (canShowAnswerAge() && !getApiClient().canSendNow() ? STALE_MAX_AGE_MS : 0),
    // And where it can, a read with a stored answer does not wait for the budget: if its request
    // would wait, the stored answer is served at once.
    fallbackMaxAgeMs: () => (canShowAnswerAge() ? STALE_MAX_AGE_MS : 0),
    loadWithoutWaiting: (load) => withoutWaiting(load),
    isWaitRefusal: (error) => error instanceof GuestbookApiError && error.code === 'busy',
    isAbandoned: (error) => error instanceof GuestbookApiError && error.code === 'aborted',
    onStale: (startedAt) => reportStaleAnswer(startedAt),
  });
}

export const sharedRead = <T>(key: string, load: () => Promise<T>): Promise<T> => getSharedReads().read(key, load);

/** After a write: the shared answers it may have made stale are read anew by the next caller. */
export const forgetSharedReads = (...prefixes: string[]): void => getSharedReads().forget(...prefixes);

/** After a write whose effect is known: the shared answers under `prefix` read before it began, rewritten to show it (see SharedReads.revise). */
export const reviseSharedReads = <T>(
  prefix: string,
  writeStartedAt: number,
  revise: (value: T, key: string) => T,
): void => getSharedReads().revise(prefix, writeStartedAt, revise);

/** An answer another read brought (a reservation in a search's page), kept for `key` unless a newer one is. */
export const seedSharedRead = (key: string, value: unknown, startedAt: number): void =>
  getSharedReads().seed(key, value, startedAt);

/** After a write: its answer (the API's state right after it), or a read made for it just now, kept as the shared answer for `key`. */
export const storeSharedRead = (key: string, value: unknown): void => getSharedReads().store(key, value);

/** Key prefixes of the shared reads, for forgetSharedReads. */
export const SHARED = {
  identity: 'identity',
  /** the list of entities */
  entityList: 'entities:list',
  /** `entities:id:<id>`: one entity, for its page */
  entity: 'entities:id:',
  /** `commitments:<entity id>` and `…?venue=<id>&program=<id>`: the entity's rows on the grid, whole or narrowed */
  commitments: 'commitments:',
  /** `reservations:<entity id>:search:…` and `…:id:<id>`: searches and reservations in the entity's context */
  reservations: 'reservations:',
} as const;
