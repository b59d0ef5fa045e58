import { DEFAULT_LOCALE, type LocaleCode } from '../guestbook/locales';
import type { Entity, Image } from '../guestbook/schemas';
import { isAssigned } from './identities';
import { newId } from './ids';
import type { EntityRecord, IdentityRecord } from './model';
import { forbidden, notFound, unprocessable } from './problem';
import { iso, type World } from './world';

/** Entities, their programs and logos: functions over the world. */

/** How long a new logo stays "processing" (dimensions null) before its dimensions are published. */
export const LOGO_PROCESSING_MS = 1_500;

/** An entity as the API shows it. */
export function entityView(world: World, e: EntityRecord): Entity {
  const logo = e.logo ? logoView(world, e) : null;
  return {
    id: e.id,
    name: e.name,
    org_id: e.org_id,
    default_program_id: e.default_program_id,
    default_locale: e.default_locale,
    programs: e.programs.map((p) => ({
      program_id: p.program_id,
      name: world.data.programs.get(p.program_id)?.name /* every program named is checked to exist */,
      unallocated_seat_access: p.unallocated_seat_access,
    })),
    logo,
    created_at: e.created_at,
    updated_at: e.updated_at,
  };
}

function logoView(world: World, e: EntityRecord): Image {
  let logo = e.logo!;
  if (logo.pending && (world.logoReady.get(e.id) ?? 0) <= Date.now()) {
    const { width, height } = logo.pending;
    logo = { ...logo, width, height, aspect_ratio: Math.round((width / height) * 10_000) / 10_000, pending: null };
    world.put('entities', e.id, { ...e, logo });
  }
  const { pending: _pending, ...view } = logo;
  return view;
}

export function entitiesOf(world: World, identity: IdentityRecord): EntityRecord[] {
  return identity.entity_ids.map((id) => world.data.entities.get(id)).filter((e): e is EntityRecord => !!e);
}

export function getAssignedEntity(world: World, identity: IdentityRecord, id: string): EntityRecord {
  const entity = world.data.entities.get(id);
  if (!entity) throw notFound(`Entity ${id} does not exist.`);
  if (!isAssigned(world, identity, id)) throw forbidden(`Entity ${id} is not assigned to these credentials.`);
  return entity;
}

function checkPrograms(world: World, programs: { program_id: string }[], field: string): void {
  const errors = programs
    .map((p, i) =>
      world.data.programs.has(p.program_id)
        ? null
        : { field: `${field}[${i}].program_id`, message: `program ${p.program_id} does not exist` },
    )
    .filter((x): x is { field: string; message: string } => !!x);
  if (errors.length) throw unprocessable(errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
}

function checkDefaultProgram(world: World, programId: string | undefined, programs: { program_id: string }[]): void {
  if (programId === undefined) return;
  if (!world.data.programs.has(programId))
    throw unprocessable(`default_program_id: program ${programId} does not exist`, [
      { field: 'default_program_id', message: `program ${programId} does not exist` },
    ]);
  if (programs.length && !programs.some((p) => p.program_id === programId)) {
    throw unprocessable('default_program_id: must be one of the entity’s assigned programs', [
      { field: 'default_program_id', message: 'must be one of the entity’s assigned programs' },
    ]);
  }
}

/**
 * The spec types default_program_id `uuid` (not "or null"), so an entity created without one
 * gets the first program it is given, else the default program of the creator's default
 * entity; with neither, the request is refused naming the field.
 */
function impliedDefaultProgram(world: World, identity: IdentityRecord, programs: { program_id: string }[]): string {
  const implied = programs[0]?.program_id ?? world.data.entities.get(identity.default_entity_id)?.default_program_id;
  if (!implied)
    throw unprocessable('default_program_id: is required (no program to default to)', [
      { field: 'default_program_id', message: 'is required' },
    ]);
  return implied;
}

export function createEntity(
  world: World,
  identity: IdentityRecord,
  body: {
    name: string;
    default_program_id?: string;
    default_locale?: LocaleCode;
    programs?: { program_id: string; unallocated_seat_access: boolean }[];
  },
): EntityRecord {
  const programs = body.programs ?? [];
  checkPrograms(world, programs, 'programs');
  checkDefaultProgram(world, body.default_program_id, programs);
  const defaultProgram = body.default_program_id ?? impliedDefaultProgram(world, identity, programs);
  const at = iso(world.now());
  const id = newId();
  const slug =
    body.name
      .toLowerCase()
      .normalize('NFD')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '')
      .slice(0, 24) || 'entity';
  const entity: EntityRecord = {
    id,
    name: body.name,
    org_id: `org_${slug}_${id.slice(0, 8)}`,
    active: true,
    default_program_id: defaultProgram,
    default_locale: body.default_locale ?? DEFAULT_LOCALE,
    programs: programs.map((p) => ({ program_id: p.program_id, unallocated_seat_access: p.unallocated_seat_access })),
    logo: null,
    created_at: at,
    updated_at: at,
  };
  world.put('entities', id, entity);
  // The creating identity and, for a delegate, its partner may act on the new entity.
  world.put('identities', identity.id, { ...identity, entity_ids: [...identity.entity_ids, id] });
  const parent = identity.parent_identity_id ? world.data.identities.get(identity.parent_identity_id) : undefined;
  if (parent) world.put('identities', parent.id, { ...parent, entity_ids: [...parent.entity_ids, id] });
  return entity;
}

export function updateEntity(
  world: World,
  entity: EntityRecord,
  body: { name?: string; default_program_id?: string; default_locale?: LocaleCode },
): EntityRecord {
  checkDefaultProgram(world, body.default_program_id, entity.programs);
  const next: EntityRecord = { ...entity, ...body, updated_at: iso(world.now()) };
  world.put('entities', entity.id, next);
  return next;
}

export function replacePrograms(
  world: World,
  entity: EntityRecord,
  programs: { program_id: string; unallocated_seat_access: boolean }[],
): EntityRecord {
  checkPrograms(world, programs, 'data');
  const next: EntityRecord = {
    ...entity,
    programs: programs.map((p) => ({ program_id: p.program_id, unallocated_seat_access: p.unallocated_seat_access })),
    // default_program_id is a uuid (spec), so replacing the programs keeps it: only create and
    // update set it.
    updated_at: iso(world.now()),
  };
  world.put('entities', entity.id, next);
  return next;
}

export function setLogo(
  world: World,
  entity: EntityRecord,
  file: { contentType: string; size: number; width: number; height: number },
  url: string,
): EntityRecord {
  const at = iso(world.now());
  const next: EntityRecord = {
    ...entity,
    logo: {
      url,
      content_type: file.contentType,
      size_bytes: file.size,
      width: null,
      height: null,
      aspect_ratio: null,
      uploaded_at: at,
      pending: { width: file.width, height: file.height },
    },
    updated_at: at,
  };
  world.logoReady.set(entity.id, Date.now() + LOGO_PROCESSING_MS);
  world.put('entities', entity.id, next);
  return next;
}
