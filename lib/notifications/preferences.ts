/**
 * How a member receives each kind of notification: in the console's inbox, or not at all. A kind
 * the member has not chosen for follows the default an admin set for their role, and with none,
 * the console. Framework-free: the server's raising, the actions and the pages share it.
 *
 * The stored channel is text, so that "by e-mail at once" and "in a daily digest" can be added
 * as values without a migration; only the channels below are offered and accepted now.
 */
import { z } from 'zod';

import { STAFF_ROLES, type StaffRole } from '../auth/roles';
import { validationMessage } from '../i18n/said';
import { NOTIFICATION_KINDS, type NotificationKind } from './items';

export const NOTIFICATION_CHANNELS = ['console', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The channel when neither the member nor their role's default says one. */
export const DEFAULT_CHANNEL: NotificationChannel = 'console';

/** A stored value this build knows, or null (a value of a later build, or none). */
export const channelOf = (value: unknown): NotificationChannel | null =>
  (NOTIFICATION_CHANNELS as readonly unknown[]).includes(value) ? (value as NotificationChannel) : null;

/** The member's choice over their role's default over the console. */
export const effectiveChannel = (member: unknown, roleDefault: unknown): NotificationChannel =>
  channelOf(member) ?? channelOf(roleDefault) ?? DEFAULT_CHANNEL;

const Choice = z.strictObject({
  kind: z.enum(NOTIFICATION_KINDS, { error: validationMessage('unknownNotificationKind') }),
  channel: z.enum(NOTIFICATION_CHANNELS, { error: validationMessage('chooseNotificationChannel') }),
});
export type NotificationChoice = { kind: NotificationKind; channel: NotificationChannel };

const eachKindOnce = (choices: { kind: string }[]) => new Set(choices.map((c) => c.kind)).size === choices.length;

/** Choices of one member or one role: one per kind, each kind at most once. */
const Choices = z
  .array(Choice)
  .min(1)
  .max(NOTIFICATION_KINDS.length)
  .refine(eachKindOnce, { error: validationMessage('notificationKindTwice') });

/** A member's own choices, one per kind. */
export const SaveNotificationChoicesInput = z.strictObject({
  choices: Choices,
});
export type SaveNotificationChoices = z.infer<typeof SaveNotificationChoicesInput>;

/** The defaults of one role, one per kind, set by an admin. */
export const SaveRoleNotificationDefaultsInput = z.strictObject({
  role: z.enum(STAFF_ROLES),
  choices: Choices,
});
export type SaveRoleNotificationDefaults = z.infer<typeof SaveRoleNotificationDefaultsInput>;

/** A kind's key in the `notificationPreferences.kind` catalog. */
export const kindKey = (kind: NotificationKind) =>
  kind.slice('reservation.'.length) as 'canceled_outside' | 'changed_outside';

/** Every role's default for every kind, as the Team page shows them. */
export type RoleDefaults = Record<StaffRole, NotificationChoice[]>;
