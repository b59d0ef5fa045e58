'use server';

import { z } from 'zod';
import { ActionError, staffAction } from '@/lib/server/action';
import { getDb } from '@/lib/server/db';
import { setStaffPassword, StaffPassword } from '@/lib/server/staff-store';

const ChangePassword = z
  .strictObject({ password: StaffPassword, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { error: 'does not match the new password', path: ['confirm'] });

export const changeOwnPassword = staffAction(
  { name: 'change-own-password', role: 'viewer', input: ChangePassword, mutates: true, allowedBeforePasswordChange: true },
  async ({ password }, { staff, describe }) => {
    describe({ resourceType: 'staff', resourceId: staff.id });
    if (password.toLowerCase().includes(staff.email.split('@')[0]!.toLowerCase())) {
      throw new ActionError('Choose a password that does not contain your name.', { password: ['contains your name'] });
    }
    await setStaffPassword(await getDb(), staff.id, password, false);
    return null;
  },
);
