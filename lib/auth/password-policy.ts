/** The rules for a staff password, shared by the forms in the browser and the server. */
import { z } from 'zod';

import { validationMessage } from '@/lib/i18n/said';

export const MIN_PASSWORD_LENGTH = 12;

export const StaffPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { error: validationMessage('atLeastChars', MIN_PASSWORD_LENGTH) })
  .max(200, { error: validationMessage('atMostChars', 200) });

/** Changing one's own password: the current one (or the one-time password after a reset) first. */
export const ChangePasswordInput = z
  .strictObject({
    current: z
      .string()
      .min(1, { error: validationMessage('enterCurrentPassword') })
      .max(200, { error: validationMessage('atMostChars', 200) }),
    password: StaffPassword,
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { error: validationMessage('passwordsDiffer'), path: ['confirm'] })
  .refine((v) => v.password !== v.current, { error: validationMessage('passwordUnchanged'), path: ['password'] });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;
