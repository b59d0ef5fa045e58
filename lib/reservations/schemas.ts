import { z } from 'zod';

import { Locale, Uuid } from '@/lib/guestbook/primitives';
import { validationMessage } from '@/lib/i18n/said';

/**
 * The modify form: one schema for the browser (react-hook-form) and the server action. Its rules
 * are at least as strict as the API's ReservationUpdateBody, so nothing it accepts is refused as
 * malformed before it is sent.
 */
export const ModifyReservationFormSchema = z.strictObject({
  party_size: z
    .number({ error: validationMessage('enterGuests') })
    .int({ error: validationMessage('wholeGuests') })
    .min(1, { error: validationMessage('atLeastGuests', 1) })
    .max(50, { error: validationMessage('atMostGuests', 50) }),
  date: z.iso.date({ error: validationMessage('enterDate') }),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: validationMessage('enterTime') }),
  locale: Locale,
  notes: z
    .string()
    .max(1000, { error: validationMessage('atMostChars', 1000) })
    .nullable(),
  guest: z.strictObject({
    first_name: z
      .string()
      .trim()
      .min(1, { error: validationMessage('enterFirstName') })
      .max(100, { error: validationMessage('atMostChars', 100) }),
    last_name: z
      .string()
      .trim()
      .min(1, { error: validationMessage('enterLastName') })
      .max(100, { error: validationMessage('atMostChars', 100) }),
    email: z.email({ error: validationMessage('enterEmail') }),
    phone: z
      .string()
      .trim()
      .max(32, { error: validationMessage('atMostChars', 32) })
      .nullable(),
  }),
});
export type ModifyReservationValues = z.input<typeof ModifyReservationFormSchema>;

/** What the form sends: only the fields that changed (at least one), under the same rules. */
export const ReservationChangesSchema = ModifyReservationFormSchema.partial()
  .extend({ guest: ModifyReservationFormSchema.shape.guest.partial().optional() })
  .refine((c) => Object.keys(c).length > 0 && (c.guest === undefined || Object.keys(c.guest).length > 0), {
    error: validationMessage('nothingChanged'),
  });
export type ReservationChanges = z.input<typeof ReservationChangesSchema>;

/** The fields an Undo may put back: a change to them alone is offered Undo for a few seconds. */
export const UNDOABLE_RESERVATION_FIELDS = ['party_size', 'notes'] as const;

/**
 * The values the changed fields must still hold when the change is written: for a save, those the
 * member's form was opened with; for an Undo, those the save left. The API takes no precondition,
 * so the action reads the reservation first and writes nothing over a change made since by
 * someone else.
 */
export const ReservationExpectedSchema = ModifyReservationFormSchema.partial()
  .extend({ guest: ModifyReservationFormSchema.shape.guest.partial().optional() })
  .refine((c) => Object.keys(c).length > 0, { error: validationMessage('nameAField') });

export type ReservationExpected = z.input<typeof ReservationExpectedSchema>;

export const ModifyReservationInputSchema = z.strictObject({
  id: Uuid,
  changes: ReservationChangesSchema,
  expected: ReservationExpectedSchema.optional(),
  /** the change takes back the member's last save (its refusal then says "not undone") */
  undo: z.boolean().optional(),
});

/**
 * A change held on the server for its undo window before it is sent (a change the guest is then
 * never told of, if undone): the notes and a smaller party alone (the action refuses a larger one,
 * which Guest Book may refuse for the seats only when it is sent), with the values they held when
 * the form was opened.
 */
export const HeldChangeInputSchema = z.strictObject({
  id: Uuid,
  changes: ModifyReservationFormSchema.pick({ party_size: true, notes: true })
    .partial()
    .refine((c) => Object.keys(c).length > 0, { error: validationMessage('nothingChanged') }),
  expected: ReservationExpectedSchema,
});
export type HeldChangeInput = z.input<typeof HeldChangeInputSchema>;

/** The Undo of a held change: its id, as the save answered it. */
export const WithdrawChangeInputSchema = z.strictObject({ held: Uuid });
