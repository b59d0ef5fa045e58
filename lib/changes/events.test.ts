import { describe, expect, it } from 'vitest';

import { STAFF_ROLES } from '../auth/roles';
import { CHANGE_KINDS, eventVisibleTo, isMemberKind, kindVisibleTo, MEMBER_KINDS, PRESENCE_KIND } from './events';

const ADA = '00000000-0000-4000-8000-00000000000a';
const BOB = '00000000-0000-4000-8000-00000000000b';

describe('who receives which change event', () => {
  it('sends a raised notification, a finished bulk action and a prepared export to its member alone, whatever the role, and lists them as no role’s kind', () => {
    for (const kind of MEMBER_KINDS) {
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
    for (const kind of CHANGE_KINDS.filter((k) => !isMemberKind(k)))
      for (const role of STAFF_ROLES)
        expect(eventVisibleTo(role, ADA, { kind, ids: {} })).toBe(kind !== 'team.changed' || role === 'admin');
  });

  it('sends a member’s arrival at a page, or their start of editing there, to every other member, whatever the role, and never back to them', () => {
    const event = { kind: PRESENCE_KIND, ids: { place: 'allocations' }, who: { id: ADA, name: 'Ada' } } as const;
    for (const role of STAFF_ROLES) {
      expect(eventVisibleTo(role, BOB, event)).toBe(true);
      expect(eventVisibleTo(role, ADA, event)).toBe(false);
      expect(kindVisibleTo(role, PRESENCE_KIND)).toBe(false);
    }
    expect(CHANGE_KINDS as readonly string[]).not.toContain(PRESENCE_KIND);
  });
});
