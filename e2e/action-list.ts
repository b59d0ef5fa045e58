import { readFileSync } from 'node:fs';

import type { StaffRole } from '../lib/auth/roles';
import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { MATRIX_VENUE } from './read-list';

/**
 * Every server action of the build, with the role it needs and a well-formed input. The matrix
 * test fails for an action of the build that has no row here, so none can be added unguarded.
 */
export const ACTIONS: Record<string, { audit: string; role: StaffRole; mutates: boolean; input: () => unknown }> = {
  'lib/actions/team.ts#addStaffMemberAction': {
    audit: 'add-staff-member',
    role: 'admin',
    mutates: true,
    input: () => ({ email: `matrix.${Date.now()}@demo.test`, name: 'Matrix', role: 'admin', password: '' }),
  },
  'lib/actions/team.ts#changeStaffAccessAction': {
    audit: 'change-staff-access',
    role: 'admin',
    mutates: true,
    input: () => ({ id: '00000000-0000-4000-8000-000000000001', role: 'admin', disabled: false }),
  },
  'lib/actions/team.ts#resetStaffPasswordAction': {
    audit: 'reset-staff-password',
    role: 'admin',
    mutates: true,
    input: () => ({ id: '00000000-0000-4000-8000-000000000001' }),
  },
  'lib/actions/entities.ts#createEntityAction': {
    audit: 'create-entity',
    role: 'admin',
    mutates: true,
    input: () => ({ name: `Matrix Entity ${Date.now()}`, default_locale: 'en-GB', default_program_id: '' }),
  },
  'lib/actions/entities.ts#updateEntityAction': {
    audit: 'update-entity',
    role: 'admin',
    mutates: true,
    input: () => ({
      id: DEMO_PARTNER.defaultEntityId,
      name: 'Taken Over',
      default_locale: 'en-GB',
      default_program_id: '',
    }),
  },
  'lib/actions/entities.ts#replaceEntityProgramsAction': {
    audit: 'replace-entity-programs',
    role: 'admin',
    mutates: true,
    input: () => ({ id: DEMO_PARTNER.defaultEntityId, programs: [] }),
  },
  'lib/actions/allocations.ts#applyAllocationAction': {
    audit: 'apply-allocation',
    role: 'operator',
    mutates: true,
    input: () => ({
      changes: [
        {
          commitmentId: '00000000-0000-4000-8000-000000000002',
          entityId: DEMO_PARTNER.defaultEntityId,
          before: 0,
          after: 1,
        },
      ],
    }),
  },
  'lib/actions/allocations.ts#restoreAllocationAction': {
    audit: 'restore-allocation',
    role: 'operator',
    mutates: true,
    input: () => ({ sets: [{ entityId: DEMO_PARTNER.defaultEntityId, data: [] }] }),
  },
  'lib/actions/reservations.ts#cancelReservationAction': {
    audit: 'cancel-reservation',
    role: 'operator',
    mutates: true,
    input: () => ({ id: '00000000-0000-4000-8000-000000000003' }),
  },
  'lib/actions/bulk-jobs.ts#startBulkCancelAction': {
    audit: 'start-bulk-cancel',
    role: 'operator',
    mutates: true,
    input: () => ({ rows: [{ id: '00000000-0000-4000-8000-000000000003', name: 'Matrix Guest' }] }),
  },
  'lib/actions/bulk-jobs.ts#startTeamChangeAction': {
    audit: 'start-team-change',
    role: 'admin',
    mutates: true,
    input: () => ({
      rows: [{ id: '00000000-0000-4000-8000-000000000005', name: 'matrix.member@demo.test' }],
      change: { role: 'viewer' },
    }),
  },
  'lib/actions/exports.ts#startExportAction': {
    audit: 'start-export',
    role: 'viewer',
    mutates: false,
    input: () => ({ query: 'status[in]=confirmed&sort=-date' }),
  },
  'lib/actions/bulk-jobs.ts#closeBulkReportAction': {
    audit: 'close-bulk-report',
    role: 'viewer',
    mutates: false,
    input: () => ({ id: '00000000-0000-4000-8000-000000000004' }),
  },
  'lib/actions/reservations.ts#updateReservationAction': {
    audit: 'update-reservation',
    role: 'operator',
    mutates: true,
    input: () => ({ id: '00000000-0000-4000-8000-000000000004', changes: { notes: 'x' } }),
  },
  'lib/actions/reservations.ts#holdReservationChangeAction': {
    audit: 'hold-reservation-change',
    role: 'operator',
    mutates: true,
    input: () => ({
      id: '00000000-0000-4000-8000-000000000004',
      changes: { notes: 'x' },
      expected: { notes: null },
    }),
  },
  'lib/actions/reservations.ts#withdrawReservationChangeAction': {
    audit: 'withdraw-reservation-change',
    role: 'operator',
    mutates: true,
    input: () => ({ held: '00000000-0000-4000-8000-000000000004' }),
  },
  'lib/actions/booking.ts#placeHoldAction': {
    audit: 'place-hold',
    role: 'operator',
    mutates: true,
    input: () => ({
      entityId: DEMO_PARTNER.defaultEntityId,
      venueId: MATRIX_VENUE,
      date: '2026-12-01',
      time: '19:00',
      partySize: 2,
      seatingAreaId: null,
      commitmentId: null,
    }),
  },
  'lib/actions/booking.ts#releaseHoldAction': {
    audit: 'release-hold',
    role: 'operator',
    mutates: true,
    input: () => ({
      entityId: DEMO_PARTNER.defaultEntityId,
      holdId: '00000000-0000-4000-8000-000000000005',
      reason: 'form-left',
    }),
  },
  'lib/actions/booking.ts#createBookingAction': {
    audit: 'create-reservation',
    role: 'operator',
    mutates: true,
    input: () => ({
      entityId: DEMO_PARTNER.defaultEntityId,
      hold: { id: '00000000-0000-4000-8000-000000000006', expires_at: '2030-01-01T00:00:00Z' },
      guest: {
        first_name: 'Matrix',
        last_name: 'Guest',
        email: 'matrix.guest@demo.test',
        phone: '',
        notes: '',
        locale: 'en-GB',
      },
    }),
  },
  'lib/actions/directory.ts#refreshDirectoryAction': {
    audit: 'refresh-directory',
    role: 'viewer',
    mutates: false,
    input: () => ({ copies: [{ resource: 'markets', context: DEMO_PARTNER.defaultEntityId }] }),
  },
  'lib/actions/select-entity.ts#selectEntityAction': {
    audit: 'select-entity',
    role: 'viewer',
    mutates: false,
    input: () => ({ id: DEMO_PARTNER.defaultEntityId }),
  },
  'lib/actions/views.ts#saveViewAction': {
    audit: 'save-view',
    role: 'viewer',
    mutates: true,
    input: () => ({ name: `Matrix view ${Date.now()}`, query: 'status=confirmed', hiddenColumns: [], shared: false }),
  },
  'lib/actions/views.ts#deleteViewAction': {
    audit: 'delete-view',
    role: 'viewer',
    mutates: true,
    input: () => ({ id: '00000000-0000-4000-8000-000000000001' }),
  },
  'lib/actions/preferences.ts#saveTablePreferencesAction': {
    audit: 'save-table-preferences',
    role: 'viewer',
    mutates: false,
    input: () => ({ density: 'comfortable' }),
  },
  'lib/actions/preferences.ts#saveLanguageAndZoneAction': {
    audit: 'save-language-and-zone',
    role: 'viewer',
    mutates: false,
    input: () => ({ language: '', timeZone: 'UTC' }),
  },
  'lib/actions/inbox.ts#markNotificationsAction': {
    audit: 'mark-notifications',
    role: 'viewer',
    mutates: false,
    input: () => ({ ids: ['00000000-0000-4000-8000-000000000001'], state: 'done' }),
  },
  'lib/actions/watch.ts#setWatchAction': {
    audit: 'set-watch',
    role: 'viewer',
    mutates: false,
    input: () => ({ subject: 'venue', id: MATRIX_VENUE, on: false }),
  },
  'lib/actions/inbox.ts#markAllNotificationsDoneAction': {
    audit: 'mark-all-notifications-done',
    role: 'viewer',
    mutates: false,
    input: () => ({}),
  },
  'lib/actions/notification-preferences.ts#saveNotificationChoicesAction': {
    audit: 'save-notification-choices',
    role: 'viewer',
    mutates: false,
    input: () => ({ choices: [{ kind: 'reservation.changed_outside', channel: 'console' }], digestTime: '08:00' }),
  },
  'lib/actions/notification-preferences.ts#setNotificationDefaultsAction': {
    audit: 'set-notification-defaults',
    role: 'admin',
    mutates: true,
    // "console": the matrix must not turn a kind off for a role
    input: () => ({ role: 'viewer', choices: [{ kind: 'reservation.changed_outside', channel: 'console' }] }),
  },
  'lib/actions/notification-preferences.ts#setLargePartySizeAction': {
    audit: 'set-large-party-size',
    role: 'admin',
    mutates: true,
    // the default: the matrix must not change what the other tests expect
    input: () => ({ size: 8 }),
  },
  'lib/actions/account.ts#changeOwnPasswordAction': {
    audit: 'change-own-password',
    role: 'viewer',
    mutates: true,
    input: () => ({
      current: 'not the password',
      password: 'a long enough password',
      confirm: 'a long enough password',
    }),
  },
  'lib/actions/account.ts#beginTwoStepAction': {
    audit: 'begin-two-step',
    role: 'viewer',
    mutates: true,
    input: () => ({ step: 'begin' }),
  },
  'lib/actions/guests.ts#setGuestNoteAction': {
    audit: 'set-guest-note',
    role: 'operator',
    mutates: true,
    input: () => ({ email: 'matrix.guest@example.com', note: 'Matrix' }),
  },
  'lib/actions/guests.ts#addGuestTagAction': {
    audit: 'add-guest-tag',
    role: 'operator',
    mutates: true,
    input: () => ({ email: 'matrix.guest@example.com', tag: 'matrix' }),
  },
  'lib/actions/guests.ts#removeGuestTagAction': {
    audit: 'remove-guest-tag',
    role: 'operator',
    mutates: true,
    input: () => ({ email: 'matrix.guest@example.com', tag: 'matrix' }),
  },
  'lib/actions/guests.ts#addReservationTagAction': {
    audit: 'add-reservation-tag',
    role: 'operator',
    mutates: true,
    input: () => ({ reservationId: '00000000-0000-4000-8000-000000000003', tag: 'matrix' }),
  },
  'lib/actions/guests.ts#removeReservationTagAction': {
    audit: 'remove-reservation-tag',
    role: 'operator',
    mutates: true,
    input: () => ({ reservationId: '00000000-0000-4000-8000-000000000003', tag: 'matrix' }),
  },
  'lib/actions/account.ts#confirmTwoStepAction': {
    audit: 'confirm-two-step',
    role: 'viewer',
    mutates: true,
    input: () => ({ code: '000000' }),
  },
  'lib/actions/account.ts#removeOwnTwoStepAction': {
    audit: 'remove-own-two-step',
    role: 'viewer',
    mutates: true,
    input: () => ({ current: 'not the password' }),
  },
  'lib/actions/team.ts#resetStaffTwoStepAction': {
    audit: 'reset-staff-two-step',
    role: 'admin',
    mutates: true,
    input: () => ({ id: '00000000-0000-4000-8000-000000000001' }),
  },
  'lib/actions/team.ts#setTwoStepPolicyAction': {
    audit: 'set-two-step-policy',
    role: 'admin',
    mutates: true,
    // "none": the matrix must not leave the team requiring a second factor
    input: () => ({ policy: 'none' }),
  },
  'lib/actions/account.ts#endOwnSessionAction': {
    audit: 'end-own-session',
    role: 'viewer',
    mutates: true,
    // no session of anyone's: refused, and nobody is signed out
    input: () => ({ sessionId: '00000000-0000-4000-8000-000000000009' }),
  },
  'lib/actions/account.ts#signOutEverywhereAction': {
    audit: 'sign-out-everywhere',
    role: 'viewer',
    mutates: true,
    input: () => ({ scope: 'everywhere' }),
  },
};

export { READS, readUrl } from './read-list';

interface ManifestEntry {
  filename: string;
  exportedName: string;
  workers: Record<string, unknown>;
}

/** The server actions of the production build: id, file#export, and a page path that serves it. */
export function buildActions(): { id: string; key: string; path: string }[] {
  const manifest = JSON.parse(readFileSync('.next/server/server-reference-manifest.json', 'utf8')) as {
    node: Record<string, ManifestEntry>;
  };
  return Object.entries(manifest.node).map(([id, entry]) => {
    const page = Object.keys(entry.workers).find((w) => !w.includes('[')) ?? Object.keys(entry.workers)[0]!;
    const path =
      page
        .replace(/^app/, '')
        .replace(/\/\([^)]+\)/g, '')
        .replace(/\/page$/, '') || '/';
    return { id, key: `${entry.filename}#${entry.exportedName}`, path };
  });
}
