import { describe, expect, it } from 'vitest';

import { STAFF_ROLES } from '../auth/roles';
import { CHANGE_KINDS, eventVisibleTo, kindVisibleTo } from './events';

const ADA = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';

describe('who receives which change event', () => {
  it('sends a raised notification to its recipient alone, whatever the role, and lists it as no role’s kind', () => {
    const raised = { kind: 'notification.raised' as const, ids: { staff: ADA, notification: 'n1' } };
    for (const role of STAFF_ROLES) {
      expect(eventVisibleTo(role, ADA, raised)).toBe(true);
      expect(eventVisibleTo(role, BOB, raised)).toBe(false);
      expect(kindVisibleTo(role, 'notification.raised')).toBe(false);
    }
    expect(eventVisibleTo('admin', ADA, { kind: 'notification.raised', ids: {} })).toBe(false);
  });

  it('sends the other kinds by role: the team’s changes to admins only', () => {
    for (const kind of CHANGE_KINDS.filter((k) => k !== 'notification.raised'))
      for (const role of STAFF_ROLES)
        expect(eventVisibleTo(role, ADA, { kind, ids: {} })).toBe(kind !== 'team.changed' || role === 'admin');
  });
});
