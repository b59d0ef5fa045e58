import { z } from 'zod';

import { IsoDate, Locale, Time, Uuid } from '../guestbook/primitives';
import { validationMessage } from '../i18n/said';

/**
 * The booking flow's inputs: one set of schemas for the browser (react-hook-form) and the
 * server actions. Each is at least as strict as the API's own body, so nothing the form accepts
 * is refused as malformed after a hold was placed.
 */
const PartySizeSchema = z
  .number({ error: validationMessage('enterGuests') })
  .int({ error: validationMessage('wholeGuests') })
  .min(1, { error: validationMessage('atLeastGuests', 1) })
  .max(50, { error: validationMessage('atMostGuests', 50) });

export const AvailabilitySearchSchema = z
  .strictObject({
    entityId: Uuid,
    venueId: Uuid.nullable(),
    marketId: Uuid.nullable(),
    date: z.iso.date({ error: validationMessage('enterDate') }),
    partySize: PartySizeSchema,
    time: z.union([z.literal(''), Time]).nullable(),
  })
  .refine((s) => !!s.venueId !== !!s.marketId, { error: validationMessage('chooseVenueOrMarket'), path: ['place'] });
export type AvailabilitySearch = z.input<typeof AvailabilitySearchSchema>;

export const PlaceHoldInputSchema = z.strictObject({
  entityId: Uuid,
  venueId: Uuid,
  date: IsoDate,
  time: Time,
  partySize: PartySizeSchema,
  seatingAreaId: Uuid.nullable(),
  /** the option's commitment, to name its allocation when the seats are gone */
  commitmentId: Uuid.nullable(),
});
export type PlaceHoldInput = z.input<typeof PlaceHoldInputSchema>;

/** Why a hold is released without a booking (recorded in its audit row). */
export const RELEASE_REASONS = ['slot-changed', 'form-left', 'page-closed', 'expired'] as const;
export const ReleaseHoldInputSchema = z.strictObject({ entityId: Uuid, holdId: Uuid, reason: z.enum(RELEASE_REASONS) });
export type ReleaseHoldInput = z.input<typeof ReleaseHoldInputSchema>;

/** The guest form. Phone and notes may be left empty. Lengths are checked before trimming, so padding cannot hide a value. */
export const GuestFormSchema = z.strictObject({
  first_name: z
    .string()
    .max(100, { error: validationMessage('atMostChars', 100) })
    .trim()
    .min(1, { error: validationMessage('enterFirstName') }),
  last_name: z
    .string()
    .max(100, { error: validationMessage('atMostChars', 100) })
    .trim()
    .min(1, { error: validationMessage('enterLastName') }),
  email: z.email({ error: validationMessage('enterEmail') }),
  phone: z
    .string()
    .max(32, { error: validationMessage('atMostChars', 32) })
    .trim(),
  notes: z.string().max(1000, { error: validationMessage('atMostChars', 1000) }),
  locale: Locale,
});
export type GuestDetails = z.input<typeof GuestFormSchema>;

export const CreateBookingInputSchema = z.strictObject({
  entityId: Uuid,
  hold: z.strictObject({ id: Uuid, expires_at: z.iso.datetime({ error: 'must be an ISO 8601 UTC timestamp' }) }),
  guest: GuestFormSchema,
});
export type CreateBookingInput = z.input<typeof CreateBookingInputSchema>;
