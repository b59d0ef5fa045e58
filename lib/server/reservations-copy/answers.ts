/**
 * The API's last answer to each reservation search the window cannot answer (a search with no
 * upper date bound, or one into the past), kept in the dashboard's database for every process.
 * An answer that nothing recorded since may have changed (currentSearchAnswer) is as current as
 * the window's copy, and answers the same search of any member, on any process, without a
 * request; when the request budget has no room for a new read, a search already made shows its
 * last answer, "as of" when it was read, instead of a refusal. Answers older than ANSWER_KEPT_MS
 * are dropped.
 */
import { and, desc, eq, gt, like, lt, notExists, sql } from 'drizzle-orm';

import type { Reservation } from '../../guestbook/schemas';
import type { DashboardDb } from '../db/open';
import { changeEvents, searchAnswers } from '../db/schema';

/** How long an answer is kept (and may be shown, with its age). */
export const ANSWER_KEPT_MS = 24 * 60 * 60_000;

/** A page of a search as the dashboard shows it (lib/server/directory's PageOf). */
export interface StoredPage {
  items: Reservation[];
  page: number;
  totalPages: number;
  totalItems: number;
  perPage: number;
}

/** Keeps `answer`, read from the API at `readAt`, as `query`'s last answer in `context`, unless a later read is kept already. */
export async function keepSearchAnswer(
  db: DashboardDb,
  context: string,
  query: string,
  answer: StoredPage,
  readAt: Date,
): Promise<void> {
  await db
    .insert(searchAnswers)
    .values({ context, query, answer: answer as unknown as Record<string, unknown>, readAt })
    .onConflictDoUpdate({
      target: [searchAnswers.context, searchAnswers.query],
      set: { answer: sql`excluded.answer`, readAt: sql`excluded.read_at` },
      setWhere: lt(searchAnswers.readAt, sql`excluded.read_at`),
    });
  await db.delete(searchAnswers).where(lt(searchAnswers.readAt, new Date(readAt.getTime() - ANSWER_KEPT_MS)));
}

/** `query`'s last answer in `context`, read less than ANSWER_KEPT_MS before `now`, or null. */
export async function lastSearchAnswer(
  db: DashboardDb,
  context: string,
  query: string,
  now: Date,
): Promise<{ answer: StoredPage; readAt: Date } | null> {
  const [row] = await db
    .select({ answer: searchAnswers.answer, readAt: searchAnswers.readAt })
    .from(searchAnswers)
    .where(
      and(
        eq(searchAnswers.context, context),
        eq(searchAnswers.query, query),
        gt(searchAnswers.readAt, new Date(now.getTime() - ANSWER_KEPT_MS)),
      ),
    );
  return row ? { answer: row.answer as unknown as StoredPage, readAt: row.readAt } : null;
}

/** The kept answers whose page lists reservation `id`. */
const listing = (id: string) => sql`${searchAnswers.answer}->'items' @> ${JSON.stringify([{ id }])}::jsonb`;

/** A change the feed recorded to one of an entity's reservations, as a kept answer weighs it. */
export interface RecordedChange {
  kind: string;
  /** made by a member through the console (else found by the sync, made outside it) */
  byMember: boolean;
  /** the fields it changed, as the feed names them (`status`, `party_size`, `guest`…); null when it does not say */
  fields: string[] | null;
}

/** Fields whose change may reorder any list (the API's sorts and ties go by date and time). */
const ORDERING_FIELDS = ['date', 'time'];

/**
 * Whether a change recorded after an answer was read may make the answer differ from the API's
 * now: a booking or a cancel (which rows, and how many); any change made outside the console (the
 * answer's row is the old one, and the sync names only some fields); a member's change of a field
 * the search filters or sorts on (`searchFields`; `guest` for a `guest_…` one), or of a date or
 * time. A member's change of other fields (notes, party size to a search not about it, tags) is
 * written into the kept answers that list the reservation (reviseSearchAnswers) and leaves the
 * answer current.
 */
export function mayChangeAnswer(change: RecordedChange, searchFields: readonly string[]): boolean {
  if (change.kind !== 'reservation.changed' || !change.byMember || change.fields === null) return true;
  return change.fields.some(
    (field) =>
      ORDERING_FIELDS.includes(field) ||
      searchFields.some((a) => a === field || (field === 'guest' && a.startsWith('guest_'))),
  );
}

