/**
 * The notification inbox's items as the pages and the actions know them: their kinds, why a
 * member gets one, what an item shows, and the inputs of the triage actions. Framework-free: the
 * server's raising, the actions and the inbox page share it.
 */
import { z } from 'zod';

import type { ChangeKind } from '../changes/events';
import { Uuid } from '../guestbook/primitives';

/**
 * What happened: to a reservation the member booked, changed or watches, a large party booked for
 * today, a quarter hour of today reaching the seats allocated at a venue they watch, an apply of
 * theirs on the allocation grid that stopped part-way, a bulk action of theirs that did not do
 * every row, an export of theirs prepared on the server (ready, or stopped), a mention of them in the team's note on a guest, an entity or delegate of the
 * partner suspended, or to their own account.
 */
export const NOTIFICATION_KINDS = [
  'reservation.canceled_outside',
  'reservation.changed_outside',
  'reservation.watched',
  'reservation.large_party_today',
  'venue.quarter_full',
  'allocation.apply_stopped',
  'bulk.ended_part_way',
  'export.finished',
  'guest.mentioned',
  'directory.suspended',
  'account.role_changed',
  'account.two_step_required',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The change feed's kind a kind about others' things is raised from: a member receives an item of
 * it only when their role sees that kind. A kind about the member's own account has none: whatever
 * their role, they hear of it.
 */
export const CHANGE_KIND_OF: Partial<Record<NotificationKind, ChangeKind>> = {
  'reservation.canceled_outside': 'reservation.canceled',
  'reservation.changed_outside': 'reservation.changed',
  'reservation.watched': 'reservation.changed',
  'reservation.large_party_today': 'reservation.created',
  'venue.quarter_full': 'reservation.created',
  'allocation.apply_stopped': 'allocation.applied',
  'guest.mentioned': 'guest.changed',
  'directory.suspended': 'entity.changed',
};

/**
 * Why the member gets it: a reservation they booked or last changed, something they watch, a
 * large party for today, an apply they started, an admin's change to their account, a mention of
 * them, or news for the whole team (an entity or delegate suspended).
 */
export const NOTIFICATION_REASONS = [
  'booked_by_you',
  'changed_by_you',
  'watching',
  'large_party',
  'started_by_you',
  'admin',
  'mentioned',
  'everyone',
] as const;
export type NotificationReason = (typeof NOTIFICATION_REASONS)[number];

/** How long an item is kept, read or not. */
export const NOTIFICATION_RETENTION_DAYS = 90;

/** What an item shows of its reservation, as it was when raised. */
export interface NotificationData {
  /** the guest's name */
  guest?: string | null;
  /** the venue's local date (YYYY-MM-DD) and time (HH:MM) */
  date?: string | null;
  time?: string | null;
  party?: number | null;
  /** a change: the fields changed, each [before, after] */
  changes?: Record<string, [unknown, unknown]>;
  /** who made the change (an admin's to an account, a member's to a watched reservation); null: outside the console */
  by?: string | null;
  role?: [string, string];
  /** a watched reservation: canceled, not changed */
  canceled?: boolean;
  /** a full quarter hour: the venue, the seats allocated and the hours of the commitment they hold for */
  venue?: string | null;
  commitment?: string | null;
  seats?: number | null;
  start?: string | null;
  end?: string | null;
  /** a stopped apply: how many cells it was to change */
  cells?: number | null;
  /** a bulk action that ended part-way: what it did (`cancel` reservations, `change` the team's members), the rows done of all it took on */
  bulk?: 'cancel' | 'change';
  done?: number | null;
  total?: number | null;
  /** an export that stopped: why, in the member's language when it started */
  failure?: string | null;
  /** a mention: the start of the note */
  excerpt?: string | null;
  /** a suspension: an entity or a delegate, and its name */
  what?: 'entity' | 'delegate';
  name?: string | null;
}

/** Where an item leads: the reservation, the venue's day of service, the allocation grid, the entity or delegate, or the member's own account. */
export function itemHref(item: Pick<InboxItem, 'kind' | 'subjectId' | 'data'>): string {
  if (item.kind.startsWith('account.')) return '/account';
  if (item.kind === 'venue.quarter_full') return `/today?venue=${encodeURIComponent(item.subjectId)}`;
  if (item.kind === 'allocation.apply_stopped') return '/allocations';
  if (item.kind === 'bulk.ended_part_way') return '/reservations';
  if (item.kind === 'export.finished') return '/reservations/exports';
  if (item.kind === 'directory.suspended')
    return `/${item.data.what === 'delegate' ? 'delegates' : 'entities'}/${encodeURIComponent(item.subjectId)}`;
  // a mention in a note written away from a reservation's page names the guest: their reservations
  if (item.kind === 'guest.mentioned' && item.subjectId.includes('@')) return '/reservations';
  return `/reservations/${encodeURIComponent(item.subjectId)}`;
}

/** One item of a member's inbox. */
export interface InboxItem {
  id: string;
  kind: NotificationKind;
  reason: NotificationReason;
  entityId: string | null;
  /** the reservation's id, the venue's, the apply's change in the feed, or the member's own (an account's change) */
  subjectId: string;
  data: NotificationData;
  createdAt: string;
  readAt: string | null;
  doneAt: string | null;
}

/** The inbox's tabs: the items not done and not read, every item not done, those done. */
export const INBOX_SHOWS = ['unread', 'all', 'done'] as const;
export type InboxShow = (typeof INBOX_SHOWS)[number];

export const INBOX_PAGE_SIZE = 100;

/** The inbox page's address: `?show=`, `?reason=` and `?before=` (an item's id: the page of older ones), anything else the defaults. */
export function inboxFilter(params: {
  show?: string | string[];
  reason?: string | string[];
  before?: string | string[];
}): {
  show: InboxShow;
  reason: NotificationReason | null;
  before: string | null;
} {
  const show = (INBOX_SHOWS as readonly unknown[]).includes(params.show) ? (params.show as InboxShow) : 'unread';
  const reason = (NOTIFICATION_REASONS as readonly unknown[]).includes(params.reason)
    ? (params.reason as NotificationReason)
    : null;
  const before = typeof params.before === 'string' && Uuid.safeParse(params.before).success ? params.before : null;
  return { show, reason, before };
}

/** Marks items of the member's: read, unread (back in the inbox, not done) or done. */
export const MarkNotificationsInput = z.strictObject({
  ids: z.array(Uuid).min(1).max(INBOX_PAGE_SIZE),
  state: z.enum(['read', 'unread', 'done']),
});
export type MarkNotifications = z.infer<typeof MarkNotificationsInput>;

/** Marks every item of the member's not yet done as done, or only those of one reason. */
export const MarkAllDoneInput = z.strictObject({ reason: z.enum(NOTIFICATION_REASONS).optional() });
