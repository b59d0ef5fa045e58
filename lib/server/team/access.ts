import 'server-only';

import { z } from 'zod';

import { Uuid } from '../../guestbook/schemas';
import { said } from '../../i18n/said';
import { LastAdminError, StaffRoleSchema, updateStaffAccess } from '../auth';
import { getDb } from '../db';
import { ActionError, type ActionContext, type ActionDefinition } from '../http';

export const AccessChangeSchema = z.strictObject({
  id: Uuid,
  role: StaffRoleSchema.optional(),
  disabled: z.boolean().optional(),
});
export type AccessChange = z.output<typeof AccessChangeSchema>;

/** A member's role or access changed by an admin: alone from Team, or as a row of a bulk change (lib/server/bulk-jobs). */
export const CHANGE_STAFF_ACCESS = {
  name: 'change-staff-access',
  role: 'admin',
  input: AccessChangeSchema,
  mutates: true,
} satisfies ActionDefinition<typeof AccessChangeSchema>;

/** Changes the member's role or access; never the last active admin's, and never an admin's own access. */
export async function changeStaffAccessIn(
  { id, role, disabled }: AccessChange,
  { staff, setAuditTarget }: ActionContext,
) {
  setAuditTarget({ resourceType: 'staff', resourceId: id });
  if (role === undefined && disabled === undefined) throw new ActionError(said('team.errors.nothingToChange'));
  if (id === staff.id && disabled) throw new ActionError(said('team.errors.cannotDisableSelf'));
  try {
    const changed = await updateStaffAccess(await getDb(), id, { role, disabled });
    if (!changed) throw new ActionError(said('team.errors.accountGone'));
    setAuditTarget({ before: changed.before, after: changed.after });
    return changed.after;
  } catch (e) {
    if (e instanceof LastAdminError) throw new ActionError(e.said);
    throw e;
  }
}
