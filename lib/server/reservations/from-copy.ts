import 'server-only';

import { GuestbookApiError } from '../../guestbook';
import type { Condition } from '../../guestbook/filters';
import type { Reservation } from '../../guestbook/schemas';
import { COPY_FRESH_MS, reportStaleAnswer } from '../api';
import { getDb } from '../db';
import { toPage, type EntityChoice, type PageOf } from '../directory';
import { findInCopy, keepInCopy, searchCopy, searchCopyAll, type CopyPage } from '../reservations-copy';

/** Refusals for the request budget (the partner's, the member's share, the API's own limit): nothing was sent. */
const budgetRefusal = (e: unknown) =>
  e instanceof GuestbookApiError && (e.code === 'busy' || e.code === 'over_share' || e.code === 'rate_limited');

/**
 * A search of an entity's reservations, from the dashboard's copy of its window when the copy can
 * answer it (its dates lie inside the window) and is fresh (read by the sync within
 * COPY_FRESH_MS), else from the API (`read`). When the API cannot be asked for the budget, an
 * older copy answers instead, and the page says as of when. The copy's answer is the API's own:
 * the same rows in the same order, with the same pagination (a property test holds it to that).
 */
export async function searchWithCopy(
  entity: EntityChoice | null,
  q: { conditions: readonly Condition[]; page: number; limit: number; sort?: string },
  read: () => Promise<PageOf<Reservation>>,
  now = Date.now(),
): Promise<PageOf<Reservation>> {
  const copy = entity ? await searchCopy(await getDb(), entity.id, q.conditions, q.page, q.limit, q.sort) : null;
  if (copy && now - copy.asOf.getTime() <= COPY_FRESH_MS) return toPage(copy);
  if (!copy) return read();
  try {
    return await read();
  } catch (e) {
    if (!budgetRefusal(e)) throw e;
    return oldCopy(copy);
  }
}

/** An old copy's answer, with its age reported to the page (readApi's `asOf`). */
function oldCopy(copy: CopyPage): PageOf<Reservation> {
  reportStaleAnswer(copy.asOf.getTime());
  return toPage(copy);
}

/**
 * One reservation for its page: from the copy when it holds it and is fresh, else from the API
 * (`read`; an older copy's version when the budget has no room, with its age on the page).
 */
export async function reservationWithCopy(
  entity: EntityChoice | null,
  id: string,
  read: () => Promise<Reservation | null>,
  now = Date.now(),
): Promise<Reservation | null> {
  const copy = entity ? await findInCopy(await getDb(), entity.id, id) : null;
  if (copy && now - copy.asOf.getTime() <= COPY_FRESH_MS) return copy.reservation;
  if (!copy) return read();
  try {
    return await read();
  } catch (e) {
    if (!budgetRefusal(e)) throw e;
    reportStaleAnswer(copy.asOf.getTime());
    return copy.reservation;
  }
}

/** After the console's write to a reservation of `context` (an entity id): the copy holds the API's answer at once. */
export async function keepWrittenInCopy(context: string, reservation: Reservation): Promise<void> {
  await keepInCopy(await getDb(), context, reservation, new Date());
}

/** Every reservation of a search inside the window (the overview's days), from a fresh copy; else from the API (`read`), as searchWithCopy. */
export async function allWithCopy(
  entity: EntityChoice | null,
  conditions: readonly Condition[],
  read: () => Promise<Reservation[]>,
  now = Date.now(),
): Promise<Reservation[]> {
  const copy = entity ? await searchCopyAll(await getDb(), entity.id, conditions, 'date') : null;
  if (copy && now - copy.asOf.getTime() <= COPY_FRESH_MS) return copy.data;
  if (!copy) return read();
  try {
    return await read();
  } catch (e) {
    if (!budgetRefusal(e)) throw e;
    reportStaleAnswer(copy.asOf.getTime());
    return copy.data;
  }
}
