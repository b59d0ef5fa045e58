import { z } from 'zod';

import { Uuid } from '../guestbook/primitives';
import { validationMessage } from '../i18n/said';

/**
 * Staff's own notes and tags on a guest and on a reservation: one set of schemas for the forms and
 * the server actions. They are the dashboard's own data, never part of a body sent to the API.
 */

/** A note on a guest, at most this long. */
export const NOTE_MAX = 1000;
/** A tag, at most this long. */
export const TAG_MAX = 32;
/** Tags on one guest or one reservation, at most. */
export const TAGS_MAX = 10;

/** Tags a host picks most often; any short text is a tag too. */
export const SUGGESTED_GUEST_TAGS = ['VIP', 'allergy', 'regular', 'vegetarian', 'accessible table', 'window seat'];
export const SUGGESTED_RESERVATION_TAGS = ['birthday', 'anniversary', 'window seat', 'accessible table', 'business'];

/** A guest is their e-mail within the partner, compared lower-cased and trimmed. */
export const guestKey = (email: string) => email.trim().toLowerCase();

/** A guest's e-mail as the actions and the history read take it: trimmed, lower-cased, an address. */
export const GuestEmail = z
  .string()
  .max(254, { error: validationMessage('atMostChars', 254) })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: validationMessage('enterEmail') }));

/** A tag: trimmed, spaces inside made one, 1 to TAG_MAX characters. */
export const Tag = z
  .string()
  .max(TAG_MAX * 2, { error: validationMessage('atMostChars', TAG_MAX) })
  .transform((s) => s.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(1, { error: validationMessage('required') })
      .max(TAG_MAX, { error: validationMessage('atMostChars', TAG_MAX) }),
  );

export const GuestNoteInputSchema = z.strictObject({
  email: GuestEmail,
  note: z
    .string()
    .max(NOTE_MAX, { error: validationMessage('atMostChars', NOTE_MAX) })
    .transform((s) => s.trim()),
  /** the reservation whose page the note was written on: a teammate mentioned in it is led there */
  reservationId: Uuid.optional(),
});
export type GuestNoteInput = z.input<typeof GuestNoteInputSchema>;

export const GuestTagInputSchema = z.strictObject({ email: GuestEmail, tag: Tag });
export type GuestTagInput = z.input<typeof GuestTagInputSchema>;

export const ReservationTagInputSchema = z.strictObject({ reservationId: Uuid, tag: Tag });
export type ReservationTagInput = z.input<typeof ReservationTagInputSchema>;

/** Two tags are the same whatever their case: "VIP" and "vip" are one tag. */
export const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** What staff keep on a guest: their note and tags. */
export interface GuestNotes {
  note: string;
  tags: string[];
}
