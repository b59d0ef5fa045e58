import { z } from 'zod';

export const LoginInputSchema = z.object({
  email: z.email({ error: 'Enter your e-mail address.' }),
  password: z.string().min(1, { error: 'Enter your password.' }),
  /** asked for once the password was right, for a member with two-step sign-in */
  code: z.string().trim().max(20, { error: 'A code is at most 20 characters.' }).optional(),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;
