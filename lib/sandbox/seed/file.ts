import { readFileSync } from 'node:fs';
import { z } from 'zod';

import { DayOfWeek, IsoDate, Locale, OrgId, Time, Timestamp, Uuid } from '../../guestbook/schemas';
import { Scope } from '../../guestbook/token-schemas';
import { allocationKey, emptyWorld, type WorldData } from '../model';
import { sha256 } from './demo';

const Name = z.string().trim().min(1, { error: 'is required' }).max(200);

/**
 * A seed world as a JSON file (`npm run sandbox -- --seed FILE`). Unknown keys are refused so a
 * misspelt field is reported instead of silently ignored. Its JSON Schema is committed beside
 * it as seed.schema.json.
 */
export const SeedFile = z
  .strictObject({
    $schema: z.string().optional(),
    programs: z.array(z.strictObject({ id: Uuid, name: Name })),
    markets: z.array(z.strictObject({ id: Uuid, name: Name, country: z.string().length(2).optional() })),
    venues: z.array(
      z.strictObject({
        id: Uuid,
        name: Name,
        market_id: Uuid,
        time_zone: z.string().default('UTC'),
        address: z
          .strictObject({
            line1: Name,
            line2: z.string().nullable(),
            city: z.string().default(''),
            postal_code: z.string().default(''),
            country: z.string().default(''),
          })
          .nullable(),
        seating_areas: z
          .array(
            z.strictObject({
              id: Uuid,
              name: z.string().min(1).max(32, { error: 'must be at most 32 characters' }),
              description: z.string().nullable(),
            }),
          )
          .default([]),
      }),
    ),
    entities: z.array(
      z.strictObject({
        id: Uuid,
        name: Name,
        org_id: OrgId.nullable(),
        default_program_id: Uuid.nullable(),
        default_locale: Locale.default('en-US'),
        programs: z.array(z.strictObject({ program_id: Uuid, unallocated_seat_access: z.boolean() })),
      }),
    ),
    identities: z.array(
      z.strictObject({
        id: Uuid,
        type: z.enum(['partner', 'delegate']),
        name: Name,
        parent_identity_id: Uuid.nullable(),
        client_id: z.string().min(1),
        client_secret: z.string().min(8),
        scopes: z.array(Scope),
        status: z.enum(['active', 'suspended']),
        default_entity_id: Uuid,
        entity_ids: z.array(Uuid),
        token_lifetime_s: z.number().int().min(60).optional(),
        rate_limit_per_minute: z.number().int().min(1).optional(),
      }),
    ),
    agreements: z.array(z.strictObject({ id: Uuid, name: z.string().optional(), ended_at: Timestamp.nullable() })),
    commitments: z.array(
      z.strictObject({
        id: Uuid,
        agreement_id: Uuid,
        venue_id: Uuid,
        program_id: Uuid,
        days_of_week: z.array(DayOfWeek).min(1),
        start_time: Time,
        end_time: Time,
        total_seats: z.number().int().min(0),
        /** the venue's seating area the seats are in; absent or null: not scoped to one */
        seating_area_id: Uuid.nullable().optional(),
        allocations: z.array(z.strictObject({ entity_id: Uuid, entity_seats: z.number().int().min(0) })),
      }),
    ),
    reservations: z
      .array(
        z.strictObject({
          id: Uuid,
          entity_id: Uuid,
          venue_id: Uuid,
          commitment_id: Uuid.nullable().default(null),
          status: z.string().min(1),
          date: IsoDate,
          time: Time,
          party_size: z.number().int().min(1),
          guest: z.strictObject({
            first_name: Name,
            last_name: Name,
            email: z.email(),
            phone: z.string().nullable().default(null),
          }),
          notes: z.string().nullable().default(null),
          locale: Locale.optional(),
          created_at: Timestamp,
        }),
      )
      .optional(),
  })
  .superRefine((seed, ctx) => {
    const ids = (xs: { id: string }[]) => new Set(xs.map((x) => x.id));
    const programs = ids(seed.programs);
    const markets = ids(seed.markets);
    const venues = ids(seed.venues);
    const entities = ids(seed.entities);
    const identities = ids(seed.identities);
    const agreements = ids(seed.agreements);
    const commitments = ids(seed.commitments);
    const ref = (ok: boolean, path: (string | number)[], what: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path, message: `names an unknown ${what}` });
    };
    seed.venues.forEach((v, i) => ref(markets.has(v.market_id), ['venues', i, 'market_id'], 'market'));
    seed.entities.forEach((e, i) => {
      if (e.default_program_id)
        ref(programs.has(e.default_program_id), ['entities', i, 'default_program_id'], 'program');
      e.programs.forEach((p, j) =>
        ref(programs.has(p.program_id), ['entities', i, 'programs', j, 'program_id'], 'program'),
      );
    });
    seed.identities.forEach((d, i) => {
      ref(entities.has(d.default_entity_id), ['identities', i, 'default_entity_id'], 'entity');
      d.entity_ids.forEach((e, j) => ref(entities.has(e), ['identities', i, 'entity_ids', j], 'entity'));
      if (d.parent_identity_id)
        ref(identities.has(d.parent_identity_id), ['identities', i, 'parent_identity_id'], 'identity');
      // Spec: a delegated identity "has no commitments:update".
      if (d.type === 'delegate') {
        d.scopes.forEach((s, j) => {
          if (s === 'commitments:update')
            ctx.addIssue({
              code: 'custom',
              path: ['identities', i, 'scopes', j],
              message:
                'commitments:update cannot be granted to a delegate (a delegated identity has no commitments:update)',
            });
        });
      }
      if ((d.type === 'delegate') !== (d.parent_identity_id !== null)) {
        ctx.addIssue({
          code: 'custom',
          path: ['identities', i, 'parent_identity_id'],
          message: 'is required for a delegate and must be null for a partner',
        });
      }
    });
    seed.commitments.forEach((c, i) => {
      ref(agreements.has(c.agreement_id), ['commitments', i, 'agreement_id'], 'agreement');
      ref(venues.has(c.venue_id), ['commitments', i, 'venue_id'], 'venue');
      if (c.seating_area_id) {
        const venue = seed.venues.find((v) => v.id === c.venue_id);
        if (venue && !venue.seating_areas.some((a) => a.id === c.seating_area_id)) {
          ctx.addIssue({
            code: 'custom',
            path: ['commitments', i, 'seating_area_id'],
            message: `is not a seating area of venue ${c.venue_id}`,
          });
        }
      }
      ref(programs.has(c.program_id), ['commitments', i, 'program_id'], 'program');
      c.allocations.forEach((a, j) =>
        ref(entities.has(a.entity_id), ['commitments', i, 'allocations', j, 'entity_id'], 'entity'),
      );
      const sum = c.allocations.reduce((s, a) => s + a.entity_seats, 0);
      if (sum > c.total_seats)
        ctx.addIssue({
          code: 'custom',
          path: ['commitments', i, 'allocations'],
          message: `allocate ${sum} seats, more than total_seats ${c.total_seats}`,
        });
    });
    seed.reservations?.forEach((r, i) => {
      ref(entities.has(r.entity_id), ['reservations', i, 'entity_id'], 'entity');
      ref(venues.has(r.venue_id), ['reservations', i, 'venue_id'], 'venue');
      if (r.commitment_id) ref(commitments.has(r.commitment_id), ['reservations', i, 'commitment_id'], 'commitment');
    });
  });
