import 'server-only';

import { cache } from 'react';

import { GuestbookApiError } from '../../guestbook';
import { Entity as EntitySchema, type CommitmentRow, type Entity } from '../../guestbook/schemas';
import { getApiClient } from '../api';
import { getDb } from '../db';
import { readCopy } from './copy-reads';
import { PARTNER_CONTEXT, patchStoredCopy } from './copy-store';
import { resyncCopy } from './copy-sync';

/** The API client acting in the entity's own context: its org-bound token, or the legacy header. */
export function apiFor(entity: { id: string; org_id: string | null }) {
  return getApiClient().asEntity(entity);
}

/** Every entity assigned to the credentials, in full, by name (the copy of GET /v2/entities), once per request. */
export const listEntities = cache(async (): Promise<Entity[]> =>
  [...(await readCopy<Entity>('entities', null))].sort((a, b) => a.name.localeCompare(b.name)),
);

/**
 * The assigned entities with these ids, for a change made in their contexts, from the copy of the
 * entity list. An id not assigned is missing from the answer.
 */
export async function findAssignedEntities(ids: readonly string[]): Promise<Map<string, Entity>> {
  const wanted = new Set(ids);
  return new Map((await listEntities()).filter((e) => wanted.has(e.id)).map((e) => [e.id, e]));
}

/** An entity as the API answered a write to it or a read made for one, in the copy of the entity list. */
const keepInCopy = async (entity: Entity) =>
  patchStoredCopy(await getDb(), { resource: 'entities', context: PARTNER_CONTEXT }, [entity]);

/** The entity for its page, from the copy (getEntity reads it anew every time, for changes); null when not assigned. */
export const viewEntity = async (id: string): Promise<Entity | null> =>
  (await listEntities()).find((e) => e.id === id) ?? null;

/**
 * After a read of one entity made for itself (the logo's state, polled while the API processes a
 * new one): the entity's page and the copy show what was read.
 */
export async function entityRead(entity: Entity): Promise<void> {
  await keepInCopy(entity);
}

/**
 * After a write to an entity: the copy holds the entity as the API
 * returned it, so that its pages show the change at once. `programs`: its programs changed, so
 * the commitments it is eligible for are read anew too.
 */
export async function entityChanged(entity: Entity, options: { programs?: boolean } = {}): Promise<void> {
  await keepInCopy(entity);
  if (options.programs) await resyncCopy('commitments', entity);
}

/**
 * One entity, read in its own context (the list gives its org_id). null when it is not
 * assigned to the credentials or does not exist.
 */
export async function getEntity(id: string): Promise<Entity | null> {
  const listed = (await listEntities()).find((e) => e.id === id);
  if (!listed) return null;
  try {
    return await apiFor({ id, org_id: listed.org_id }).getEntity(id);
  } catch (e) {
    if (e instanceof GuestbookApiError && (e.status === 404 || e.status === 403)) return null;
    throw e;
  }
}

export interface ProgramOption {
  id: string;
  name: string;
}

/**
 * The programs staff can choose from. The API has no program list, so this is every program
 * any assigned entity carries, by the name the API gives it.
 */
export function knownPrograms(entities: Entity[]): ProgramOption[] {
  const byId = new Map<string, string>();
  for (const e of entities)
    for (const p of e.programs) if (!byId.has(p.program_id) || p.name) byId.set(p.program_id, p.name ?? p.program_id);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/** Fields the dashboard does not know yet, shown raw instead of dropped. */
export function otherFields(entity: Entity): Record<string, unknown> {
  const known = new Set(Object.keys(EntitySchema.shape));
  return Object.fromEntries(Object.entries(entity).filter(([k]) => !known.has(k)));
}

/** The entity's assigned and unassigned commitment rows (those it is eligible for), as its context shows them (the copy). */
export async function listEligibleCommitments(entity: { id: string; org_id: string | null }): Promise<CommitmentRow[]> {
  return (await readCopy<CommitmentRow>('commitments', entity)).filter((r) => r.assignment_status !== 'ended');
}
