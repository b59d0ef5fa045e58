/** Saved views in the dashboard's database. Free of `server-only`, for the tests. */
import { and, asc, count, eq, or } from 'drizzle-orm';

import { said, type Said } from '../../i18n/said';
import type { DashboardDb } from '../db/open';
import { savedViews, staffUsers } from '../db/schema';

export interface ViewSummary {
  id: string;
  name: string;
  query: string;
  hiddenColumns: string[];
  /** rows per page it opens with; null: the member's own */
  pageSize: number | null;
  shared: boolean;
  /** the member who saved it */
  owner: { id: string; name: string };
}

const columns = {
  id: savedViews.id,
  name: savedViews.name,
  query: savedViews.query,
  hiddenColumns: savedViews.hiddenColumns,
  pageSize: savedViews.pageSize,
  shared: savedViews.shared,
  ownerId: savedViews.ownerId,
  ownerName: staffUsers.name,
};

const toSummary = ({
  ownerId,
  ownerName,
  ...v
}: { ownerId: string; ownerName: string } & Omit<ViewSummary, 'owner'>) => ({
  ...v,
  owner: { id: ownerId, name: ownerName },
});

/** The reservation views a member may open: their own, then those shared with the team, by name. */
export async function viewsFor(db: DashboardDb, staffId: string): Promise<ViewSummary[]> {
  const rows = await db
    .select(columns)
    .from(savedViews)
    .innerJoin(staffUsers, eq(staffUsers.id, savedViews.ownerId))
    .where(and(eq(savedViews.list, 'reservations'), or(eq(savedViews.ownerId, staffId), eq(savedViews.shared, true))))
    .orderBy(asc(savedViews.name));
  return rows.map(toSummary).sort((a, b) => Number(b.owner.id === staffId) - Number(a.owner.id === staffId));
}

/** One view, if the member may open it (theirs, or shared). */
export async function viewFor(db: DashboardDb, staffId: string, id: string): Promise<ViewSummary | null> {
  return (await viewsFor(db, staffId)).find((v) => v.id === id) ?? null;
}

/** A member already uses the name: `message` in English, `said` for the member. */
export class ViewNameTakenError extends Error {
  override name = 'ViewNameTakenError';
  readonly said: Said;

  constructor(readonly viewName: string) {
    super(`You already have a view named “${viewName}”.`);
    this.said = said('reservations.errors.viewNameTaken', { name: viewName });
  }
}

/** The most views a member keeps (their own, shared or not). */
export const MAX_VIEWS_PER_MEMBER = 100;

/** A member keeps MAX_VIEWS_PER_MEMBER views already: `message` in English, `said` for the member. */
export class ViewLimitError extends Error {
  override name = 'ViewLimitError';
  readonly said: Said = said('reservations.errors.viewLimit', { max: MAX_VIEWS_PER_MEMBER });

  constructor() {
    super(`You keep ${MAX_VIEWS_PER_MEMBER} saved views, the most a member may keep.`);
  }
}

/**
 * Saves a member's view; a name they already use is refused (ViewNameTakenError), and so is a
 * view past MAX_VIEWS_PER_MEMBER (ViewLimitError). A member's saves run one at a time (their
 * account's row is locked), so two saves at once of one name, or of the last one allowed, get
 * the refusal, not an error.
 */
export async function saveView(
  db: DashboardDb,
  ownerId: string,
  view: { name: string; query: string; hiddenColumns: string[]; pageSize?: number; shared: boolean },
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.id, ownerId)).for('update');
    const mine = and(eq(savedViews.ownerId, ownerId), eq(savedViews.list, 'reservations'));
    const [taken] = await tx
      .select({ id: savedViews.id })
      .from(savedViews)
      .where(and(mine, eq(savedViews.name, view.name)));
    if (taken) throw new ViewNameTakenError(view.name);
    const [{ kept }] = (await tx.select({ kept: count() }).from(savedViews).where(mine)) as [{ kept: number }];
    if (kept >= MAX_VIEWS_PER_MEMBER) throw new ViewLimitError();
    const [row] = await tx
      .insert(savedViews)
      .values({ ownerId, list: 'reservations', ...view })
      .returning({ id: savedViews.id });
    return row!;
  });
}

/** Deletes a view its owner (or, for a shared one, an admin) no longer wants; false when there is none they may delete. */
export async function deleteView(db: DashboardDb, id: string, staff: { id: string; admin: boolean }): Promise<boolean> {
  const mine = eq(savedViews.ownerId, staff.id);
  const rows = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), staff.admin ? or(mine, eq(savedViews.shared, true)) : mine))
    .returning({ id: savedViews.id });
  return rows.length > 0;
}