export type SeedFile = z.infer<typeof SeedFile>;

/** The JSON Schema of a seed file (committed as seed.schema.json, checked by a test). */
export const seedJsonSchema = () => z.toJSONSchema(SeedFile, { io: 'input', target: 'draft-2020-12' });

export class SeedFileError extends Error {}

/** Reads and validates a seed file; the error names each offending path. */
export function readSeedFile(file: string): SeedFile {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new SeedFileError(`${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  const parsed = SeedFile.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.slice(0, 20).map(
      (i) =>
        `  ${
          i.path
            .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
            .join('')
            .replace(/^\./, '') || '(root)'
        }: ${i.message}`,
    );
    throw new SeedFileError(`${file} is not a valid seed:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The world a seed file describes. */
export function worldFromSeed(seed: SeedFile, at = new Date()): WorldData {
  const w = emptyWorld();
  const now = at.toISOString().replace(/\.\d{3}Z$/, 'Z');
  for (const p of seed.programs) w.programs.set(p.id, { ...p });
  for (const m of seed.markets) w.markets.set(m.id, { id: m.id, name: m.name, country: m.country ?? '' });
  for (const v of seed.venues) w.venues.set(v.id, { ...v });
  for (const e of seed.entities)
    w.entities.set(e.id, { ...e, active: true, logo: null, created_at: now, updated_at: now });
  for (const i of seed.identities) {
    w.identities.set(i.id, {
      id: i.id,
      type: i.type,
      name: i.name,
      client_id: i.client_id,
      suspended_at: i.status === 'suspended' ? now : null,
      suspension_source: i.status === 'suspended' ? 'self' : null,
      default_entity_id: i.default_entity_id,
      entity_ids: i.entity_ids,
      parent_identity_id: i.parent_identity_id,
      created_at: now,
      updated_at: now,
    });
    w.credentials.set(i.client_id, {
      client_id: i.client_id,
      secret_sha256: sha256(i.client_secret),
      identity_id: i.id,
      scopes: i.scopes,
      token_lifetime_seconds: i.token_lifetime_s ?? 86_400,
      rate_limit_per_minute: i.rate_limit_per_minute ?? 1_000,
    });
  }
  for (const a of seed.agreements) w.agreements.set(a.id, { id: a.id, name: a.name ?? a.id, ended_at: a.ended_at });
  for (const c of seed.commitments) {
    const ended = !!seed.agreements.find((a) => a.id === c.agreement_id)?.ended_at;
    const { allocations, ...rest } = c;
    w.commitments.set(c.id, {
      ...rest,
      seating_area_id: c.seating_area_id ?? null,
      snapshot: ended ? Object.fromEntries(allocations.map((a) => [a.entity_id, a.entity_seats])) : null,
    });
    for (const a of allocations)
      w.allocations.set(allocationKey(a.entity_id, c.id), {
        entity_id: a.entity_id,
        commitment_id: c.id,
        entity_seats: a.entity_seats,
      });
  }
  for (const r of seed.reservations ?? []) {
    const entity = w.entities.get(r.entity_id)!;
    const commitment = r.commitment_id ? w.commitments.get(r.commitment_id) : undefined;
    w.reservations.set(r.id, {
      ...r,
      program_id: commitment?.program_id ?? null,
      seating_area_id: null,
      locale: r.locale ?? entity.default_locale,
      updated_at: r.created_at,
      canceled_at: r.status === 'canceled' ? r.created_at : null,
    });
  }
  return w;
}
