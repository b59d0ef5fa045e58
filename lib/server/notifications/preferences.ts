/**
 * Notification preferences (plain Node, no server-only: the tests run it with a database of their
 * own): a member's choice per kind over the default an admin set for their role, over the console
 * (lib/notifications/preferences.ts). Raising reads them for its recipients; the account page and
 * the Team page read and save them.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';

import { STAFF_ROLES, type StaffRole } from '../../auth/roles';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../notifications/items';
import {
  channelOf,
  effectiveChannel,
  type NotificationChannel,
  type NotificationChoice,
  type RoleDefaults,
} from '../../notifications/preferences';
import type { DashboardDb } from '../db/open';
import { notificationPreferences, notificationRoleDefaults } from '../db/schema';

type Reader = Pick<DashboardDb, 'select'>;

/** Each member's effective channel for `kind`, by their id. */
export async function channelsFor(
  db: Reader,
  members: readonly { id: string; role: StaffRole }[],
  kind: NotificationKind,
): Promise<Map<string, NotificationChannel>> {
  if (!members.length) return new Map();
  const [own, defaults] = await Promise.all([
    db
      .select({ staffId: notificationPreferences.staffId, channel: notificationPreferences.channel })
      .from(notificationPreferences)
      .where(
        and(
          eq(notificationPreferences.kind, kind),
          inArray(
            notificationPreferences.staffId,
            members.map((m) => m.id),
          ),
        ),
      ),
    db
      .select({ role: notificationRoleDefaults.role, channel: notificationRoleDefaults.channel })
      .from(notificationRoleDefaults)
      .where(eq(notificationRoleDefaults.kind, kind)),
  ]);
  return new Map(
    members.map((m) => [
      m.id,
      effectiveChannel(own.find((o) => o.staffId === m.id)?.channel, defaults.find((d) => d.role === m.role)?.channel),
    ]),
  );
}

/** The defaults of every role for every kind (`console` where an admin set none). */
export async function roleDefaults(db: Reader): Promise<RoleDefaults> {
  const rows = await db.select().from(notificationRoleDefaults);
  const of = (role: StaffRole): NotificationChoice[] =>
    NOTIFICATION_KINDS.map((kind) => ({
      kind,
      channel: effectiveChannel(null, rows.find((r) => r.role === role && r.kind === kind)?.channel),
    }));
  return Object.fromEntries(STAFF_ROLES.map((role) => [role, of(role)])) as RoleDefaults;
}

/** A member's effective choice for every kind, and whether it is their own or their role's default. */
export async function memberChoices(
  db: Reader,
  member: { id: string; role: StaffRole },
): Promise<(NotificationChoice & { own: boolean })[]> {
  const [own, defaults] = await Promise.all([
    db.select().from(notificationPreferences).where(eq(notificationPreferences.staffId, member.id)),
    roleDefaults(db),
  ]);
  return NOTIFICATION_KINDS.map((kind) => {
    const mine = channelOf(own.find((o) => o.kind === kind)?.channel);
    const fallback = defaults[member.role].find((d) => d.kind === kind)!.channel;
    return { kind, channel: mine ?? fallback, own: mine !== null };
  });
}

/** Saves a member's choices (`by`: who saved them). */
export async function saveMemberChoices(
  db: DashboardDb,
  staffId: string,
  choices: readonly NotificationChoice[],
  by: string,
): Promise<void> {
  if (!choices.length) return;
  await db
    .insert(notificationPreferences)
    .values(choices.map((c) => ({ staffId, kind: c.kind, channel: c.channel, updatedBy: by })))
    .onConflictDoUpdate({
      target: [notificationPreferences.staffId, notificationPreferences.kind],
      set: { channel: sql`excluded.channel`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
    });
}

/** Saves a role's defaults (`by`: the admin). */
export async function saveRoleDefaults(
  db: DashboardDb,
  role: StaffRole,
  choices: readonly NotificationChoice[],
  by: string,
): Promise<void> {
  if (!choices.length) return;
  await db
    .insert(notificationRoleDefaults)
    .values(choices.map((c) => ({ role, kind: c.kind, channel: c.channel, updatedBy: by })))
    .onConflictDoUpdate({
      target: [notificationRoleDefaults.role, notificationRoleDefaults.kind],
      set: { channel: sql`excluded.channel`, updatedBy: sql`excluded.updated_by`, updatedAt: sql`now()` },
    });
}
