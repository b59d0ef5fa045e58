/**
 * Test support (not exported by index.ts): a tiny model of the API's commitments, the rows each
 * entity would read from it, and PUT /v2/commitments with its complete-set and over-allocation rules.
 */
import type { CommitmentRow } from '../guestbook/schemas';
import { translateSaid } from '../i18n/said';
import { inEnglish } from '../i18n/translator';
import { RefusedEdit } from './edit';
import type { EntityRef } from './grid';
import type { PutBody } from './plan';

export interface WorldCommitment {
  id: string;
  total: number;
  /** entity id (managed or not) → seats, for assigned allocations only */
  seats: Record<string, number>;
  /** entities that may be assigned; an assigned entity need not be listed */
  eligible: string[];
  ended?: boolean;
  venue_id?: string;
  start_time?: string;
}

export type World = WorldCommitment[];

export const entity = (id: string, name = id.toUpperCase()): EntityRef => ({ id, name, org_id: null });

const allocatedOn = (c: WorldCommitment) => Object.values(c.seats).reduce((sum, n) => sum + n, 0);

/** The row the entity reads for the commitment, or null when it has none (as the sandbox does). */
export function rowOf(c: WorldCommitment, entityId: string): CommitmentRow | null {
  const own = c.seats[entityId];
  if (c.ended && own === undefined) return null;
  if (own === undefined && !c.eligible.includes(entityId)) return null;
  const allocated = allocatedOn(c);
  return {
    id: c.id,
    assignment_status: c.ended ? 'ended' : own === undefined ? 'unassigned' : 'assigned',
    total_seats: c.total,
    entity_seats: own ?? null,
    peer_seats: allocated - (own ?? 0),
    unallocated_seats: c.total - allocated,
    ...(c.venue_id === undefined ? {} : { venue_id: c.venue_id }),
    ...(c.start_time === undefined ? {} : { start_time: c.start_time }),
  };
}

export function rowsByEntity(world: World, entityIds: string[]): Record<string, CommitmentRow[]> {
  return Object.fromEntries(entityIds.map((id) => [id, world.flatMap((c) => rowOf(c, id) ?? [])]));
}

export const cloneWorld = (world: World): World =>
  world.map((c) => ({ ...c, seats: { ...c.seats }, eligible: [...c.eligible] }));

/**
 * PUT /v2/commitments in the entity's context, checked whole before anything changes: the body
 * is the complete set (assigned rows left out become unassigned; ended rows are frozen), an id
 * must be eligible and not ended, and no commitment may end up over-allocated.
 */
export function put(world: World, entityId: string, body: PutBody): { ok: true } | { ok: false; reason: string } {
  const wanted = new Map(body.data.map((a) => [a.id, a.entity_seats]));
  if (wanted.size !== body.data.length) return { ok: false, reason: 'lists a commitment more than once' };
  for (const [id, seats] of wanted) {
    const c = world.find((x) => x.id === id);
    if (!c || c.ended || !(c.eligible.includes(entityId) || entityId in c.seats))
      return { ok: false, reason: `not eligible for ${id}` };
    const others = allocatedOn(c) - (c.seats[entityId] ?? 0);
    if (others + seats > c.total)
      return { ok: false, reason: `${id} over-allocated: ${others} + ${seats} > ${c.total}` };
  }
  for (const c of world) {
    if (c.ended) continue;
    const seats = wanted.get(c.id);
    if (seats === undefined) delete c.seats[entityId];
    else c.seats[entityId] = seats;
  }
  return { ok: true };
}

/** Every commitment of the world holds at most its total. */
export function overAllocated(world: World): string[] {
  return world.filter((c) => allocatedOn(c) > c.total).map((c) => c.id);
}

/** What `run` is refused with, in English (a RefusedEdit's reason), or null when it is not. */
export function refusalOf(run: () => unknown): string | null {
  try {
    run();
  } catch (e) {
    if (e instanceof RefusedEdit) return translateSaid(inEnglish, e.reason);
    throw e;
  }
  return null;
}
