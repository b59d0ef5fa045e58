/**
 * The API's last answer to each reservation search the window cannot answer (a search with no
 * upper date bound, or one into the past), kept in the dashboard's database for every process:
 * when the request budget has no room for a new read, a search already made shows that answer,
 * "as of" when it was read, instead of a refusal. Answers older than ANSWER_KEPT_MS are dropped.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';

import type { Reservation } from '../../guestbook/schemas';
import type { DashboardDb } from '../db/open';
import { searchAnswers } from '../db/schema';

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

/**
 * After the console's write to a reservation of `context`: the answers that list it show it as
 * the API returned it (as the process's own stored answers are revised), so a search shown from
 * here never shows the member's own change undone.
 */
export async function reviseSearchAnswers(db: DashboardDb, context: string, reservation: Reservation): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ query: searchAnswers.query, answer: searchAnswers.answer })
      .from(searchAnswers)
      .where(
        and(
          eq(searchAnswers.context, context),
          sql`${searchAnswers.answer}->'items' @> ${JSON.stringify([{ id: reservation.id }])}::jsonb`,
        ),
      )
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
