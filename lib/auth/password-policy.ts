/** The rules for a staff password, shared by the forms in the browser and the server. */
import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 12;

export const StaffPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: `must be at least ${MIN_PASSWORD_LENGTH} characters` })
  .max(200, { error: 'must be at most 200 characters' });

/** Changing one's own password: the current one (or the one-time password after a reset) first. */
export const ChangePasswordInput = z
  .strictObject({
    current: z
      .string()
      .min(1, { error: 'enter your current password' })
      .max(200, { error: 'must be at most 200 characters' }),
    password: StaffPassword,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { error: 'does not match the new password', path: ['confirm'] })
  .refine((v) => v.password !== v.current, { error: 'must differ from the current password', path: ['password'] });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;