/**
 * Time the change feed's clock (the database's) may differ from the processes' that stamp a read:
 * a change this close before a read began is taken as after it.
 */
const CLOCKS_MARGIN_MS = 2_000;

/** The changes the feed recorded to `entityId`'s reservations after `readAt` (less the clocks' margin). */
async function changesSince(db: DashboardDb, entityId: string, readAt: Date): Promise<RecordedChange[]> {
  const rows = await db
    .select({ kind: changeEvents.kind, staffId: changeEvents.staffId, data: changeEvents.data })
    .from(changeEvents)
    .where(
      and(
        gt(changeEvents.at, new Date(readAt.getTime() - CLOCKS_MARGIN_MS)),
        eq(changeEvents.entityId, entityId),
        like(changeEvents.kind, 'reservation.%'),
      ),
    );
  return rows.map((r) => ({
    kind: r.kind,
    byMember: r.staffId !== null,
    fields: r.data && typeof r.data === 'object' && !Array.isArray(r.data) ? Object.keys(r.data) : null,
  }));
}

/**
 * `query`'s answer in `context` (the context key of `entityId`) when it is current: read at most
 * `maxAgeMs` before `now`, and no change the feed recorded since may have changed it
 * (mayChangeAnswer, for a search on `search.fields`). Such an answer is as current as the window's
 * copy, whose sync finds outside changes at the same pace, and is shown as the API's; null when
 * none is.
 */
export async function currentSearchAnswer(
  db: DashboardDb,
  { context, entityId }: { context: string; entityId: string },
  search: { query: string; fields: readonly string[] },
  now: Date,
  maxAgeMs: number,
): Promise<StoredPage | null> {
  const last = await lastSearchAnswer(db, context, search.query, now);
  if (!last || last.readAt.getTime() <= now.getTime() - maxAgeMs) return null;
  const changes = await changesSince(db, entityId, last.readAt);
  return changes.some((c) => mayChangeAnswer(c, search.fields)) ? null : last.answer;
}

/**
 * Reservation `id` as the latest answer in `context` that lists it, read at most `maxAgeMs`
 * before `now`, shows it, when the feed recorded no change to that reservation since; else null.
 * The page opened from a search's row needs no request.
 */
export async function currentReservationInAnswers(
  db: DashboardDb,
  { context, entityId }: { context: string; entityId: string },
  id: string,
  now: Date,
  maxAgeMs: number,
): Promise<Reservation | null> {
  const [row] = await db
    .select({ answer: searchAnswers.answer })
    .from(searchAnswers)
    .where(
      and(
        eq(searchAnswers.context, context),
        gt(searchAnswers.readAt, new Date(now.getTime() - maxAgeMs)),
        listing(id),
        notExists(
          db
            .select({ one: sql`1` })
            .from(changeEvents)
            .where(
              and(
                gt(changeEvents.at, sql`${searchAnswers.readAt} - make_interval(secs => ${CLOCKS_MARGIN_MS / 1_000})`),
                eq(changeEvents.entityId, entityId),
                sql`${changeEvents.ids}->>'reservation' = ${id}`,
              ),
            ),
        ),
      ),
    )
    .orderBy(desc(searchAnswers.readAt))
    .limit(1);
  return row ? ((row.answer as unknown as StoredPage).items.find((r) => r.id === id) ?? null) : null;
}

/**
 * After the console's write to a reservation of `context`: the answers that list it show it as
 * the API returned it, so a search shown from here never shows the member's own change undone.
 */
export async function reviseSearchAnswers(db: DashboardDb, context: string, reservation: Reservation): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ query: searchAnswers.query, answer: searchAnswers.answer })
      .from(searchAnswers)
      .where(and(eq(searchAnswers.context, context), listing(reservation.id)))
      .for('update');
    for (const row of rows) {
      const page = row.answer as unknown as StoredPage;
      const items = page.items.map((r) => (r.id === reservation.id ? reservation : r));
      await tx
        .update(searchAnswers)
        .set({ answer: { ...page, items } as unknown as Record<string, unknown> })
        .where(and(eq(searchAnswers.context, context), eq(searchAnswers.query, row.query)));
    }
  });
}
