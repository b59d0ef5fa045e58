/**
 * The notification inbox's items as the pages and the actions know them: their kinds, why a
 * member gets one, what an item shows, and the inputs of the triage actions. Framework-free: the
 * server's raising, the actions and the inbox page share it.
 */
import { z } from 'zod';

import type { ChangeKind } from '../changes/events';
import { Uuid } from '../guestbook/schemas';

/** What happened, each told by the change feed's kind it is raised from. */
export const NOTIFICATION_KINDS = ['reservation.canceled_outside', 'reservation.changed_outside'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The change feed's kind each is raised from: a member receives an item only of a kind their role sees. */
export const CHANGE_KIND_OF: Record<NotificationKind, ChangeKind> = {
  'reservation.canceled_outside': 'reservation.canceled',
  'reservation.changed_outside': 'reservation.changed',
};

/** Why the member gets it (`watching`, `admin` and `mentioned` are to come). */
export const NOTIFICATION_REASONS = ['booked_by_you', 'changed_by_you'] as const;
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
}

/** One item of a member's inbox. */
export interface InboxItem {
  id: string;
  kind: NotificationKind;
  reason: NotificationReason;
  entityId: string | null;
  /** the reservation's id */
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

/** The inbox page's address: `?show=` and `?reason=`, anything else the defaults. */
export function inboxFilter(params: { show?: string | string[]; reason?: string | string[] }): {
  show: InboxShow;
  reason: NotificationReason | null;
} {
  const show = (INBOX_SHOWS as readonly unknown[]).includes(params.show) ? (params.show as InboxShow) : 'unread';
  const reason = (NOTIFICATION_REASONS as readonly unknown[]).includes(params.reason)
    ? (params.reason as NotificationReason)
    : null;
  return { show, reason };
}

/** Marks items of the member's: read, unread (back in the inbox, not done) or done. */
export const MarkNotificationsInput = z.strictObject({
  ids: z.array(Uuid).min(1).max(INBOX_PAGE_SIZE),
  state: z.enum(['read', 'unread', 'done']),
});
export type MarkNotifications = z.infer<typeof MarkNotificationsInput>;

/** Marks every item of the member's not yet done as done, or only those of one reason. */
export const MarkAllDoneInput = z.strictObject({ reason: z.enum(NOTIFICATION_REASONS).optional() });
