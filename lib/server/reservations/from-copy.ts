import 'server-only';

import { isBudgetRefusal, type GuestbookApiError } from '../../guestbook';
import type { Condition } from '../../guestbook/filters';
import type { Reservation } from '../../guestbook/schemas';
import { COPY_FRESH_MS, reportStaleAnswer } from '../api';
import { getDb } from '../db';
import { toPage, type EntityChoice, type PageOf } from '../directory';
import { processWide } from '../process-wide';
import {
  bookContext,
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

/** An answer kept in the dashboard's database, and when it was read. */
type Kept<T> = { value: T; asOf: Date };

/** Looks up an answer kept, for a read the budget refused (`refusal`). */
type LookUp<T> = (refusal: GuestbookApiError) => Promise<Kept<T> | null>;

/**
 * The book answers a page only when the partner's budget or the API's limit has no room, never a
 * member over their own share: that member is told so, or a flood of searches (a script with a
 * copied session) would be served the whole book without limit.
 */
const inBook =
  <T>(lookUp: () => Promise<Kept<T> | null>): LookUp<T> =>
  (refusal) =>
    refusal.code === 'over_share' ? Promise.resolve(null) : lookUp();

/**
 * The API's answer (`read`); when the budget has no room for it, the first of the answers kept
 * (`kept`, looked up in turn) that exists, and the page says as of when (readApi's `asOf`).
 */
async function apiOrKept<T>(read: () => Promise<T>, kept: LookUp<T>[]): Promise<T> {
  try {
    return await read();
  } catch (e) {
    if (!isBudgetRefusal(e)) throw e;
    for (const lookUp of kept) {
      const answer = await lookUp(e);
      if (!answer) continue;
      reportStaleAnswer(answer.asOf.getTime());
      return answer.value;
    }
    throw e;
  }
}

/**
 * What the copy of an entity's window answered (null: it cannot answer), or else the API's
 * answer (`read`). A copy whose last turn is at most COPY_FRESH_MS old answers; an older one only
 * when the API cannot be asked for the budget, and then before the other answers kept
 * (`elsewhere`). The copy's answer is the API's own (a property test holds the search to that).
 */
async function copyOrApi<T>(
  copy: Kept<T> | null,
  read: () => Promise<T>,
  elsewhere: LookUp<T>[] = [],
  now = Date.now(),
): Promise<T> {
  if (copy && now - copy.asOf.getTime() <= COPY_FRESH_MS) return copy.value;
  return apiOrKept(read, copy ? [async () => copy, ...elsewhere] : elsewhere);
}

/**
 * A page of a search of an entity's reservations: from the copy when its dates lie inside the
 * window, else the API's (`read`); when the budget has no room for that read, the API's last
 * answer to the same search in the same context (`answers`), if one was kept, else the answer of
 * the entity's book (every reservation, read every few minutes), each as of when it was read.
 */
export async function searchWithCopy(
  entity: EntityChoice | null,
  q: { conditions: readonly Condition[]; page: number; limit: number; sort?: string },
  read: () => Promise<PageOf<Reservation>>,
  answers: { context: string; query: string },
): Promise<PageOf<Reservation>> {
  await watching(entity);
  const db = await getDb();
  const copy = entity ? await searchCopy(db, entity.id, q.conditions, q.page, q.limit, q.sort) : null;
  const lastAnswer = async () => {
    const last = await lastSearchAnswer(db, answers.context, answers.query, new Date());
    return last && { value: last.answer, asOf: last.readAt };
  };
  const fromBook = inBook(async () => {
    const page = entity && (await searchCopy(db, bookContext(entity.id), q.conditions, q.page, q.limit, q.sort));
    return page ? { value: toPage(page), asOf: page.asOf } : null;
  });
  return copyOrApi(copy && { value: toPage(copy), asOf: copy.asOf }, read, [lastAnswer, fromBook]);
}

/** After the API answered a search (read at `readAt`): its answer is kept for when the budget has no room. */
export async function keepAnswer(
  { context, query }: { context: string; query: string },
  page: PageOf<Reservation>,
  readAt: Date,
): Promise<void> {
  await keepSearchAnswer(await getDb(), context, query, page, readAt);
}

/**
 * One reservation for its page: from the copy when it holds it, else the API's (`read`); when the
 * budget has no room for that read, the entity's book's, as of when it was read.
 */
export async function reservationWithCopy(
  entity: EntityChoice | null,
  id: string,
  read: () => Promise<Reservation | null>,
): Promise<Reservation | null> {
  await watching(entity);
  const db = await getDb();
  const copy = entity ? await findInCopy(db, entity.id, id) : null;
  const fromBook = inBook(async () => {
    const kept = entity && (await findInCopy(db, bookContext(entity.id), id));
    return kept ? { value: kept.reservation, asOf: kept.asOf } : null;
  });
  return copyOrApi(copy && { value: copy.reservation, asOf: copy.asOf }, read, [fromBook]);
}

/**
 * Every reservation of a search inside the window (the overview's days): from the copy, else the
 * API's (`read`), else (no room in the budget) the book's, as of when it was read.
 */
export async function allWithCopy(
  entity: EntityChoice | null,
  conditions: readonly Condition[],
  read: () => Promise<Reservation[]>,
): Promise<Reservation[]> {
  await watching(entity);
  const db = await getDb();
  const copy = entity ? await searchCopyAll(db, entity.id, conditions, 'date') : null;
  const fromBook = inBook(async () => {
    const all = entity && (await searchCopyAll(db, bookContext(entity.id), conditions, 'date'));
    return all ? { value: all.data, asOf: all.asOf } : null;
  });
  return copyOrApi(copy && { value: copy.data, asOf: copy.asOf }, read, [fromBook]);
}

/** After the console's write to a reservation of `context` (an entity id): the copy and the book hold the API's answer at once. */
export async function keepWrittenInCopy(context: string, reservation: Reservation): Promise<void> {
  const db = await getDb();
  await keepInCopy(db, context, reservation, new Date());
  await keepInCopy(db, bookContext(context), reservation, new Date());
}

/** After the console's write to a reservation: the kept answers of `context` (a context key) that list it show it as written. */
export async function reviseKeptAnswers(context: string, reservation: Reservation): Promise<void> {
  await reviseSearchAnswers(await getDb(), context, reservation);
}
