'use server';

import { z } from 'zod';

import type { StaffRole } from '@/lib/auth/roles';
import { Uuid } from '@/lib/guestbook/schemas';
import { said, validationMessage } from '@/lib/i18n/said';
import { BULK_MAX_ROWS } from '@/lib/reservations/bulk';
import { findStaffById, StaffRoleSchema } from '@/lib/server/auth';
import { dismissJob, recordJob, wakeBulkJobs } from '@/lib/server/bulk-jobs';
import { getDb } from '@/lib/server/db';
import { getSelectedEntity } from '@/lib/server/directory';
import { ActionError, getUiLocale, staffAction } from '@/lib/server/http';

const BulkRows = z
  .array(
    z.strictObject({
      id: Uuid,
      // the length as sent: a name padded out to any size is refused, not trimmed into one
      name: z
        .string()
        .max(200, { error: validationMessage('atMostChars', 200) })
        .trim()
        .min(1),
    }),
  )
  .min(1, { error: validationMessage('chooseRows') })
  .max(BULK_MAX_ROWS, { error: validationMessage('atMostRows', BULK_MAX_ROWS) })
  .refine((rows) => new Set(rows.map((r) => r.id)).size === rows.length, {
    error: validationMessage('eachRowOnce'),
  });

/**
 * Starts a bulk cancel as a job on the server, in the selected entity: it goes on after the tab
 * closes, and each reservation is canceled through the same guard as one alone (its own audit
 * row, the member's limits). One job at a time per member.
 */
export const startBulkCancelAction = staffAction(
  { name: 'start-bulk-cancel', role: 'operator', input: z.strictObject({ rows: BulkRows }), mutates: true },
  async ({ rows }, { staff, setAuditTarget }) => {
    const db = await getDb();
    const [entity, member, locale] = await Promise.all([
      getSelectedEntity(),
      findStaffById(db, staff.id),
      getUiLocale(),
    ]);
    setAuditTarget({ entityId: entity?.id ?? null, after: { reservations: rows.length } });
    if (!member) throw new ActionError(said('errors.session.ended'), undefined, 401);
    const job = await recordJob(db, {
      staffId: staff.id,
      kind: 'cancel',
      entityId: entity?.id ?? null,
      locale,
      sessionVersion: member.sessionVersion,
      rows,
    });
    if ('running' in job) throw new ActionError(said('errors.bulk.running'), undefined, 409);
    wakeBulkJobs();
    return { id: job.id };
  },
);

/** What a bulk change gives each member: one role, or their access taken away or given back. */
/** A role for the members, or whether they are disabled: one of the two, each named where it is wrong. */
const TeamChange = z
  .strictObject({ role: StaffRoleSchema.optional(), disabled: z.boolean().optional() })
  .refine((c) => (c.role === undefined) !== (c.disabled === undefined), {
    message: validationMessage('roleOrAccess'),
  })
  .transform((c): { role: StaffRole } | { disabled: boolean } =>
    c.role !== undefined ? { role: c.role } : { disabled: c.disabled! },
  );

/**
 * Starts a bulk change of the team's members as a job on the server: each member is changed
 * through the same guard as one alone (its own audit row, the last-admin rule), and the outcome
 * shows in the header of any page, even after the tab that started it closed.
 */
export const startTeamChangeAction = staffAction(
  {
    name: 'start-team-change',
    role: 'admin',
    input: z.strictObject({ rows: BulkRows, change: TeamChange }),
    mutates: true,
  },
  async ({ rows, change }, { staff, setAuditTarget }) => {
    setAuditTarget({ resourceType: 'staff', after: { members: rows.length, ...change } });
    const db = await getDb();
    const [member, locale] = await Promise.all([findStaffById(db, staff.id), getUiLocale()]);
    if (!member) throw new ActionError(said('errors.session.ended'), undefined, 401);
    const job = await recordJob(db, {
      staffId: staff.id,
      kind: 'change',
      entityId: null,
      locale,
      sessionVersion: member.sessionVersion,
      params: change,
      rows,
    });
    if ('running' in job) throw new ActionError(said('errors.bulk.running'), undefined, 409);
    wakeBulkJobs();
    return { id: job.id };
  },
);

/** Closes the outcome of one of the member's finished bulk jobs (theirs alone). */
export const closeBulkReportAction = staffAction(
  { name: 'close-bulk-report', role: 'viewer', input: z.strictObject({ id: Uuid }), mutates: false },
  async ({ id }, { staff }) => ({ closed: await dismissJob(await getDb(), staff.id, id, new Date()) }),
);
