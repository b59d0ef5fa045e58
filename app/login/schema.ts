import { z } from 'zod';

/** The sign-in form; each error is a key of the `login.validation` catalog. */
export const LoginInputSchema = z.object({
  email: z.email({ error: 'email' }),
  password: z.string().min(1, { error: 'password' }),
  /** asked for once the password was right, for a member with two-step sign-in */
  code: z.string().trim().max(20, { error: 'codeTooLong' }).optional(),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;
export type LoginValidationKey = 'email' | 'password' | 'codeTooLong';
