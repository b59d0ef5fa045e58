/**
 * How a member receives each kind of notification: in the console's inbox only, in the inbox and
 * by e-mail at once, in the inbox and in their daily e-mail digest, or not at all. A kind the
 * member has not chosen for follows the default an admin set for their role, and with none, the
 * console. Framework-free: the server's raising, the actions and the pages share it.
 *
 * The stored channel is text: a value of a later build reads as unknown here (`channelOf`).
 */
import { z } from 'zod';

import { STAFF_ROLES, type StaffRole } from '../auth/roles';
import { validationMessage } from '../i18n/said';
import { NOTIFICATION_KINDS, type NotificationKind } from './items';

export const NOTIFICATION_CHANNELS = ['console', 'email', 'digest', 'off'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** The channels that send e-mail: offered only where the dashboard has an SMTP server (SMTP_URL). */
export const MAIL_CHANNELS: readonly NotificationChannel[] = ['email', 'digest'];
export const sendsMail = (channel: NotificationChannel) => MAIL_CHANNELS.includes(channel);

/** When a member's daily digest goes out, in their own time zone, unless they chose a time. */
export const DEFAULT_DIGEST_TIME = '08:00';

/** A time of day (HH:MM, 24-hour), as a member chooses their digest's. */
export const DigestTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: validationMessage('chooseDigestTime') });

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

/** A member's own choices, one per kind, and when their daily digest goes out. */
export const SaveNotificationChoicesInput = z.strictObject({
  choices: Choices,
  digestTime: DigestTime,
});
export type SaveNotificationChoices = z.infer<typeof SaveNotificationChoicesInput>;

/** The choices alone, as the Team page's form of one role's defaults holds them. */
export const NotificationChoicesOnly = z.strictObject({ choices: Choices });

/** The defaults of one role, one per kind, set by an admin. */
export const SaveRoleNotificationDefaultsInput = z.strictObject({
  role: z.enum(STAFF_ROLES),
  choices: Choices,
});
export type SaveRoleNotificationDefaults = z.infer<typeof SaveRoleNotificationDefaultsInput>;

/** A kind's key in the `notificationPreferences.kind` catalog. */
export const kindKey = (kind: NotificationKind) =>
  kind.slice(kind.indexOf('.') + 1) as
    | 'canceled_outside'
    | 'changed_outside'
    | 'watched'
    | 'large_party_today'
    | 'quarter_full'
    | 'apply_stopped'
    | 'ended_part_way'
    | 'finished'
    | 'mentioned'
    | 'suspended'
    | 'role_changed'
    | 'two_step_required';

/** Every role's default for every kind, as the Team page shows them. */
export type RoleDefaults = Record<StaffRole, NotificationChoice[]>;

/** From how many guests a party booked for today is told to the team, unless an admin set another size. */
export const DEFAULT_LARGE_PARTY_SIZE = 8;

/** The size an admin sets: a whole number of guests. */
export const LargePartySizeInput = z.strictObject({
  size: z
    .number({ error: validationMessage('largePartySize') })
    .int({ error: validationMessage('largePartySize') })
    .min(2, { error: validationMessage('largePartySize') })
    .max(100, { error: validationMessage('largePartySize') }),
});
export type LargePartySize = z.infer<typeof LargePartySizeInput>;
