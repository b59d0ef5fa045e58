import 'server-only';

import { GuestbookApiError } from '../../guestbook';
import type { Entity, Identity, Venue } from '../../guestbook/schemas';
import { getDb } from '../db';
import { apiFor, readCopy } from '../directory';
import { logger } from '../log';
import {
  BOOK_READ_EVERY_MS,
  BOOK_UNWATCHED_EVERY_MS,
  bookContext,
  bookDue,
  dropUnwatchedWindows,
  readBook,
  syncWindowTurn,
  watchedAmong,
} from '../reservations-copy';
import { recordTurnChanges } from '../reservations-copy/turn-changes';
import { SyncPaused, type SyncShare } from './pace';

/** The most a context's turn asks for (today and tomorrow, the new ones, the venues on a full read). */
const TURN_REQUESTS = 4;

/** A refusal of the budget's lowest lane: the members' requests come first, and the turn waits. */
const laneFull = (e: unknown) => e instanceof GuestbookApiError && e.code === 'busy';

/**
 * One turn of the reservations window of every entity someone watches (a page read its
 * reservations in the last day, and the partner's default entity; a turn costs about 2 requests an
 * entity), within the sync's share: a context whose turn might not fit in what is left of the share
 * waits for the next turn. Then the books that are due (every entity's: a watched one's every
 * BOOK_READ_EVERY_MS, the others' every BOOK_UNWATCHED_EVERY_MS), while the share has room. The
 * windows of entities nobody watches any more are dropped. Paused (SyncPaused) when the share is
 * spent or the budget's lowest lane has no room.
 */
export async function reservationWindowTurns(share: SyncShare): Promise<{ requests: number; changes: number }> {
  const db = await getDb();
  const totals = { requests: 0, changes: 0 };
  const entities = await readCopy<Entity>('entities', null);
  const [identity] = await readCopy<Identity>('identity', null);
  const watched = await watchedAmong(
    db,
    entities.map((e) => e.id),
    new Date(),
  );
  if (identity?.default_entity_id) watched.add(identity.default_entity_id);
  await dropUnwatchedWindows(db, [...watched, ...entities.map((e) => bookContext(e.id))]);
  const sent = (requests: number) => {
    totals.requests += requests;
    for (let i = 0; i < requests; i++) {
      try {
        share.take();
      } catch {
        break; // over by less than one turn: the next turn waits
      }
    }
  };
  try {
    for (const entity of entities.filter((e) => watched.has(e.id))) {
      if (share.used + TURN_REQUESTS > share.limit) throw new SyncPaused(Date.now() + 10_000, 'share');
      const venues = await readCopy<Venue>('venues', { id: entity.id, org_id: entity.org_id });
      const report = await syncWindowTurn(db, apiFor(entity), entity.id, new Date(), {
        venues,
        record: recordTurnChanges,
        keepBook: true,
      });
      sent(report.requests);
      totals.changes += report.recorded;
    }
    // The watched entities' books first.
    const byWatch = [...entities].sort((a, b) => Number(watched.has(b.id)) - Number(watched.has(a.id)));
    for (const entity of byWatch) {
      const room = share.limit - share.used - 1;
      if (room < 0) break;
      const every = watched.has(entity.id) ? BOOK_READ_EVERY_MS : BOOK_UNWATCHED_EVERY_MS;
      if (!(await bookDue(db, entity.id, new Date(), every))) continue;
      try {
        const book = await readBook(db, apiFor(entity), entity.id, new Date(), room);
        sent(book.requests);
        logger.info({ reservationsBook: { entity: entity.id, ...book } }, 'reservations book read');
      } catch (e) {
        // an entity the partner may not read reservations of (suspended, or a scope it lacks) has no book
        if (!(e instanceof GuestbookApiError && (e.status === 403 || e.status === 404))) throw e;
        sent(1);
      }
    }
  } catch (e) {
    if (laneFull(e)) throw new SyncPaused(Date.now() + 10_000, 'share');
    throw e;
  }
  return totals;
}
