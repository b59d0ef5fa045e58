import { describe, expect, it } from 'vitest';

import { changesOfAction } from './of-action';

const staff = { id: '00000000-0000-4000-8000-00000000000a', name: 'Olivia Operator' };

describe('the change events of a console write', () => {
  it('a cancel names the reservation, its entity, who and the new status', () => {
    expect(
      changesOfAction({
        action: 'cancel-reservation',
        result: 'ok',
        entityId: 'e1',
        resourceId: 'r1',
        before: { status: 'confirmed' },
        after: { status: 'canceled', canceled_at: '2026-11-28T10:00:00Z' },
        staff,
      }),
    ).toEqual([
      {
        kind: 'reservation.canceled',
        entityId: 'e1',
        ids: { reservation: 'r1' },
        who: staff,
        data: { status: 'canceled' },
      },
    ]);
  });

  it('a guest note or tag names the guest by e-mail, partner-wide; a reservation tag names the reservation', () => {
    for (const action of ['set-guest-note', 'add-guest-tag', 'remove-guest-tag'])
      expect(
        changesOfAction({ action, result: 'ok', resourceId: 'ana@example.com', after: { tags: ['VIP'] }, staff }),
      ).toEqual([{ kind: 'guest.changed', entityId: null, ids: { guest: 'ana@example.com' }, who: staff }]);
    // a note that adds mentions carries them, and the reservation it was written on
    expect(
      changesOfAction({
        action: 'set-guest-note',
        result: 'ok',
        resourceId: 'ana@example.com',
        before: { note: 'ask @olivia', tags: [] },
        after: { note: 'ask @olivia and @ben', tags: [], reservationId: 'r1', guestName: 'Ana Lima' },
        staff,
      }),
    ).toEqual([
      {
        kind: 'guest.changed',
        entityId: null,
        ids: { guest: 'ana@example.com' },
        who: staff,
        data: { mentions: ['ben'], reservation: 'r1', guestName: 'Ana Lima' },
      },
    ]);
    expect(
      changesOfAction({ action: 'add-reservation-tag', result: 'ok', entityId: 'e1', resourceId: 'r1', staff }),
    ).toEqual([
      { kind: 'reservation.changed', entityId: 'e1', ids: { reservation: 'r1' }, who: staff, data: { tags: true } },
    ]);
    expect(changesOfAction({ action: 'add-guest-tag', result: 'refused', resourceId: 'a@b.c', staff })).toEqual([]);
  });

  it('a modify (or its undo) carries each changed field as [before, after]', () => {
    const [change] = changesOfAction({
      action: 'update-reservation',
      result: 'ok',
      entityId: 'e1',
      resourceId: 'r1',
      before: { party_size: 4, notes: 'window', guest: { first_name: 'Ana' } },
      after: { party_size: 6, notes: 'window', guest: { first_name: 'Anna' } },
      staff,
    });
    expect(change).toMatchObject({ kind: 'reservation.changed', data: { party_size: [4, 6], guest: true } });
    expect(change!.data).not.toHaveProperty('notes');
  });

  it("a refused or failed write, a hold, a saved view or one's own password records nothing", () => {
    for (const [action, result] of [
      ['cancel-reservation', 'refused'],
      ['cancel-reservation', 'failed'],
      ['place-hold', 'ok'],
      ['save-view', 'ok'],
      ['change-own-password', 'ok'],
    ] as const)
      expect(changesOfAction({ action, result, entityId: 'e1', resourceId: 'r1', staff }), action).toEqual([]);
  });

  it('an apply names every commitment and entity it touched; a conflict changed nothing', () => {
    const before = [
      { commitmentId: 'c1', entityId: 'e1', seats: 2 },
      { commitmentId: 'c1', entityId: 'e2', seats: 3 },
      { commitmentId: 'c2', entityId: 'e1', seats: 0 },
    ];
    expect(
      changesOfAction({ action: 'apply-allocation', result: 'ok', before, after: before, staff })[0],
    ).toMatchObject({
      kind: 'allocation.applied',
      entityId: null,
      ids: { commitments: ['c1', 'c2'], entities: ['e1', 'e2'] },
    });
    expect(
      changesOfAction({ action: 'apply-allocation', result: 'ok', before, after: { status: 'conflict' }, staff }),
    ).toEqual([]);
    expect(
      changesOfAction({
        action: 'restore-allocation',
        result: 'ok',
        after: [{ entityId: 'e1', data: [{ id: 'c9', entity_seats: 1 }] }],
        staff,
      })[0]?.ids,
    ).toEqual({ commitments: ['c9'], entities: ['e1'] });
  });

  it('a team change is partner-wide; an entity change names the entity', () => {
    expect(changesOfAction({ action: 'change-staff-access', result: 'ok', resourceId: 's1', staff })[0]).toMatchObject({
      kind: 'team.changed',
      entityId: null,
      ids: { staff: 's1' },
    });
    expect(
      changesOfAction({
        action: 'update-entity',
        result: 'ok',
        entityId: 'e1',
        resourceId: 'e1',
        before: { name: 'Old' },
        after: { name: 'New' },
        staff,
      })[0],
    ).toMatchObject({ kind: 'entity.changed', entityId: 'e1', data: { what: ['name'] } });
  });
});
