import { readFileSync } from 'node:fs';

import { uuidFrom } from '../lib/sandbox/ids';
import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';

/** A venue of the demo world, for the booking actions' rows. */
const MATRIX_VENUE = uuidFrom('venue:wharf');

export type Role = 'viewer' | 'operator' | 'admin';
export const LABEL: Record<Role, string> = { viewer: 'Viewer', operator: 'Operator', admin: 'Admin' };

/**
 * Every server action of the build, with the role it needs and a well-formed input. The matrix
 * test fails for an action of the build that has no row here, so none can be added unguarded.
 */
export const ACTIONS: Record<string, { audit: string; role: Role; mutates: boolean; input: () => unknown }> = {
  'app/(console)/team/actions.ts#addStaffMemberAction': {
    audit: 'add-staff-member',
    role: 'admin',
    mutates: true,
    input: () => ({ email: `matrix.${Date.now()}@demo.test`, name: 'Matrix', role: 'admin', password: '' }),
  },
  'app/(console)/team/actions.ts#changeStaffAccessAction': {
    audit: 'change-staff-access',
    role: 'admin',
    mutates: true,
    input: () => ({ id: '00000000-0000-4000-8000-000000000001', role: 'admin', disabled: false }),
  },
  'app/(console)/team/actions.ts#resetStaffPasswordAction': {
    audit: 'reset-staff-password',
    role: 'admin',
    mutates: true,
    input: () => ({ id: '00000000-0000-4000-8000-000000000001' }),
  },
  'app/(console)/entities/actions.ts#createEntityAction': {
    audit: 'create-entity',
    role: 'admin',
    mutates: true,
    input: () => ({ name: `Matrix Entity ${Date.now()}`, default_locale: 'en-GB', default_program_id: '' }),
  },
  'app/(console)/entities/actions.ts#updateEntityAction': {
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
  'app/(console)/entities/actions.ts#replaceEntityProgramsAction': {
    audit: 'replace-entity-programs',
    role: 'admin',
    mutates: true,
    input: () => ({ id: DEMO_PARTNER.defaultEntityId, programs: [] }),
  },
  'app/(console)/entities/actions.ts#readEntityLogoAction': {
    audit: 'read-entity-logo',
    role: 'viewer',
    mutates: false,
    input: () => ({ id: DEMO_PARTNER.defaultEntityId }),
  },
  'app/(console)/entities/actions.ts#previewProgramChangeAction': {
    audit: 'preview-program-change',
    role: 'admin',
    mutates: false,
    input: () => ({ id: DEMO_PARTNER.defaultEntityId, programIds: [] }),
  },
  'app/(console)/allocations/actions.ts#applyAllocationAction': {
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
  'app/(console)/allocations/actions.ts#restoreAllocationAction': {
    audit: 'restore-allocation',
    role: 'operator',
    mutates: true,
    input: () => ({ sets: [{ entityId: DEMO_PARTNER.defaultEntityId, data: [] }] }),
  },
  'app/(console)/allocations/seats-booked-action.ts#readSeatsBookedAction': {
    audit: 'read-seats-booked',
    role: 'operator',
    mutates: false,
    input: () => ({ entityId: DEMO_PARTNER.defaultEntityId, commitmentIds: ['00000000-0000-4000-8000-000000000002'] }),
  },
  'app/(console)/reservations/actions.ts#cancelReservationAction': {
    audit: 'cancel-reservation',
    role: 'operator',
    mutates: true,
    input: () => ({ id: '00000000-0000-4000-8000-000000000003' }),
  },
  'app/(console)/reservations/actions.ts#updateReservationAction': {
    audit: 'update-reservation',
    role: 'operator',
    mutates: true,
    input: () => ({ id: '00000000-0000-4000-8000-000000000004', changes: { notes: 'x' } }),
  },
  'app/(console)/reservations/new/actions.ts#searchAvailabilityAction': {
    audit: 'search-availability',
    role: 'operator',
    mutates: false,
    input: () => ({
      entityId: DEMO_PARTNER.defaultEntityId,
      venueId: MATRIX_VENUE,
      marketId: null,
      date: '2026-12-01',
      partySize: 2,
      time: null,
    }),
  },
  'app/(console)/reservations/new/actions.ts#placeHoldAction': {
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
  'app/(console)/reservations/new/actions.ts#releaseHoldAction': {
    audit: 'release-hold',
    role: 'operator',
    mutates: true,
    input: () => ({
      entityId: DEMO_PARTNER.defaultEntityId,
      holdId: '00000000-0000-4000-8000-000000000005',
      reason: 'form-left',
    }),
  },
  'app/(console)/reservations/new/actions.ts#createBookingAction': {
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
  'app/(console)/reservations/actions.ts#searchReservationPageAction': {
    audit: 'search-reservation-page',
    role: 'viewer',
    mutates: false,
    input: () => ({ query: 'status=confirmed&sort=-date', page: 2 }),
  },
  'app/actions/global-search.ts#globalSearchAction': {
    audit: 'global-search',
    role: 'viewer',
    mutates: false,
    input: () => ({ q: 'Harbour' }),
  },
  'app/actions/overview-today.ts#readOverviewTodayAction': {
    audit: 'read-overview-today',
    role: 'viewer',
    mutates: false,
    input: () => ({ scope: 'partner' }),
  },
  'app/actions/request-budget.ts#readRequestBudgetAction': {
    audit: 'read-request-budget',
    role: 'viewer',
    mutates: false,
    input: () => ({}),
  },
  'app/actions/select-entity.ts#selectEntityAction': {
    audit: 'select-entity',
    role: 'viewer',
    mutates: false,
    input: () => ({ id: DEMO_PARTNER.defaultEntityId }),
  },
  'app/account/actions.ts#changeOwnPasswordAction': {
    audit: 'change-own-password',
    role: 'viewer',
    mutates: true,
    input: () => ({
      current: 'not the password',
      password: 'a long enough password',
      confirm: 'a long enough password',
    }),
  },
  'app/account/actions.ts#signOutEverywhereAction': {
    audit: 'sign-out-everywhere',
    role: 'viewer',
    mutates: true,
    input: () => ({ scope: 'everywhere' }),
  },
};

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
