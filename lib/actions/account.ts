'use server';

import { z } from 'zod';

import { ChangePasswordInput } from '@/lib/auth/password-policy';
import { checkCurrentPassword, endAllSessions, requestClientAddress, setStaffPassword } from '@/lib/server/auth';
import { getDb } from '@/lib/server/db';
import { ActionError, staffAction } from '@/lib/server/http';

/**
 * A new password for oneself, after the current one (or the one-time password an admin issued).
 * Every other session of the account ends; this one stays signed in.
 */
export const changeOwnPasswordAction = staffAction(
  {
    name: 'change-own-password',
    role: 'viewer',
    input: ChangePasswordInput,
    mutates: true,
    allowedBeforePasswordChange: true,
  },
  async ({ current, password }, { staff, setAuditTarget }) => {
    setAuditTarget({ resourceType: 'staff', resourceId: staff.id });
    const db = await getDb();
    if (!(await checkCurrentPassword(db, staff.id, current, await requestClientAddress()))) {
      throw new ActionError('The current password is not right. After 5 wrong tries it is refused for 15 minutes.', {
        current: ['is not right'],
      });
    }
    if (password.toLowerCase().includes(staff.email.split('@')[0]!.toLowerCase())) {
      throw new ActionError('Choose a password that does not contain your name.', { password: ['contains your name'] });
    }
    await setStaffPassword(db, staff.id, password, false, staff.sessionId);
    return null;
  },
);

/** Ends every session of one's own account, on every device, this one included. */
export const signOutEverywhereAction = staffAction(
  {
    name: 'sign-out-everywhere',
    role: 'viewer',
    input: z.strictObject({ scope: z.literal('everywhere', { error: 'must be "everywhere"' }) }),
    mutates: true,
    allowedBeforePasswordChange: true,
  },
  async (_input, { staff, setAuditTarget }) => {
    setAuditTarget({ resourceType: 'staff', resourceId: staff.id });
    await endAllSessions(await getDb(), staff.id);
    return null;
  },
);
