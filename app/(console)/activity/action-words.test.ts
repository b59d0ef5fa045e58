import { describe, expect, it } from 'vitest';

import { ACTIONS } from '../../../e2e/action-list';
import en from '../../../messages/en.json';

/**
 * What writes an audit row besides the server actions that change something: routes, the session,
 * the bulk reads of guest data (the exports, streamed or prepared on the server, and their
 * download), and the staff command line (`npm run staff remove`, scripts/staff.ts).
 */
const AUDITED_ELSEWHERE = [
  'remove-staff-member',
  'upload-entity-logo',
  'sign-in',
  'sign-out',
  'export-activity',
  'export-reservations',
  'start-export',
  'download-export',
];

describe('the activity log in words', () => {
  it('names every action that writes an audit row, and no other', () => {
    const audited = [
      ...Object.values(ACTIONS)
        .filter((a) => a.mutates)
        .map((a) => a.audit),
      ...AUDITED_ELSEWHERE,
    ];
    const named = Object.keys(en.activity.actions);
    expect(audited.filter((a) => !named.includes(a))).toEqual([]);
    expect(named.filter((a) => !audited.includes(a))).toEqual([]);
  });
});
