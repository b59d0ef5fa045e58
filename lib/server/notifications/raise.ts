/**
 * Raising the inbox's items from the change feed (plain Node, no server-only: the tests run it
 * with a database of their own). A reservation canceled or changed outside the console (`who`
 * null: the guest, another channel, as the reservations sync found it) raises an item for the
 * member who booked it in the console and for the one who last changed it there.
 *
 * Who booked or changed it is read from the activity log (`audit_log`: the ok rows of
 * `create-reservation` and `update-reservation` naming the reservation), not from the change
 * feed's own earlier rows: the feed keeps 7 days (CHANGE_RETENTION_DAYS) while a reservation is
 * often booked weeks ahead, and the activity log keeps at least 30 days (AUDIT_RETENTION_DAYS,
 * 400 by default); each console write's audit row commits with its change event, so it is there
 * before any later outside change is read.
 *
 * Every process reads the feed and raises the same items: `on conflict do nothing` on
 * (recipient, change, kind) lands each once, and only the process whose insert landed records
 * the `notification.raised` event that tells the recipient's browser, and the mail of a member
 * who chose "by e-mail at once" (mail-outbox.ts), in the same transaction. Each item keeps the
 * channel it was raised for: a digest takes the items raised for it.
 */
import { and, desc, eq, inArray, lte } from 'drizzle-orm';

import type { StaffRole } from '../../auth/roles';
import { idOf, kindVisibleTo, type ChangeEvent } from '../../changes/events';
import { CHANGE_KIND_OF, type NotificationKind, type NotificationReason } from '../../notifications/items';
import { recordChange } from '../changes/record';
import type { DashboardDb } from '../db/open';
import { auditLog, notifications, staffUsers } from '../db/schema';
import { aboutLargeParty, reservationItemData } from './large-party';
import { recordAtOnceMails } from './mail-outbox';
import { aboutMention } from './mentioned';
import { channelsFor } from './preferences';
import { aboutFullQuarter } from './quarter-full';
import type { Wanted } from './wanted';
import { aboutWatchedReservation } from './watches';

/** Which role may see which change kind; the feed's own rule unless a test gives another. */
export type KindRule = (role: StaffRole, kind: string) => boolean;

/** An item landed by this call (another process may have landed the others). */
export interface RaisedItem {
  id: string;
  staffId: string;
  kind: NotificationKind;
  reason: NotificationReason;
  subjectId: string;
}

const KIND_OF_EVENT: Partial<Record<ChangeEvent['kind'], NotificationKind>> = {
  'reservation.canceled': 'reservation.canceled_outside',
  'reservation.changed': 'reservation.changed_outside',
};

/** The members who booked the reservation in the console and who last changed it there, before `at`. */
export async function consoleAuthors(
  db: Pick<DashboardDb, 'select'>,
  reservationId: string,
  at: Date,
): Promise<{ staffId: string; reason: NotificationReason }[]> {
  const rows = await db
    .select({ staffId: auditLog.staffId, action: auditLog.action })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.resourceId, reservationId),
        eq(auditLog.result, 'ok'),
        inArray(auditLog.action, ['create-reservation', 'update-reservation']),
        lte(auditLog.at, at),
      ),
    )
    .orderBy(desc(auditLog.at));
  const booker = rows.find((r) => r.action === 'create-reservation')?.staffId ?? null;
  const changer = rows.find((r) => r.action === 'update-reservation')?.staffId ?? null;
  const out: { staffId: string; reason: NotificationReason }[] = [];
  if (booker) out.push({ staffId: booker, reason: 'booked_by_you' });
  if (changer && changer !== booker) out.push({ staffId: changer, reason: 'changed_by_you' });
  return out;
}

/** An outside cancel or change of a reservation: for who booked it and who last changed it in the console. */
async function aboutReservation(db: DashboardDb, event: ChangeEvent): Promise<Wanted[]> {
  const kind = KIND_OF_EVENT[event.kind];
  const reservation = idOf(event, 'reservation');
  if (!kind || event.who !== null || !reservation) return [];
  const recipients = await consoleAuthors(db, reservation, new Date(event.at));
  if (!recipients.length) return [];
  return [{ kind, subjectId: reservation, data: await reservationItemData(db, event, reservation), recipients }];
}

