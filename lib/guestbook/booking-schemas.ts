/**
 * The zod schemas of API v2 for booking a table: venues and markets, availability, holds and
 * reservations (re-exported by schemas.ts with the rest of the API's schemas).
 */
import { z } from 'zod';

import { IsoDate, Locale, Time, Timestamp, Uuid } from './primitives';
import { RESERVATION_STATUSES } from './reservation-statuses';

// ── venues, markets ─────────────────────────────────────────────────────────────────────────
export const Address = z.looseObject({
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string().optional(),
  postal_code: z.string().optional(),
  country: z.string().optional(),
});

export const SeatingArea = z.looseObject({
  id: Uuid,
  name: z.string().max(32),
  description: z.string().nullable(),
});
export type SeatingArea = z.infer<typeof SeatingArea>;

export const Venue = z.looseObject({
  id: Uuid,
  name: z.string(),
  market_id: Uuid.optional(),
  time_zone: z.string().optional(),
  address: Address.nullable().optional(),
  seating_areas: z.array(SeatingArea).optional(),
  /** @deprecated replaced by GET /v2/commitments?venue_id= */
  seat_commitments: z.unknown().optional(),
});
export type Venue = z.infer<typeof Venue>;

export const Market = z.looseObject({
  id: Uuid,
  name: z.string(),
});
export type Market = z.infer<typeof Market>;

// ── availability, holds ─────────────────────────────────────────────────────────────────────
/** GET /v2/availability (sandbox path; scope availability:read). */
export const AvailabilityQuery = z
  .strictObject({
    venue_id: Uuid.optional(),
    market_id: Uuid.optional(),
    date: IsoDate,
    party_size: z.coerce.number().int().min(1).max(50),
    time: Time.optional(),
  })
  .refine((q) => q.venue_id || q.market_id, { error: 'venue_id or market_id is required', path: ['venue_id'] });
export type AvailabilityQuery = z.input<typeof AvailabilityQuery>;

export const AvailabilityOption = z.looseObject({
  venue_id: Uuid,
  date: IsoDate,
  time: Time,
  party_size: z.number().int(),
  seats_available: z.number().int(),
  commitment_id: Uuid.nullable(),
  program_id: Uuid.nullable(),
  seating_area: SeatingArea.nullable(),
});
export type AvailabilityOption = z.infer<typeof AvailabilityOption>;

export const HoldCreateBody = z.strictObject({
  venue_id: Uuid,
  date: IsoDate,
  time: Time,
  party_size: z.number().int().min(1).max(50),
  seating_area_id: Uuid.optional(),
});
export type HoldCreateBody = z.infer<typeof HoldCreateBody>;

/** POST /v2/holds returns this bare object (no data envelope). Released by DELETE /v2/holds/{id}. */
export const Hold = z.looseObject({
  id: Uuid,
  venue_id: Uuid,
  date: IsoDate,
  time: Time,
  party_size: z.number().int(),
  commitment_id: Uuid.nullable(),
  program_id: Uuid.nullable(),
  seating_area_id: Uuid.nullable().optional(),
  expires_at: Timestamp,
});
export type Hold = z.infer<typeof Hold>;

// ── reservations ────────────────────────────────────────────────────────────────────────────
export { RESERVATION_STATUSES };
export const ReservationStatus = z.enum(RESERVATION_STATUSES);

export const Guest = z.looseObject({
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable().optional(),
});
export type Guest = z.infer<typeof Guest>;

export const Reservation = z.looseObject({
  id: Uuid,
  status: z.string(),
  entity_id: Uuid.optional(),
  venue_id: Uuid.optional(),
  program_id: Uuid.nullable(),
  seating_area_id: Uuid.nullable().optional(),
  date: IsoDate.optional(),
  time: Time.optional(),
  party_size: z.number().int().optional(),
  guest: Guest.optional(),
  notes: z.string().nullable().optional(),
  locale: Locale.or(z.string()),
  created_at: Timestamp.optional(),
  updated_at: Timestamp.optional(),
  canceled_at: Timestamp.nullable().optional(),
});
export type Reservation = z.infer<typeof Reservation>;

const GuestInput = z.strictObject({
  first_name: z.string().trim().min(1, { error: 'is required' }).max(100),
  last_name: z.string().trim().min(1, { error: 'is required' }).max(100),
  email: z.email({ error: 'must be an e-mail address' }),
  phone: z.string().trim().max(32).nullable().optional(),
});

export const ReservationCreateBody = z.strictObject({
  hold_id: Uuid,
  guest: GuestInput,
  notes: z.string().max(1000).nullable().optional(),
  locale: Locale.optional(),
});
export type ReservationCreateBody = z.input<typeof ReservationCreateBody>;

export const ReservationUpdateBody = z
  .strictObject({
    party_size: z.number().int().min(1).max(50).optional(),
    date: IsoDate.optional(),
    time: Time.optional(),
    guest: GuestInput.partial().optional(),
    notes: z.string().max(1000).nullable().optional(),
    locale: Locale.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { error: 'at least one field is required' });
export type ReservationUpdateBody = z.input<typeof ReservationUpdateBody>;
