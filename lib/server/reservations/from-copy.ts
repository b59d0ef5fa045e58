import 'server-only';

import { GuestbookApiError } from '../../guestbook';
import type { Condition } from '../../guestbook/filters';
import type { Reservation } from '../../guestbook/schemas';
import { COPY_FRESH_MS, reportStaleAnswer } from '../api';
import { getDb } from '../db';
import { toPage, type EntityChoice, type PageOf } from '../directory';
import { processWide } from '../process-wide';
import {
  findInCopy,
  keepInCopy,
  keepSearchAnswer,
  lastSearchAnswer,
  NOTE_EVERY_MS,
  noteWatched,
  reviseSearchAnswers,
  searchCopy,
  searchCopyAll,
} from '../reservations-copy';

/**
 * A page read `entity`'s reservations: the entity is watched, so the sync keeps its window (noted
 * at most every NOTE_EVERY_MS by this process).
 */
async function watching(entity: EntityChoice | null, now = Date.now()): Promise<void> {
  if (!entity) return;
  const noted = processWide('when this process last noted each watched entity', () => new Map<string, number>());
  if (now - (noted.get(entity.id) ?? 0) < NOTE_EVERY_MS) return;
  noted.set(entity.id, now);
  await noteWatched(await getDb(), entity.id, new Date(now));
}

/** Refusals for the request budget (the partner's, the member's share, the API's own limit): nothing was sent. */
const budgetRefusal = (e: unknown) =>
  e instanceof GuestbookApiError && (e.code === 'busy' || e.code === 'over_share' || e.code === 'rate_limited');

/**
 * What the copy of an entity's window answered (null: it cannot answer), or else the API's
 * answer (`read`). A copy whose last turn is at most COPY_FRESH_MS old answers; an older one only
 * when the API cannot be asked for the budget, and the page then says as of when (readApi's
 * `asOf`). The copy's answer is the API's own (a property test holds the search to that).
 */
async function copyOrApi<T>(
  copy: { value: T; asOf: Date } | null,
  read: () => Promise<T>,
  now = Date.now(),
): Promise<T> {
  if (copy && now - copy.asOf.getTime() <= COPY_FRESH_MS) return copy.value;
  if (!copy) return read();
  try {
    return await read();
  } catch (e) {
    if (!budgetRefusal(e)) throw e;
    reportStaleAnswer(copy.asOf.getTime());
    return copy.value;
  }
}

/**
 * A page of a search of an entity's reservations: from the copy when its dates lie inside the
 * window, else the API's (`read`); when the budget has no room for that read, the API's last
 * answer to the same search in the same context (`answers`), if one was kept, as of when it was read.
 */
export async function searchWithCopy(
  entity: EntityChoice | null,
  q: { conditions: readonly Condition[]; page: number; limit: number; sort?: string },
  read: () => Promise<PageOf<Reservation>>,
  answers: { context: string; query: string },
): Promise<PageOf<Reservation>> {
  await watching(entity);
  const copy = entity ? await searchCopy(await getDb(), entity.id, q.conditions, q.page, q.limit, q.sort) : null;
  return copyOrApi(copy && { value: toPage(copy), asOf: copy.asOf }, () => apiOrLastAnswer(answers, read));
}

async function apiOrLastAnswer(
  { context, query }: { context: string; query: string },
  read: () => Promise<PageOf<Reservation>>,
): Promise<PageOf<Reservation>> {
  try {
    return await read();
  } catch (e) {
    if (!budgetRefusal(e)) throw e;
    const last = await lastSearchAnswer(await getDb(), context, query, new Date());
    if (!last) throw e;
    reportStaleAnswer(last.readAt.getTime());
    return last.answer;
  }
}

/** After the API answered a search (read at `readAt`): its answer is kept for when the budget has no room. */
export async function keepAnswer(
  { context, query }: { context: string; query: string },
  page: PageOf<Reservation>,
  readAt: Date,
): Promise<void> {
  await keepSearchAnswer(await getDb(), context, query, page, readAt);
}

/** One reservation for its page: from the copy when it holds it, else the API's (`read`). */
export async function reservationWithCopy(
  entity: EntityChoice | null,
  id: string,
  read: () => Promise<Reservation | null>,
): Promise<Reservation | null> {
  await watching(entity);
  const copy = entity ? await findInCopy(await getDb(), entity.id, id) : null;
  return copyOrApi(copy && { value: copy.reservation, asOf: copy.asOf }, read);
}

/** Every reservation of a search inside the window (the overview's days): from the copy, else the API's (`read`). */
export async function allWithCopy(
  entity: EntityChoice | null,
  conditions: readonly Condition[],
  read: () => Promise<Reservation[]>,
): Promise<Reservation[]> {
  await watching(entity);
  const copy = entity ? await searchCopyAll(await getDb(), entity.id, conditions, 'date') : null;
  return copyOrApi(copy && { value: copy.data, asOf: copy.asOf }, read);
}

/** After the console's write to a reservation of `context` (an entity id): the copy holds the API's answer at once. */
export async function keepWrittenInCopy(context: string, reservation: Reservation): Promise<void> {
  await keepInCopy(await getDb(), context, reservation, new Date());
}

/** After the console's write to a reservation: the kept answers of `context` (a context key) that list it show it as written. */
export async function reviseKeptAnswers(context: string, reservation: Reservation): Promise<void> {
  await reviseSearchAnswers(await getDb(), context, reservation);
}