/**
 * An apply of the allocation grid that stopped part-way (some entities hold the new seats, others
 * not): for the member who sent it, who may have left the page meanwhile.
 */
function aboutStoppedApply(event: ChangeEvent): Wanted[] {
  const { status, action, partWay, cells } = event.data;
  if (event.kind !== 'allocation.applied' || !event.who || status !== 'failed' || action !== 'apply-allocation')
    return [];
  if (partWay !== true) return [];
  return [
    {
      kind: 'allocation.apply_stopped',
      subjectId: String(event.id),
      data: { cells: typeof cells === 'number' ? cells : null },
      recipients: [{ staffId: event.who.id, reason: 'started_by_you' }],
    },
  ];
}

/**
 * A bulk action that did not do every row it took on (refused, or not tried after a refusal that
 * stopped it): for the member who started it, whose tab may have closed long before it ended.
 */
function aboutBulkEnded(event: ChangeEvent): Wanted[] {
  const { done, total, bulk } = event.data;
  const member = idOf(event, 'staff');
  const job = idOf(event, 'job');
  if (event.kind !== 'bulk.finished' || !member || !job) return [];
  if (typeof done !== 'number' || typeof total !== 'number' || done >= total) return [];
  return [
    {
      kind: 'bulk.ended_part_way',
      subjectId: job,
      data: { bulk: bulk === 'change' ? 'change' : 'cancel', done, total },
      recipients: [{ staffId: member, reason: 'started_by_you' }],
    },
  ];
}

/**
 * An export of the member's prepared on the server that finished: its file ready to download, or
 * why it stopped. For the member who started it, who may have closed the tab long before.
 */
function aboutExport(event: ChangeEvent): Wanted[] {
  const member = idOf(event, 'staff');
  const file = idOf(event, 'export');
  if (event.kind !== 'export.finished' || !member || !file) return [];
  const { rows, total, failure } = event.data;
  return [
    {
      kind: 'export.finished',
      subjectId: file,
      data: {
        done: typeof rows === 'number' ? rows : null,
        total: typeof total === 'number' ? total : null,
        failure: typeof failure === 'string' ? failure : null,
      },
      recipients: [{ staffId: member, reason: 'started_by_you' }],
    },
  ];
}

/** An entity or delegate of the partner the service suspended (as the directory sync found it): for every enabled member. */
async function aboutSuspension(db: DashboardDb, event: ChangeEvent): Promise<Wanted[]> {
  const status = event.data.status;
  const what = event.kind === 'entity.changed' ? 'entity' : event.kind === 'delegate.changed' ? 'delegate' : null;
  const id = what && idOf(event, what);
  if (!what || !id || event.who !== null || !Array.isArray(status) || status[1] !== 'suspended') return [];
  const members = await db.select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.disabled, false));
  const name = typeof event.data.name === 'string' ? event.data.name : null;
  return [
    {
      kind: 'directory.suspended',
      subjectId: id,
      data: { what, name },
      recipients: members.map((m) => ({ staffId: m.id, reason: 'everyone' as const })),
    },
  ];
}

/** Policies' roles that must sign in with a second factor. */
const ROLES_REQUIRED: Record<string, readonly StaffRole[]> = {
  none: [],
  admins: ['admin'],
  everyone: ['viewer', 'operator', 'admin'],
};

/**
 * An admin's change to the team: the member whose role it changed hears of it; when two-step
 * sign-in becomes required for a role, its members (not the admin who required it) hear of it.
 */
async function aboutAccounts(db: DashboardDb, event: ChangeEvent): Promise<Wanted[]> {
  if (event.kind !== 'team.changed' || !event.who) return [];
  const by = { by: event.who.name };
  const role = event.data.role;
  const member = idOf(event, 'staff');
  if (member && Array.isArray(role) && role.length === 2 && member !== event.who.id)
    return [
      {
        kind: 'account.role_changed',
        subjectId: member,
        data: { ...by, role: [String(role[0]), String(role[1])] },
        recipients: [{ staffId: member, reason: 'admin' }],
      },
    ];
  const policy = event.data.policy;
  if (!Array.isArray(policy) || policy.length !== 2) return [];
  const before = ROLES_REQUIRED[String(policy[0])] ?? [];
  const newly = (ROLES_REQUIRED[String(policy[1])] ?? []).filter((r) => !before.includes(r));
  if (!newly.length) return [];
  const members = await db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(inArray(staffUsers.role, [...newly]), eq(staffUsers.disabled, false)));
  return members
    .filter((m) => m.id !== event.who!.id)
    .map((m) => ({
      kind: 'account.two_step_required' as const,
      subjectId: m.id,
      data: by,
      recipients: [{ staffId: m.id, reason: 'admin' as const }],
    }));
}

