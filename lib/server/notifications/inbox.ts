/**
 * A member's inbox: their items, the unread count, and the triage (read, unread, done, all done).
 * Every function takes the recipient, the session's member: an item of someone else's is neither
 * listed nor changed. Items of a kind the member's role may not see (a role changed since) are
 * left out too. Plain Node (no server-only): the tests run it.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';

import type { StaffRole } from '../../auth/roles';
import { kindVisibleTo } from '../../changes/events';
import {
  CHANGE_KIND_OF,
  INBOX_PAGE_SIZE,
  NOTIFICATION_KINDS,
  NOTIFICATION_RETENTION_DAYS,
  type InboxItem,
  type InboxShow,
  type MarkNotifications,
  type NotificationReason,
} from '../../notifications/items';
import type { DashboardDb } from '../db/open';
import { notificationMails, notifications, type NotificationRow } from '../db/schema';

type Db = Pick<DashboardDb, 'select' | 'update' | 'delete'>;

export interface Recipient {
  id: string;
  role: StaffRole;
}

/** The kinds a role sees: of others' things, as the feed's kind; of the member's own account, every one. */
const visibleKinds = (role: StaffRole) =>
  NOTIFICATION_KINDS.filter((k) => {
    const changeKind = CHANGE_KIND_OF[k];
    return !changeKind || kindVisibleTo(role, changeKind);
  });

/** The member's own items of kinds their role sees, and any further conditions. */
function mine(member: Recipient, ...more: (SQL | undefined)[]): SQL | undefined {
  const kinds = visibleKinds(member.role);
  return and(
    eq(notifications.staffId, member.id),
    kinds.length ? inArray(notifications.kind, kinds) : sql`false`,
    ...more,
  );
}

const SHOWN: Record<InboxShow, SQL | undefined> = {
  unread: and(isNull(notifications.doneAt), isNull(notifications.readAt)),
  all: isNull(notifications.doneAt),
  done: isNotNull(notifications.doneAt),
};

const toItem = (r: NotificationRow): InboxItem => ({
  id: r.id,
  kind: r.kind as InboxItem['kind'],
  reason: r.reason as InboxItem['reason'],
  entityId: r.entityId,
  subjectId: r.subjectId,
  data: r.data,
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt?.toISOString() ?? null,
  doneAt: r.doneAt?.toISOString() ?? null,
});

/** The member's items of a tab (and of one reason), newest first, at most INBOX_PAGE_SIZE. */
export async function listInbox(
  db: Db,
  member: Recipient,
  o: { show: InboxShow; reason: NotificationReason | null },
): Promise<InboxItem[]> {
  return (await inboxPage(db, member, { ...o, before: null })).items;
}

/**
 * A page of the member's items of a tab (and of one reason), newest first: INBOX_PAGE_SIZE of
 * them, those older than the item `before` (its id: the order is by time, then id, so a page
 * neither skips nor repeats items raised in the same instant), and the id to ask the next page
 * before, or null at the oldest.
 */
export async function inboxPage(
  db: Db,
  member: Recipient,
  o: { show: InboxShow; reason: NotificationReason | null; before: string | null },
): Promise<{ items: InboxItem[]; next: string | null }> {
  const older = o.before
    ? sql`(${notifications.createdAt}, ${notifications.id}) < (select n.created_at, n.id from ${notifications} n where n.id = ${o.before})`
    : undefined;
  const rows = await db
    .select()
    .from(notifications)
    .where(mine(member, SHOWN[o.show], o.reason ? eq(notifications.reason, o.reason) : undefined, older))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(INBOX_PAGE_SIZE + 1);
  const items = rows.slice(0, INBOX_PAGE_SIZE).map(toItem);
  return { items, next: rows.length > INBOX_PAGE_SIZE ? items.at(-1)!.id : null };
}

/** How many of the member's items are neither read nor done: the bell's figure. */
export async function unreadCount(db: Db, member: Recipient): Promise<number> {
  return (await unreadCountAsOf(db, member)).unread;
}

/**
 * The unread count with the moment the database read it (microseconds since the epoch, the
 * statement's start, on the database's one clock whichever process asked): of two figures, the
 * later read is the newer.
 */
export async function unreadCountAsOf(db: Db, member: Recipient): Promise<{ unread: number; asOf: number }> {
  const [row] = await db
    .select({ n: count(), asOf: sql<string>`(extract(epoch from statement_timestamp()) * 1000000)::bigint` })
    .from(notifications)
    .where(mine(member, SHOWN.unread));
  return { unread: Number(row?.n ?? 0), asOf: Number(row?.asOf ?? 0) };
}

/**
 * Marks the member's items among `ids`: read, unread (back in the inbox, neither read nor done) or
 * done (read too). Returns the ids it changed: another member's item, or one gone, is not among them.
 */
export async function markNotifications(
  db: Db,
  member: Recipient,
  { ids, state }: MarkNotifications,
  now = new Date(),
): Promise<string[]> {
  const set =
    state === 'unread'
      ? { readAt: null, doneAt: null }
      : state === 'read'
        ? { readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` }
        : {
            readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)`,
            doneAt: sql`coalesce(${notifications.doneAt}, ${now.toISOString()}::timestamptz)`,
          };
  const rows = await db
    .update(notifications)
    .set(set)
    .where(mine(member, inArray(notifications.id, [...ids])))
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
}

/** Marks every item of the member's not done yet as done (only those of `reason`, when given); returns how many. */
export async function markAllDone(
  db: Db,
  member: Recipient,
  reason: NotificationReason | undefined,
  now = new Date(),
): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ doneAt: now, readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(mine(member, isNull(notifications.doneAt), reason ? eq(notifications.reason, reason) : undefined))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Deletes the items older than NOTIFICATION_RETENTION_DAYS, read or not; returns how many. */
export async function pruneNotifications(db: Pick<DashboardDb, 'delete'>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * 86_400_000);
  const gone = await db
    .delete(notifications)
    .where(lt(notifications.createdAt, before))
    .returning({ id: notifications.id });
  // and the send records of their mails
  await db.delete(notificationMails).where(lt(notificationMails.createdAt, before));
  return gone.length;
}
