import { describe, expect, it } from 'vitest';

import { STAFF_ROLES } from '../auth/roles';
import { CHANGE_KINDS, eventVisibleTo, kindVisibleTo } from './events';

const ADA = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';

describe('who receives which change event', () => {
  it('sends a raised notification and a finished bulk action to its member alone, whatever the role, and lists them as no role’s kind', () => {
    for (const kind of ['notification.raised', 'bulk.finished'] as const) {
      const event = { kind, ids: { staff: ADA, notification: 'n1' } };
      for (const role of STAFF_ROLES) {
        expect(eventVisibleTo(role, ADA, event)).toBe(true);
        expect(eventVisibleTo(role, BOB, event)).toBe(false);
        expect(kindVisibleTo(role, kind)).toBe(false);
      }
      expect(eventVisibleTo('admin', ADA, { kind, ids: {} })).toBe(false);
    }
  });

  it('sends the other kinds by role: the team’s changes to admins only', () => {
    for (const kind of CHANGE_KINDS.filter((k) => k !== 'notification.raised' && k !== 'bulk.finished'))
      for (const role of STAFF_ROLES)
        expect(eventVisibleTo(role, ADA, { kind, ids: {} })).toBe(kind !== 'team.changed' || role === 'admin');
  });
});
