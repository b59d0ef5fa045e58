'use server';

import { eq } from 'drizzle-orm';
import { revalidatePath } from 'next/cache';

import { said } from '@/lib/i18n/said';
import {
  LargePartySizeInput,
  SaveNotificationChoicesInput,
  SaveRoleNotificationDefaultsInput,
  sendsMail,
  type NotificationChoice,
} from '@/lib/notifications/preferences';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db';
import { staffUsers } from '@/lib/server/db/schema';
import { ActionError, staffAction } from '@/lib/server/http';
import { largePartySize, setLargePartySize } from '@/lib/server/notifications/large-party';
import {
  memberChoices,
  roleDefaults,
  saveMemberChoices,
  saveRoleDefaults,
} from '@/lib/server/notifications/preferences';

/** E-mail choices refused, each named, where the dashboard has no mail server (SMTP_URL). */
function refuseMailWithoutServer(choices: readonly NotificationChoice[]): void {
  if (getConfig().mail) return;
  const refused = choices.flatMap((c, i) =>
    sendsMail(c.channel) ? [[`choices.${i}.channel`, [said('validation.noMailServer')]]] : [],
  );
  if (refused.length) throw new ActionError(said('validation.noMailServer'), Object.fromEntries(refused));
}

/** The member's own choice per kind of notification (in the console, by e-mail at once, in the daily digest, or off), and their digest's time. */
export const saveNotificationChoicesAction = staffAction(
  { name: 'save-notification-choices', role: 'viewer', input: SaveNotificationChoicesInput, mutates: false },
  async ({ choices, digestTime }, { staff }) => {
    refuseMailWithoutServer(choices);
    const db = await getDb();
    await saveMemberChoices(db, staff.id, choices, staff.id);
    await db.update(staffUsers).set({ digestTime, updatedAt: new Date() }).where(eq(staffUsers.id, staff.id));
    revalidatePath('/account');
    return { choices: await memberChoices(db, staff), digestTime };
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
    refuseMailWithoutServer(choices);
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

/** From how many guests a party booked for today is told to the team: an admin's choice, in the activity log. */
export const setLargePartySizeAction = staffAction(
  { name: 'set-large-party-size', role: 'admin', input: LargePartySizeInput, mutates: true },
  async ({ size }, { setAuditTarget }) => {
    const db = await getDb();
    setAuditTarget({
      resourceType: 'setting',
      resourceId: 'large_party_size',
      before: { size: await largePartySize(db) },
      after: { size },
    });
    await setLargePartySize(db, size);
    revalidatePath('/team');
    return { size };
  },
);
