import { z } from 'zod';

import { EntityProgramInput, Locale, Uuid } from '@/lib/guestbook/primitives';
import { validationMessage } from '@/lib/i18n/said';

/** The entity form: one schema for the browser (react-hook-form) and the server action. */
export const EntityFormSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, { error: validationMessage('enterName') })
    .max(120, { error: validationMessage('atMostChars', 120) }),
  default_locale: Locale,
  /** empty: no default program */
  default_program_id: z.union([z.literal(''), Uuid]),
});
export type EntityFormValues = z.infer<typeof EntityFormSchema>;

/** The fields an Undo may put back: a change to them alone is offered Undo for a few seconds. */
export const UNDOABLE_ENTITY_FIELDS = ['name', 'default_locale'] as const;

/** An Undo's guard: the values the fields must still hold, so that it never writes over a later change. */
export const EntityExpectedSchema = EntityFormSchema.pick({ name: true, default_locale: true })
  .partial()
  .refine((c) => Object.keys(c).length > 0, { error: validationMessage('nameAField') });
export type EntityExpected = z.infer<typeof EntityExpectedSchema>;

export const UpdateEntityInputSchema = EntityFormSchema.extend({ id: Uuid, expected: EntityExpectedSchema.optional() });
export const ReplaceProgramsInputSchema = z.strictObject({ id: Uuid, programs: z.array(EntityProgramInput).max(200) });
