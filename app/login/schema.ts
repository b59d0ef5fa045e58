import { z } from 'zod';

export const LoginInputSchema = z.object({
  email: z.email({ error: 'Enter your e-mail address.' }),
  password: z.string().min(1, { error: 'Enter your password.' }),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;
