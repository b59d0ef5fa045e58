import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';

import { eventVisibleTo, type ChangeEvent } from '../../changes/events';
import { membersDb } from '../auth/members.fixture';
import { createStaff } from '../auth/staff-store';
import { changesOfAction, type ChangeInput } from '../changes/of-action';
import { changesAfter, lastChangeId, recordChange } from '../changes/record';
import { auditLog, notifications, reservationsCopy, reservationsWindow, staffUsers } from '../db/schema';
import { listInbox, unreadCount } from './inbox';
import { setLargePartySize } from './large-party';
import { saveMemberChoices, saveRoleDefaults } from './preferences';
import { raiseFromChanges } from './raise';

const { db } = membersDb();
let serial = 0;

async function member(role: 'viewer' | 'operator' | 'admin') {
  const email = `inbox.${role}.${++serial}@example.test`;
  return createStaff(db(), { email, name: `Member ${serial}`, role, password: 'a long enough password' });
}

/** A write made in the console: its audit row and its change event, in one transaction (as staffAction does). */
async function consoleWrite(who: { id: string; email: string; name: string }, action: string, reservation: string) {
  const kind = { 'create-reservation': 'reservation.created', 'update-reservation': 'reservation.changed' }[action];
  await db().transaction(async (tx) => {
    await tx.insert(auditLog).values({
      staffId: who.id,
      staffEmail: who.email,
      action,
      entityId: 'entity-1',
      resourceType: 'reservation',
      resourceId: reservation,
      result: 'ok',
    });
    const change: ChangeInput = {
      kind: (kind ?? 'reservation.canceled') as ChangeInput['kind'],
      entityId: 'entity-1',
      ids: { reservation },
      who: { id: who.id, name: who.name },
      data: {},
    };
    await recordChange(tx, change);
  });
}

/** Changes recorded by `record`, as the feed's reader hands them over. */
async function recorded(record: () => Promise<unknown>): Promise<ChangeEvent[]> {
  const before = await lastChangeId(db());
  await record();
  return changesAfter(db(), before);
}

const outside = (reservation: string, kind: 'reservation.canceled' | 'reservation.changed', data = {}) =>
  recorded(() =>
    db().transaction((tx) => recordChange(tx, { kind, entityId: 'entity-1', ids: { reservation }, who: null, data })),
  );

async function copyOf(id: string) {
  await db()
    .insert(reservationsCopy)
    .values({
      context: 'entity-1',
      id,
      date: '2026-12-04',
      time: '19:30',
      status: 'canceled',
      partySize: 4,
      reservation: {
        id,
        date: '2026-12-04',
        time: '19:30',
        party_size: 4,
        status: 'canceled',
        guest: { first_name: 'Anna', last_name: 'Weber' },
      },
      syncedAt: new Date(),
    });
}

const itemsOf = (staffId: string) => db().select().from(notifications).where(eq(notifications.staffId, staffId));

