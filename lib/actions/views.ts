'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';

import { hasRole } from '@/lib/auth/roles';
import { Uuid } from '@/lib/guestbook/schemas';
import { said } from '@/lib/i18n/said';
import { getDb } from '@/lib/server/db';
import { ActionError, staffAction } from '@/lib/server/http';
import { deleteView, saveView, ViewLimitError, ViewNameTakenError } from '@/lib/server/views';
import { SaveViewInputSchema } from '@/lib/views/schemas';

/** Saves the search shown as a named view of the member's; an admin may share it with the team. */
export const saveViewAction = staffAction(
  { name: 'save-view', role: 'viewer', input: SaveViewInputSchema, mutates: true },
  async (view, { staff, setAuditTarget }) => {
    if (view.shared && !hasRole(staff.role, 'admin'))
      throw new ActionError(said('reservations.errors.shareNeedsAdmin'), {
        shared: [said('reservations.errors.needsAdminRole')],
      });
    try {
      const saved = await saveView(await getDb(), staff.id, view);
      setAuditTarget({ resourceType: 'view', resourceId: saved.id, after: view });
      revalidatePath('/', 'layout');
      return saved;
    } catch (e) {
      if (e instanceof ViewNameTakenError)
        throw new ActionError(e.said, { name: [said('reservations.errors.nameIsTaken')] });
      if (e instanceof ViewLimitError) throw new ActionError(e.said);
      throw e;
    }
  },
);

/** Deletes one of the member's views (an admin, a shared one too). */
export const deleteViewAction = staffAction(
  { name: 'delete-view', role: 'viewer', input: z.strictObject({ id: Uuid }), mutates: true },
  async ({ id }, { staff, setAuditTarget }) => {
    setAuditTarget({ resourceType: 'view', resourceId: id });
    if (!(await deleteView(await getDb(), id, { id: staff.id, admin: hasRole(staff.role, 'admin') })))
      throw new ActionError(said('reservations.errors.noSuchView'));
    revalidatePath('/', 'layout');
    return { id };
  },
);
