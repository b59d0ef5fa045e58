/**
 * The zod schemas of API v2, shared by the client (lib/guestbook) and the sandbox (lib/sandbox).
 *
 * Responses are parsed tolerantly: `z.looseObject` keeps fields this version does not know
 * (the spec says new fields may be added). Request bodies are strict: an unknown or malformed
 * field is rejected before anything is sent.
 *
 * Where the spec says "not shown" (reservation, hold and availability bodies, the error body,
 * the logo upload), the shapes here and in booking-schemas.ts are the sandbox's
 * published definitions.
 */
import { z } from 'zod';

import { DayOfWeek, EntityProgramInput, Locale, OrgId, Time, Timestamp, Uuid } from './primitives';

// ── primitives (in their own module, so browser forms can use them without the rest) ────────
export { DayOfWeek, IsoDate, Locale, OrgId, Time, Timestamp, Uuid } from './primitives';

// ── venues, markets, availability, holds, reservations (in their own module) ───────────────
export * from './booking-schemas';

// ── envelopes ───────────────────────────────────────────────────────────────────────────────
export const Pagination = z.looseObject({
  current_page: z.number().int(),
  total_pages: z.number().int(),
  total_items: z.number().int(),
  items_per_page: z.number().int(),
});
export type Pagination = z.infer<typeof Pagination>;

export const dataEnvelope = <T extends z.ZodType>(item: T) => z.looseObject({ data: item });
export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.looseObject({ data: z.array(item), pagination: Pagination });

/** Pagination defaults of the sandbox (the spec leaves them unshown). */
export const PAGE_DEFAULT_LIMIT = 25;
export const PAGE_MAX_LIMIT = 100;

// ── identities ──────────────────────────────────────────────────────────────────────────────
export const IdentityType = z.enum(['partner', 'delegate']);
export const IdentityStatus = z.enum(['active', 'suspended']);
export const SuspensionSource = z.enum(['self', 'parent']);

export const Identity = z.looseObject({
  id: Uuid,
  type: IdentityType,
  name: z.string(),
  client_id: z.string(),
  status: IdentityStatus,
  default_entity_id: Uuid,
  associated_entity_ids: z.array(Uuid),
  /** partner identities only */
  delegated_identity_ids: z.array(Uuid).optional(),
  /** delegate identities only */
  parent_identity_id: Uuid.optional(),
  suspension_source: SuspensionSource.nullish(),
  suspended_at: Timestamp.nullish(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Identity = z.infer<typeof Identity>;

// ── entities ────────────────────────────────────────────────────────────────────────────────
export const Image = z.looseObject({
  url: z.string(),
  content_type: z.string().optional(),
  size_bytes: z.number().int().optional(),
  aspect_ratio: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type Image = z.infer<typeof Image>;

export const EntityProgram = z.looseObject({
  program_id: Uuid,
  /** sandbox addition (the other fields of a programs[] entry are not shown) */
  name: z.string().optional(),
  unallocated_seat_access: z.boolean(),
});
export type EntityProgram = z.infer<typeof EntityProgram>;

export const Entity = z.looseObject({
  id: Uuid,
  name: z.string(),
  org_id: OrgId.nullable(),
  default_program_id: Uuid.nullable(),
  default_locale: Locale,
  programs: z.array(EntityProgram),
  logo: Image.nullish(),
  created_at: Timestamp.optional(),
  updated_at: Timestamp.optional(),
});
export type Entity = z.infer<typeof Entity>;

const EntityName = z
  .string()
  .trim()
  .min(1, { error: 'is required' })
  .max(120, { error: 'must be at most 120 characters' });

export { EntityProgramInput } from './primitives';

export const EntityCreateBody = z.strictObject({
  name: EntityName,
  default_program_id: Uuid.optional(),
  default_locale: Locale.optional(),
  programs: z.array(EntityProgramInput).optional(),
});
export type EntityCreateBody = z.input<typeof EntityCreateBody>;

export const EntityUpdateBody = z
  .strictObject({
    name: EntityName.optional(),
    default_program_id: Uuid.optional(),
    default_locale: Locale.optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { error: 'at least one field is required' });
export type EntityUpdateBody = z.input<typeof EntityUpdateBody>;

/** PUT /v2/entities/{id}/programs: the complete new list of assigned programs. */
export const EntityProgramsBody = z
  .strictObject({ data: z.array(EntityProgramInput) })
  .refine((b) => new Set(b.data.map((p) => p.program_id)).size === b.data.length, {
    error: 'lists a program more than once',
    path: ['data'],
  });
export type EntityProgramsBody = z.input<typeof EntityProgramsBody>;

export { LOGO_CONTENT_TYPES, LOGO_FIELD, LOGO_MAX_BYTES } from './logo';

// ── commitments ─────────────────────────────────────────────────────────────────────────────
export const AssignmentStatus = z.enum(['assigned', 'unassigned', 'ended']);
export type AssignmentStatus = z.infer<typeof AssignmentStatus>;

export const CommitmentRow = z.looseObject({
  id: Uuid,
  assignment_status: AssignmentStatus,
  total_seats: z.number().int(),
  entity_seats: z.number().int().nullable(),
  peer_seats: z.number().int(),
  unallocated_seats: z.number().int(),
  // The fields below name what the spec leaves unshown; the sandbox returns them.
  venue_id: Uuid.optional(),
  program_id: Uuid.optional(),
  agreement_id: Uuid.optional(),
  days_of_week: z.array(DayOfWeek).optional(),
  start_time: Time.optional(),
  end_time: Time.optional(),
});
export type CommitmentRow = z.infer<typeof CommitmentRow>;

export const CommitmentsQuery = z.strictObject({
  status: z.array(AssignmentStatus).optional(),
  venue_id: Uuid.optional(),
  program_id: Uuid.optional(),
  page: z.number().int().min(1).optional(),
  limit: z.number().int().min(1).max(PAGE_MAX_LIMIT).optional(),
});
export type CommitmentsQuery = z.infer<typeof CommitmentsQuery>;

export const CommitmentAllocation = z.strictObject({
  id: Uuid,
  entity_seats: z.number().int().min(0, { error: 'must not be negative' }),
});

/** PUT /v2/commitments: the complete new set of the calling entity's allocations. */
export const CommitmentsPutBody = z
  .strictObject({ data: z.array(CommitmentAllocation) })
  .refine((b) => new Set(b.data.map((a) => a.id)).size === b.data.length, {
    error: 'lists a commitment more than once',
    path: ['data'],
  });
export type CommitmentsPutBody = z.infer<typeof CommitmentsPutBody>;

/** Sandbox definition of the PUT response (spec: not shown): the entity's assigned rows after the PUT. */
export const CommitmentsPutResponse = z.looseObject({ data: z.array(CommitmentRow) });

// ── errors ──────────────────────────────────────────────────────────────────────────────────
/** The sandbox's error body for every 4xx/5xx: application/problem+json (RFC 9457). */
export const ProblemDetails = z.looseObject({
  type: z.string().optional(),
  title: z.string().optional(),
  status: z.number().int().optional(),
  detail: z.string().optional(),
  errors: z.array(z.looseObject({ field: z.string(), message: z.string() })).optional(),
  request_id: z.string().optional(),
});
export type ProblemDetails = z.infer<typeof ProblemDetails>;
