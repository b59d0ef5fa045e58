import { z } from 'zod';
import { FINAL_STATUSES, isFinalStatus } from '@/lib/guestbook/reservation-statuses';
import { Locale, Uuid } from '@/lib/guestbook/primitives';

/**
 * The modify form: one schema for the browser (react-hook-form) and the server action. Its rules
 * are at least as strict as the API's ReservationUpdateBody, so nothing it accepts is refused as
 * malformed before it is sent.
 */
export const ModifyReservationForm = z.strictObject({
  party_size: z
    .number({ error: 'Enter the number of guests.' })
    .int({ error: 'Enter a whole number of guests.' })
    .min(1, { error: 'At least 1 guest.' })
    .max(50, { error: 'At most 50 guests.' }),
  date: z.iso.date({ error: 'Enter a date (YYYY-MM-DD).' }),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Enter a time (HH:MM).' }),
  locale: Locale,
  notes: z.string().max(1000, { error: 'At most 1,000 characters.' }).nullable(),
  guest: z.strictObject({
    first_name: z.string().trim().min(1, { error: 'Enter a first name.' }).max(100, { error: 'At most 100 characters.' }),
    last_name: z.string().trim().min(1, { error: 'Enter a last name.' }).max(100, { error: 'At most 100 characters.' }),
    email: z.email({ error: 'Enter an e-mail address.' }),
    phone: z.string().trim().max(32, { error: 'At most 32 characters.' }).nullable(),
  }),
});
export type ModifyReservationForm = z.input<typeof ModifyReservationForm>;

/** What the form sends: only the fields that changed (at least one), under the same rules. */
export const ReservationChanges = ModifyReservationForm.partial()
  .extend({ guest: ModifyReservationForm.shape.guest.partial().optional() })
  .refine((c) => Object.keys(c).length > 0 && (c.guest === undefined || Object.keys(c.guest).length > 0), { error: 'Nothing changed.' });
export type ReservationChanges = z.input<typeof ReservationChanges>;

export const ModifyReservationInput = z.strictObject({ id: Uuid, changes: ReservationChanges });

export { FINAL_STATUSES };
export const isModifiable = (status: string) => !isFinalStatus(status);

/** The form's field names, as react-hook-form and the API's field errors spell them. */
export const MODIFY_FIELDS = ['party_size', 'date', 'time', 'locale', 'notes', 'guest.first_name', 'guest.last_name', 'guest.email', 'guest.phone'] as const;
export type ModifyField = (typeof MODIFY_FIELDS)[number];

/** The form's field a server field error names (`changes.guest.email`, `guest.email`, `party_size`), if any. */
export function modifyFieldOf(key: string): ModifyField | undefined {
  const name = key.replace(/^changes\./, '');
  return (MODIFY_FIELDS as readonly string[]).includes(name) ? (name as ModifyField) : undefined;
}

/** The changed fields of `values` against `before` (both as the form holds them); empty notes/phone become null. */
export function changedFields(before: z.output<typeof ModifyReservationForm>, values: z.output<typeof ModifyReservationForm>): ReservationChanges {
  const blankToNull = (v: string | null) => (v === null || v.trim() === '' ? null : v);
  const out: ReservationChanges = {};
  if (values.party_size !== before.party_size) out.party_size = values.party_size;
  if (values.date !== before.date) out.date = values.date;
  if (values.time !== before.time) out.time = values.time;
  if (values.locale !== before.locale) out.locale = values.locale;
  if (blankToNull(values.notes) !== blankToNull(before.notes)) out.notes = blankToNull(values.notes);
  const guest: NonNullable<ReservationChanges['guest']> = {};
  for (const k of ['first_name', 'last_name', 'email'] as const) if (values.guest[k] !== before.guest[k]) guest[k] = values.guest[k];
  if (blankToNull(values.guest.phone) !== blankToNull(before.guest.phone)) guest.phone = blankToNull(values.guest.phone);
  if (Object.keys(guest).length > 0) out.guest = guest;
  return out;
}
