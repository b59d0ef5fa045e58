import 'server-only';

import { isBudgetRefusal, type GuestbookApiError } from '../../guestbook';
import type { Condition } from '../../guestbook/filters';
import type { Reservation } from '../../guestbook/schemas';
import { canShowAnswerAge, COPY_FRESH_MS, getApiClient, reportStaleAnswer } from '../api';
import { getConfig } from '../config';
import { getDb } from '../db';
import { toPage, type EntityChoice, type PageOf } from '../directory';
import { processWide } from '../process-wide';
import {
  bookContext,
  currentReservationInAnswers,
  currentSearchAnswer,
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

/**
 * The book's answer (`found`) while the book is in step (its last step at most COPY_FRESH_MS
 * old): it then answers what the window cannot, as the window does. Else null (the book answers
 * only when the budget refuses: inBook).
 */
function whileInStep<T extends { asOf: Date }>(found: T | null, now = Date.now()): T | null {
  return found && now - found.asOf.getTime() <= COPY_FRESH_MS ? found : null;
}

/** An answer kept in the dashboard's database, and when it was read. */
export type Kept<T> = { value: T; asOf: Date };

/**
 * Looks up an answer kept, for a read the budget refused (`refusal`), or (null) one it has no
 * room for now, asked before the read.
 */
export type LookUp<T> = (refusal: GuestbookApiError | null) => Promise<Kept<T> | null>;

/**
 * The book answers a page only when the budget refused the read for the partner's budget or the
 * API's limit, never for a member over their own share: that member is told so, or a flood of
 * searches (a script with a copied session) would be served the whole book without limit. Before
 * the read, when the refusal's reason is not known yet, it does not answer.
 */
export const inBook =
  <T>(lookUp: () => Promise<Kept<T> | null>): LookUp<T> =>
  (refusal) =>
    refusal === null || refusal.code === 'over_share' ? Promise.resolve(null) : lookUp();

/** A look-up of an entity's reservations in the copy, in one of its contexts (the window's or the book's). */
type InCopy<T extends { asOf: Date }> = (context: string) => Promise<T | null>;

/**
 * `lookUp`, asked at most once for each context: the book's answer read to see whether it is in
 * step serves a refused read too, at any age.
 */
function onceEach<T extends { asOf: Date }>(lookUp: InCopy<T>): InCopy<T> {
  const asked = new Map<string, Promise<T | null>>();
  return (context) => {
    let found = asked.get(context);
    if (!found) asked.set(context, (found = lookUp(context)));
    return found;
  };
}

/** What the copy answers of `entity`: its window's answer when the window can answer, else its book's while in step. */
async function copyAnswer<T extends { asOf: Date }>(entity: EntityChoice | null, lookUp: InCopy<T>): Promise<T | null> {
  if (!entity) return null;
  return (await lookUp(entity.id)) ?? whileInStep(await lookUp(bookContext(entity.id)));
}

/** The book's answer of `entity`, at any age, for a read the budget refused (inBook). */
const bookAnswer = <T extends { asOf: Date }, V>(
  entity: EntityChoice | null,
  lookUp: InCopy<T>,
  value: (found: T) => V,
): LookUp<V> =>
  inBook(async () => {
    const found = entity && (await lookUp(bookContext(entity.id)));
    return found ? { value: value(found), asOf: found.asOf } : null;
  });

/** The first of the answers kept (looked up in turn) that exists, reported to the page as of when it was read. */
async function firstKept<T>(kept: LookUp<T>[], refusal: GuestbookApiError | null): Promise<T | undefined> {
  for (const lookUp of kept) {
    const answer = await lookUp(refusal);
    if (!answer) continue;
    reportStaleAnswer(answer.asOf.getTime());
    return answer.value;
  }
  return undefined;
}

/**
 * The API's answer (`read`); when the budget has no room for it, the first of the answers kept
 * (`kept`) that exists, and the page says as of when (readApi's `asOf`). A page whose read the
 * budget has no room for now is shown an answer kept at once, instead of
 * after waiting for room up to the view's limit (1.5 s) to be refused: while the members' saves
 * spend the minute's budget, a search or a reservation opened answers in the time of a page
 * served from the copy.
 */
export async function apiOrKept<T>(read: () => Promise<T>, kept: LookUp<T>[]): Promise<T> {
  if (canShowAnswerAge() && !getApiClient().canSendNow()) {
    const answer = await firstKept(kept, null);
    if (answer !== undefined) return answer;
  }
  try {
    return await read();
  } catch (e) {
    if (!isBudgetRefusal(e)) throw e;
    const answer = await firstKept(kept, e);
    if (answer !== undefined) return answer;
    throw e;
  }
}

/**
 * What the copy of an entity's window answered (null: it cannot answer), else a current answer
 * the API gave (`current`: a search's or a reservation's, kept for every process, which nothing
 * recorded since may have changed; null when there is none), else the API's answer (`read`). A
 * copy whose last turn is at most COPY_FRESH_MS old answers, and so does a current answer read at
 * most answerCurrentMs() ago; an older copy only when the API cannot be asked for the budget, and
 * then before the other answers kept (`elsewhere`). The copy's answer is the API's own (a
 * property test holds the search to that).
 */
async function copyOrApi<T>(
  copy: Kept<T> | null,
  current: (maxAgeMs: number) => Promise<T | null>,
  read: () => Promise<T>,
  elsewhere: LookUp<T>[] = [],
  now = Date.now(),
): Promise<T> {
  if (copy && now - copy.asOf.getTime() <= COPY_FRESH_MS) return copy.value;
  const currentMs = answerCurrentMs();
  const known = currentMs > 0 ? await current(currentMs) : null;
  if (known !== null) return known;
  return apiOrKept(read, copy ? [async () => copy, ...elsewhere] : elsewhere);
}

/**
 * How long the API's answer to a search the window cannot answer is shown again as the API's, to
 * the same search of any member and to the page of a reservation it lists, while nothing recorded
 * since may have changed it: two turns of the reservations sync (DIRECTORY_SYNC_SECONDS, 60 s by
 * default), which finds what changed outside the console, as the window's copy answers for about
 * as long after its last turn (COPY_FRESH_MS). None while the sync is off.
 */
function answerCurrentMs(): number {
  const { directorySync } = getConfig();
  return directorySync.enabled ? directorySync.activeIntervalMs : 0;
}

/** The context key of an entity's kept answers, and the entity whose changes make them old. */
const keptFor = (entity: EntityChoice | null, context: string) => entity && { context, entityId: entity.id };

/**
 * A page of a search of an entity's reservations: from the copy when its dates lie inside the
 * window, else from the entity's book while it is in step, else the API's answer to the same search in the same context while it is current (read
 * by any member, on any process, and changed by nothing recorded since), else the API's (`read`);
 * when the budget has no room for that read, the API's last answer to the same search in the same
 * context (`answers`), if one was kept, else the answer of the entity's book (every reservation,
 * read every few minutes), each as of when it was read.
 */
export async function searchWithCopy(
  entity: EntityChoice | null,
  q: { conditions: readonly Condition[]; page: number; limit: number; sort?: string },
  read: () => Promise<PageOf<Reservation>>,
  answers: { context: string; query: string },
): Promise<PageOf<Reservation>> {
  await watching(entity);
  const db = await getDb();
  const lookUp = onceEach((context) => searchCopy(db, context, q.conditions, q.page, q.limit, q.sort));
  const copy = await copyAnswer(entity, lookUp);
  const lastAnswer = async () => {
    const last = await lastSearchAnswer(db, answers.context, answers.query, new Date());
    return last && { value: last.answer, asOf: last.readAt };
  };
  const kept = keptFor(entity, answers.context);
  // what the search filters and sorts on: a member's change of another field leaves its answer current
  const fields = [...q.conditions.map((c) => c.attribute), ...(q.sort ? [q.sort.replace(/^-/, '')] : [])];
  const current = async (maxAgeMs: number) =>
    kept && (await currentSearchAnswer(db, kept, { query: answers.query, fields }, new Date(), maxAgeMs));
  return copyOrApi(copy && { value: toPage(copy), asOf: copy.asOf }, current, read, [
    lastAnswer,
    bookAnswer(entity, lookUp, toPage),
  ]);
}

/**
 * After the API answered a search (read at `readAt`): its answer is kept, for the same search
 * while it is current and for when the budget has no room.
 */
export async function keepAnswer(
  { context, query }: { context: string; query: string },
  page: PageOf<Reservation>,
  readAt: Date,
): Promise<void> {
  await keepSearchAnswer(await getDb(), context, query, page, readAt);
}

/** The API's last answer to a search (`query` in `context`) kept by keepAnswer, and when it was read; null when none is. */
export async function lastKeptAnswer(context: string, query: string, now: Date) {
  return lastSearchAnswer(await getDb(), context, query, now);
}

/**
 * One reservation for its page: from the copy when it holds it (the window, else the book while
 * in step), else from a current search's
 * answer that lists it (no change to it recorded since), else the API's (`read`); when the budget
 * has no room for that read, the entity's book's, as of when it was read.
 */
export async function reservationWithCopy(
  entity: EntityChoice | null,
  context: string,
  id: string,
  read: () => Promise<Reservation | null>,
): Promise<Reservation | null> {
  await watching(entity);
  const db = await getDb();
  const lookUp = onceEach((context) => findInCopy(db, context, id));
  const copy = await copyAnswer(entity, lookUp);
  const kept = keptFor(entity, context);
  const current = async (maxAgeMs: number) =>
    kept && (await currentReservationInAnswers(db, kept, id, new Date(), maxAgeMs));
  const fromBook = bookAnswer(entity, lookUp, (found) => found.reservation);
  return copyOrApi(copy && { value: copy.reservation, asOf: copy.asOf }, current, read, [fromBook]);
}

/**
 * Every reservation of a search inside the window (the overview's days): from the copy (the
 * window, else the book while in step), else the
 * API's (`read`), else (no room in the budget) the book's, as of when it was read.
 */
export async function allWithCopy(
  entity: EntityChoice | null,
  conditions: readonly Condition[],
  read: () => Promise<Reservation[]>,
): Promise<Reservation[]> {
  await watching(entity);
  const db = await getDb();
  const lookUp = onceEach((context) => searchCopyAll(db, context, conditions, 'date'));
  const copy = await copyAnswer(entity, lookUp);
  const fromBook = bookAnswer(entity, lookUp, (found) => found.data);
  return copyOrApi(copy && { value: copy.data, asOf: copy.asOf }, async () => null, read, [fromBook]);
}

/**
 * The total of a search of `entity`'s reservations from the copy (the window, else the book while
 * in step), when the copy's last turn is at most COPY_FRESH_MS old; null otherwise (no request is made).
 */
export async function totalInCopy(
  entity: EntityChoice | null,
  conditions: readonly Condition[],
  sort?: string,
): Promise<number | null> {
  if (!entity) return null;
  const db = await getDb();
  const first = await copyAnswer(entity, (context) => searchCopy(db, context, conditions, 1, 1, sort));
  return whileInStep(first)?.pagination.total_items ?? null;
}

/**
 * A reservation a write of the console has just read from the API, before changing it, in
 * `context` (an entity id): the book holds it as read, so that a change made elsewhere past the
 * window (which the book shows at its next read) shows at once, a cancel by the guest that refuses
 * the write too. The window's rows are the sync's to compare: it records their changes.
 */
export async function keepReadInBook(context: string, reservation: Reservation): Promise<void> {
  await keepInCopy(await getDb(), bookContext(context), reservation, new Date());
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
