import type { z } from 'zod';

import type { ModifyReservationFormSchema, ReservationChanges, ReservationExpected } from '@/lib/reservations/schemas';

// The modify form's field bookkeeping, kept apart from the zod schemas so the form's page does not ship zod.

/** The form's field names, as react-hook-form and the API's field errors spell them. */
export const MODIFY_FIELDS = [
  'party_size',
  'date',
  'time',
  'locale',
  'notes',
  'guest.first_name',
  'guest.last_name',
  'guest.email',
  'guest.phone',
] as const;
export type ModifyField = (typeof MODIFY_FIELDS)[number];

/** The form's field a server field error names (`changes.guest.email`, `guest.email`, `party_size`), if any. */
export function modifyFieldOf(key: string): ModifyField | undefined {
  const name = key.replace(/^changes\./, '');
  return (MODIFY_FIELDS as readonly string[]).includes(name) ? (name as ModifyField) : undefined;
}

/** The changed fields of `values` against `before` (both as the form holds them); empty notes/phone become null. */
export function changedFields(
  before: z.output<typeof ModifyReservationFormSchema>,
  values: z.output<typeof ModifyReservationFormSchema>,
): ReservationChanges {
  const blankToNull = (v: string | null) => (v === null || v.trim() === '' ? null : v);
  const out: ReservationChanges = {};
  if (values.party_size !== before.party_size) out.party_size = values.party_size;
  if (values.date !== before.date) out.date = values.date;
  if (values.time !== before.time) out.time = values.time;
  if (values.locale !== before.locale) out.locale = values.locale;
  if (blankToNull(values.notes) !== blankToNull(before.notes)) out.notes = blankToNull(values.notes);
  const guest: NonNullable<ReservationChanges['guest']> = {};
  for (const k of ['first_name', 'last_name', 'email'] as const)
    if (values.guest[k] !== before.guest[k]) guest[k] = values.guest[k];
  if (blankToNull(values.guest.phone) !== blankToNull(before.guest.phone))
    guest.phone = blankToNull(values.guest.phone);
  if (Object.keys(guest).length > 0) out.guest = guest;
  return out;
}

/**
 * What `before` (the reservation as the form was opened, or as a save left it) holds in exactly
 * the fields `changes` names: sent with the change, so that nothing is written over a change made
 * since by someone else.
 */
export function expectedFor(
  before: z.output<typeof ModifyReservationFormSchema>,
  changes: ReservationChanges,
): ReservationExpected {
  const { guest, ...top } = changes;
  const expected: ReservationExpected = Object.fromEntries(
    Object.keys(top).map((k) => [k, before[k as keyof typeof top]]),
  ) as ReservationExpected;
  if (guest)
    expected.guest = Object.fromEntries(Object.keys(guest).map((k) => [k, before.guest[k as keyof typeof guest]]));
  return expected;
}
