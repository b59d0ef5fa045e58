'use server';

import { revalidatePath } from 'next/cache';

import { SaveNotificationChoicesInput, SaveRoleNotificationDefaultsInput } from '@/lib/notifications/preferences';
import { getDb } from '@/lib/server/db';
import { staffAction } from '@/lib/server/http';
import {
  memberChoices,
  roleDefaults,
  saveMemberChoices,
  saveRoleDefaults,
} from '@/lib/server/notifications/preferences';

/** The member's own choice per kind of notification: in the console, or off. */
export const saveNotificationChoicesAction = staffAction(
  { name: 'save-notification-choices', role: 'viewer', input: SaveNotificationChoicesInput, mutates: false },
  async ({ choices }, { staff }) => {
    const db = await getDb();
    await saveMemberChoices(db, staff.id, choices, staff.id);
    revalidatePath('/account');
    return { choices: await memberChoices(db, staff) };
  },
);

/**
 * An admin's defaults for one role: what its members receive of each kind until they choose for
 * themselves. Recorded in the activity log with the defaults before and after.
 */
export const setNotificationDefaultsAction = staffAction(
  {
    name: 'set-notification-defaults',
    role: 'admin',
    input: SaveRoleNotificationDefaultsInput,
    mutates: true,
  },
  async ({ role, choices }, { staff, setAuditTarget }) => {
    const db = await getDb();
    const before = (await roleDefaults(db))[role];
    await saveRoleDefaults(db, role, choices, staff.id);
    const after = (await roleDefaults(db))[role];
    setAuditTarget({
      resourceType: 'setting',
      resourceId: `notification_defaults:${role}`,
      before: { role, ...Object.fromEntries(before.map((c) => [c.kind, c.channel])) },
      after: { role, ...Object.fromEntries(after.map((c) => [c.kind, c.channel])) },
    });
    revalidatePath('/team');
    return { role, defaults: after };
  },
);
