import { describe, expect, it } from 'vitest';

import { isOwnWrite, outsideChanges, type DirectoryChanges } from './copy-changes';

const changes = (c: Partial<DirectoryChanges> & Pick<DirectoryChanges, 'resource' | 'context'>): DirectoryChanges => ({
  added: [],
  changed: [],
  removed: [],
  ...c,
});

describe('what the directory sync found, as change events', () => {
  it('records an entity added and one changed outside the console, each in its own context', () => {
    const events = outsideChanges(
      changes({ resource: 'entities', context: 'partner', added: ['e1'], changed: ['e2'] }),
      new Set(),
    );
    expect(events).toEqual([
      { kind: 'entity.created', entityId: 'e1', ids: { entity: 'e1' }, who: null },
      { kind: 'entity.changed', entityId: 'e2', ids: { entity: 'e2' }, who: null, data: {} },
    ]);
  });

  it('records an entity or delegate found suspended with its status and name, even just after a member changed it', () => {
    const suspended = [{ id: 'e2', name: 'Harbour Group' }];
    expect(
      outsideChanges(
        changes({ resource: 'entities', context: 'partner', changed: ['e2'], suspended }),
        new Set(['e2']),
      ),
    ).toEqual([
      {
        kind: 'entity.changed',
        entityId: 'e2',
        ids: { entity: 'e2' },
        who: null,
        data: { status: ['active', 'suspended'], name: 'Harbour Group' },
      },
    ]);
    expect(
      outsideChanges(
        changes({
          resource: 'delegates',
          context: 'partner',
          changed: ['d1', 'd2'],
          suspended: [{ id: 'd1', name: 'Vine Rooms' }],
        }),
        new Set(),
      ),
    ).toEqual([
      {
        kind: 'delegate.changed',
        entityId: null,
        ids: { delegate: 'd1' },
        who: null,
        data: { status: ['active', 'suspended'], name: 'Vine Rooms' },
      },
      { kind: 'delegate.changed', entityId: null, ids: { delegate: 'd2' }, who: null, data: {} },
    ]);
  });

  it('records the commitments whose seats changed as one seat change of the entity, leaving out those a member just changed', () => {
    const events = outsideChanges(
      changes({ resource: 'commitments', context: 'ent-1', changed: ['c1', 'c2', 'c3'] }),
      new Set(['c2']),
    );
    expect(events).toEqual([
      {
        kind: 'allocation.applied',
        entityId: 'ent-1',
        ids: { commitments: ['c1', 'c3'] },
        who: null,
        data: { status: 'applied' },
      },
    ]);
    expect(
      outsideChanges(changes({ resource: 'commitments', context: 'ent-1', changed: ['c2'] }), new Set(['c2'])),
    ).toEqual([]);
  });

  it('records nothing for the resources no page follows', () => {
    for (const resource of ['identity', 'venues', 'markets'] as const)
      expect(outsideChanges(changes({ resource, context: 'partner', changed: ['x'] }), new Set())).toEqual([]);
  });
});

describe('a reservation the sync found, after a member’s write', () => {
  it('is the member’s own write when of the same kind, and a guest’s cancel after a member’s booking is not', () => {
    const booked = new Set(['reservation.created']);
    expect(isOwnWrite({ kind: 'reservation.created' }, booked)).toBe(true);
    expect(isOwnWrite({ kind: 'reservation.changed' }, booked)).toBe(true);
    expect(isOwnWrite({ kind: 'reservation.canceled' }, booked)).toBe(false);
    expect(isOwnWrite({ kind: 'reservation.canceled' }, new Set(['reservation.canceled']))).toBe(true);
    expect(isOwnWrite({ kind: 'reservation.canceled' }, undefined)).toBe(false);
  });
});