/**
 * Raises the items the events call for, each once: for an outside cancel or change of a
 * reservation, one per member who booked or last changed it in the console; for any cancel or
 * change of a reservation, one per member who watches it (watches.ts) but who made it or was
 * told already; for a large party booked for today (large-party.ts), one per member but who
 * booked it; for a quarter hour of today full at a venue (quarter-full.ts), one per member who
 * watches the venue; for an apply that stopped part-way, a bulk action that ended part-way or an
 * export that finished, one for who started it; for a mention in a
 * guest's note (mentioned.ts), one per member it names; for an entity or delegate the service
 * suspended, one per member; for an admin's
 * change of a member's role or of the two-step policy, one per member it concerns. Only for members
 * still enabled, whose role may see the kind (a kind about their own account, any role), and who
 * have not turned the kind off (preferences.ts).
 */
export async function raiseFromChanges(
  db: DashboardDb,
  events: readonly ChangeEvent[],
  visible: KindRule = kindVisibleTo,
  now: Date = new Date(),
): Promise<RaisedItem[]> {
  const raised: RaisedItem[] = [];
  for (const event of events) {
    const authors = await aboutReservation(db, event);
    const told = new Set(authors.flatMap((w) => w.recipients.map((r) => r.staffId)));
    const wanted = [
      ...authors,
      ...(await aboutWatchedReservation(db, event, told)),
      ...(await aboutLargeParty(db, event, now)),
      ...(await aboutFullQuarter(db, event, now)),
      ...aboutStoppedApply(event),
      ...aboutBulkEnded(event),
      ...aboutExport(event),
      ...(await aboutMention(db, event)),
      ...(await aboutSuspension(db, event)),
      ...(await aboutAccounts(db, event)),
    ];
    for (const w of wanted) raised.push(...(await raise(db, event, w, visible)));
  }
  return raised;
}

/** Lands one event's items of one kind for those of its recipients who are to receive it. */
async function raise(db: DashboardDb, event: ChangeEvent, wanted: Wanted, visible: KindRule): Promise<RaisedItem[]> {
  const { kind, subjectId, data } = wanted;
  const members = await db
    .select({ id: staffUsers.id, role: staffUsers.role, disabled: staffUsers.disabled })
    .from(staffUsers)
    .where(
      inArray(
        staffUsers.id,
        wanted.recipients.map((a) => a.staffId),
      ),
    );
  // A member who turned the kind off (or whose role's default is off) gets no item.
  const channels = await channelsFor(db, members, kind);
  const changeKind = CHANGE_KIND_OF[kind];
  const recipients = wanted.recipients.filter((a) => {
    const m = members.find((x) => x.id === a.staffId);
    return m && !m.disabled && (!changeKind || visible(m.role, changeKind)) && channels.get(m.id) !== 'off';
  });
  if (!recipients.length) return [];
  const raised: RaisedItem[] = [];
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(notifications)
      .values(
        recipients.map((r) => ({
          staffId: r.staffId,
          kind,
          reason: r.reason,
          entityId: event.entityId,
          subjectId,
          data,
          changeId: event.id,
          channel: channels.get(r.staffId) ?? 'console',
        })),
      )
      .onConflictDoNothing()
      .returning({
        id: notifications.id,
        staffId: notifications.staffId,
        reason: notifications.reason,
        channel: notifications.channel,
      });
    if (!rows.length) return;
    await recordAtOnceMails(
      tx,
      rows.filter((r) => r.channel === 'email'),
    );
    await recordChange(
      tx,
      ...rows.map((r) => ({
        kind: 'notification.raised' as const,
        entityId: null,
        ids: { staff: r.staffId, notification: r.id },
        who: null,
        data: { kind },
      })),
    );
    for (const r of rows)
      raised.push({ id: r.id, staffId: r.staffId, kind, reason: r.reason as NotificationReason, subjectId });
  });
  return raised;
}
