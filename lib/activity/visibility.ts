/**
 * Who reads what of the activity log. An admin reads all of it. Every other member reads the
 * changes made to reservations and entities (who booked, modified or canceled, held or released,
 * renamed an entity, moved seats), refused or not: the rows they need to understand the day's
 * work. They read no sign-in or sign-out (addresses, typed identifiers), no team change (e-mails,
 * roles, resets), no saved view or export (another member's searches), no account or security
 * event. An allow-list: an action added later is an admin's until it is named here.
 */
import type { StaffRole } from '../auth/roles';

export const SHARED_ACTIVITY_ACTIONS: readonly string[] = [
  'place-hold',
  'release-hold',
  'create-reservation',
  'update-reservation',
  'hold-reservation-change',
  'withdraw-reservation-change',
  'cancel-reservation',
  'create-entity',
  'update-entity',
  'upload-entity-logo',
  'replace-entity-programs',
  'apply-allocation',
  'restore-allocation',
];

/** The actions `role` reads in the activity log; null: every one. */
export const readableActivityActions = (role: StaffRole): readonly string[] | null =>
  role === 'admin' ? null : SHARED_ACTIVITY_ACTIONS;

/**
 * The sign-ins and sign-outs: an admin's to read, kept apart from the changes on the Activity
 * page (anyone can cause a refused sign-in; the changes are the staff's work), and kept for a
 * shorter time (SIGN_IN_RETENTION_DAYS).
 */
export const SIGN_IN_ACTIONS: readonly string[] = ['sign-in', 'sign-out'];

/** What the Activity page lists: the changes (the default), the sign-ins, or both. */
export const ACTIVITY_KINDS = ['changes', 'sign-ins', 'all'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
