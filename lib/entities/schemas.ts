import { z } from 'zod';

import { EntityProgramInput, Locale, Uuid } from '@/lib/guestbook/primitives';

/** The entity form: one schema for the browser (react-hook-form) and the server action. */
export const EntityFormSchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'Enter a name.' }).max(120, { error: 'At most 120 characters.' }),
  default_locale: Locale,
  /** empty: no default program */
  default_program_id: z.union([z.literal(''), Uuid]),
});
export type EntityFormValues = z.infer<typeof EntityFormSchema>;

export const UpdateEntityInputSchema = EntityFormSchema.extend({ id: Uuid });
export const ReplaceProgramsInputSchema = z.strictObject({ id: Uuid, programs: z.array(EntityProgramInput).max(200) });