describe('raising the inbox’s items from the change feed', () => {
  it('a cancel made outside the console raises one item for the member who booked it, told to them alone', async () => {
    const [booker, admin] = [await member('operator'), await member('admin')];
    await consoleWrite(booker, 'create-reservation', 'res-1');
    await copyOf('res-1');
    const events = await outside('res-1', 'reservation.canceled', { status: 'canceled' });

    const raised = await raiseFromChanges(db(), events);
    expect(raised.map((r) => [r.staffId, r.kind, r.reason])).toEqual([
      [booker.id, 'reservation.canceled_outside', 'booked_by_you'],
    ]);
    const [item] = await listInbox(db(), booker, { show: 'unread', reason: null });
    expect(item).toMatchObject({
      subjectId: 'res-1',
      entityId: 'entity-1',
      data: { guest: 'Anna Weber', date: '2026-12-04', time: '19:30', party: 4 },
      readAt: null,
      doneAt: null,
    });
    expect(await unreadCount(db(), booker)).toBe(1);
    expect(await itemsOf(admin.id)).toEqual([]);

    // The browser is told by a `notification.raised` event that reaches its recipient only.
    const told = (await changesAfter(db(), events.at(-1)!.id)).filter((e) => e.kind === 'notification.raised');
    expect(told).toHaveLength(1);
    expect(eventVisibleTo('operator', booker.id, told[0]!)).toBe(true);
    expect(eventVisibleTo('admin', admin.id, told[0]!)).toBe(false);
  });

  it('a cancel made in the console raises nothing, nor one of a reservation booked outside it', async () => {
    const booker = await member('operator');
    await consoleWrite(booker, 'create-reservation', 'res-2');
    const own = await recorded(() => consoleWrite(booker, 'cancel-reservation', 'res-2'));
    expect(own.map((e) => [e.kind, e.who?.id])).toEqual([['reservation.canceled', booker.id]]);
    expect(await raiseFromChanges(db(), own)).toEqual([]);
    expect(await raiseFromChanges(db(), await outside('res-unknown', 'reservation.canceled'))).toEqual([]);
    expect(await itemsOf(booker.id)).toEqual([]);
  });

  it('lands each item once when every process raises from the same change at once', async () => {
    const booker = await member('operator');
    await consoleWrite(booker, 'create-reservation', 'res-3');
    const events = await outside('res-3', 'reservation.canceled');
    const runs = await Promise.all([raiseFromChanges(db(), events), raiseFromChanges(db(), events)]);
    expect(runs.flat()).toHaveLength(1);
    expect(await raiseFromChanges(db(), events)).toEqual([]);
    expect(await itemsOf(booker.id)).toHaveLength(1);
    const told = (await changesAfter(db(), events.at(-1)!.id)).filter(
      (e) => e.kind === 'notification.raised' && e.ids.staff === booker.id,
    );
    expect(told).toHaveLength(1);
  });

  it('a change outside reaches the booker and the member who last changed it, with what changed', async () => {
    const [booker, first, last] = [await member('operator'), await member('operator'), await member('admin')];
    await consoleWrite(booker, 'create-reservation', 'res-4');
    await consoleWrite(first, 'update-reservation', 'res-4');
    await consoleWrite(last, 'update-reservation', 'res-4');
    const events = await outside('res-4', 'reservation.changed', { party_size: [4, 6] });
    const raised = await raiseFromChanges(db(), events);
    expect(raised.map((r) => [r.staffId, r.reason]).sort()).toEqual(
      [
        [booker.id, 'booked_by_you'],
        [last.id, 'changed_by_you'],
      ].sort(),
    );
    const [item] = await listInbox(db(), last, { show: 'all', reason: 'changed_by_you' });
    expect(item).toMatchObject({ kind: 'reservation.changed_outside', data: { changes: { party_size: [4, 6] } } });
    expect(await itemsOf(first.id)).toEqual([]);
  });

  it('a member disabled meanwhile, or whose role may not see the kind, gets nothing', async () => {
    const [disabled, viewer, operator] = [await member('operator'), await member('viewer'), await member('operator')];
    await consoleWrite(disabled, 'create-reservation', 'res-5');
    await db().update(staffUsers).set({ disabled: true }).where(eq(staffUsers.id, disabled.id));
    expect(await raiseFromChanges(db(), await outside('res-5', 'reservation.canceled'))).toEqual([]);

    // A rule under which viewers do not see cancels: the viewer who changed it hears nothing of it.
    await consoleWrite(operator, 'create-reservation', 'res-6');
    await consoleWrite(viewer, 'update-reservation', 'res-6');
    const noCancelsForViewers = (role: string, kind: string) => !(role === 'viewer' && kind === 'reservation.canceled');
    const raised = await raiseFromChanges(db(), await outside('res-6', 'reservation.canceled'), noCancelsForViewers);
    expect(raised.map((r) => r.staffId)).toEqual([operator.id]);
    expect(await itemsOf(viewer.id)).toEqual([]);
  });

  it('a member who turned the kind off gets no item and no event; their role’s default off holds for the others', async () => {
    const [off, on, admin] = [await member('operator'), await member('operator'), await member('admin')];
    await saveMemberChoices(db(), off.id, [{ kind: 'reservation.canceled_outside', channel: 'off' }], off.id);
    await consoleWrite(off, 'create-reservation', 'res-7');
    await consoleWrite(on, 'update-reservation', 'res-7');
    const events = await outside('res-7', 'reservation.canceled');
    expect((await raiseFromChanges(db(), events)).map((r) => r.staffId)).toEqual([on.id]);
    expect(await itemsOf(off.id)).toEqual([]);
    const told = (await changesAfter(db(), events.at(-1)!.id)).filter((e) => e.kind === 'notification.raised');
    expect(told.map((e) => e.ids.staff)).toEqual([on.id]);
    // Changes are another kind: still raised for the member who turned cancels off.
    const changed = await raiseFromChanges(
      db(),
      await outside('res-7', 'reservation.changed', { time: ['19:30', '20:00'] }),
    );
    expect(changed.map((r) => r.staffId).sort()).toEqual([off.id, on.id].sort());

    // An admin turns cancels off for operators: the member who chose the console keeps it.
    await saveRoleDefaults(db(), 'operator', [{ kind: 'reservation.canceled_outside', channel: 'off' }], admin.id);
    await saveMemberChoices(db(), off.id, [{ kind: 'reservation.canceled_outside', channel: 'console' }], off.id);
    await consoleWrite(off, 'create-reservation', 'res-8');
    await consoleWrite(on, 'update-reservation', 'res-8');
    const second = await raiseFromChanges(db(), await outside('res-8', 'reservation.canceled'));
    await saveRoleDefaults(db(), 'operator', [{ kind: 'reservation.canceled_outside', channel: 'console' }], admin.id);
    expect(second.map((r) => r.staffId)).toEqual([off.id]);
  });

  it('an admin’s change of a member’s role reaches that member, whatever their role; a two-step policy reaches the roles it newly binds', async () => {
    const [admin, viewer, operator, otherAdmin] = [
      await member('admin'),
      await member('viewer'),
      await member('operator'),
      await member('admin'),
    ];
    // As staffAction records the audited write: the change of access, then the policy, from none to admins to everyone.
    const teamWrite = (action: string, resourceId: string, before: unknown, after: unknown) =>
      recorded(() =>
        db().transaction((tx) =>
          recordChange(tx, ...changesOfAction({ action, result: 'ok', resourceId, before, after, staff: admin })),
        ),
      );
    const roleEvents = await teamWrite(
      'change-staff-access',
      viewer.id,
      { id: viewer.id, role: 'viewer', disabled: false },
      { id: viewer.id, role: 'operator', disabled: false },
    );
    const raised = await raiseFromChanges(db(), roleEvents);
    expect(raised.map((r) => [r.staffId, r.kind, r.reason])).toEqual([[viewer.id, 'account.role_changed', 'admin']]);
    // A viewer, though a viewer never sees the team's changes in the feed: it is about their own account.
    const [item] = await listInbox(db(), { id: viewer.id, role: 'viewer' }, { show: 'unread', reason: 'admin' });
    expect(item).toMatchObject({ subjectId: viewer.id, data: { by: admin.name, role: ['viewer', 'operator'] } });

    const toAdmins = await teamWrite(
      'set-two-step-policy',
      'second_factor_policy',
      { policy: 'none' },
      { policy: 'admins' },
    );
    const admins = await raiseFromChanges(db(), toAdmins);
    // Every admin but the one who required it (the other tests' admins too); no operator or viewer.
    expect(admins.map((r) => r.staffId)).toContain(otherAdmin.id);
    expect(admins.map((r) => r.staffId)).not.toContain(admin.id);
    expect(admins.map((r) => r.staffId)).not.toContain(operator.id);
    expect(new Set(admins.map((r) => r.kind))).toEqual(new Set(['account.two_step_required']));
    const toEveryone = await teamWrite(
      'set-two-step-policy',
      'second_factor_policy',
      { policy: 'admins' },
      { policy: 'everyone' },
    );
    const everyone = await raiseFromChanges(db(), toEveryone);
    // Now the operators and viewers, not the admins again.
    expect(everyone.map((r) => r.staffId)).toEqual(expect.arrayContaining([operator.id, viewer.id]));
    expect(everyone.map((r) => r.staffId)).not.toContain(otherAdmin.id);
    // Relaxed: nobody is told anything.
    expect(
      await raiseFromChanges(
        db(),
        await teamWrite('set-two-step-policy', 'second_factor_policy', { policy: 'everyone' }, { policy: 'none' }),
      ),
    ).toEqual([]);
  });

  it('a large party created for today at its venue reaches every member but its booker; smaller, or another day, nobody', async () => {
    const [booker, viewer, admin, quiet] = [
      await member('operator'),
      await member('viewer'),
      await member('admin'),
      await member('operator'),
    ];
    await saveMemberChoices(db(), quiet.id, [{ kind: 'reservation.large_party_today', channel: 'off' }], quiet.id);
    // 18:00 UTC on 4 December is still the 4th in London, already the 5th in Auckland.
    const now = new Date('2026-12-04T18:00:00Z');
    await db()
      .insert(reservationsWindow)
      .values({
        context: 'entity-lp',
        firstDay: '2026-12-01',
        lastDay: '2026-12-31',
        readAt: now,
        fullReadAt: now,
        venues: [
          { id: 'venue-london', name: 'London', time_zone: 'Europe/London' },
          { id: 'venue-auckland', name: 'Auckland', time_zone: 'Pacific/Auckland' },
        ],
      });
    const booked = async (id: string, venueId: string, party: number) => {
      const r = { id, venue_id: venueId, date: '2026-12-04', time: '19:30:00', party_size: party, status: 'confirmed' };
      await db()
        .insert(reservationsCopy)
        .values({
          context: 'entity-lp',
          id,
          venueId,
          date: r.date,
          time: '19:30',
          status: r.status,
          partySize: party,
          reservation: { ...r, guest: { first_name: 'Ben', last_name: 'Large' } },
          syncedAt: now,
        });
      return recorded(() =>
        db().transaction((tx) =>
          recordChange(tx, {
            kind: 'reservation.created',
            entityId: 'entity-lp',
            ids: { reservation: id },
            who: { id: booker.id, name: booker.name },
            data: { status: 'confirmed' },
          }),
        ),
      );
    };
    const raised = await raiseFromChanges(db(), await booked('lp-1', 'venue-london', 8), undefined, now);
    const to = raised.map((r) => r.staffId);
    expect(to).toEqual(expect.arrayContaining([viewer.id, admin.id]));
    expect(to).not.toContain(booker.id);
    expect(to).not.toContain(quiet.id);
    expect(new Set(raised.map((r) => `${r.kind} ${r.reason}`))).toEqual(
      new Set(['reservation.large_party_today large_party']),
    );
    const [item] = await listInbox(db(), viewer, { show: 'unread', reason: 'large_party' });
    expect(item).toMatchObject({ subjectId: 'lp-1', data: { guest: 'Ben Large', party: 8, time: '19:30' } });

    // Seven guests, below the default of 8; the 4th is yesterday in Auckland; an admin's size of 12 leaves 10 out.
    expect(await raiseFromChanges(db(), await booked('lp-2', 'venue-london', 7), undefined, now)).toEqual([]);
    expect(await raiseFromChanges(db(), await booked('lp-3', 'venue-auckland', 20), undefined, now)).toEqual([]);
    await setLargePartySize(db(), 12);
    expect(await raiseFromChanges(db(), await booked('lp-4', 'venue-london', 10), undefined, now)).toEqual([]);
    await setLargePartySize(db(), 8);
  });
});
