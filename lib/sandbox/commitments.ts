import type { CommitmentRow } from '../guestbook/schemas';
import { newId } from './ids';
import { allocationKey, type CommitmentRecord, type EntityRecord } from './model';
import { notFound, unprocessable } from './problem';
import { iso, type World } from './world';

/** Commitments, allocations and their audit events: functions over the world. */

type AssignmentStatus = 'assigned' | 'unassigned' | 'ended';

/** The filters of GET /v2/commitments. */
export interface CommitmentQuery {
  statuses: string[];
  venueId?: string;
  programId?: string;
}

export function agreementEnded(world: World, c: CommitmentRecord): boolean {
  return !!world.data.agreements.get(c.agreement_id)?.ended_at;
}

export function isEligible(world: World, entity: EntityRecord, c: CommitmentRecord): boolean {
  return !agreementEnded(world, c) && entity.programs.some((p) => p.program_id === c.program_id);
}

/** The row of one commitment as the entity sees it, or null when the entity has no view of it. */
export function commitmentRow(world: World, entity: EntityRecord, c: CommitmentRecord): CommitmentRow | null {
  const status = assignmentStatus(world, entity, c);
  if (!status) return null;
  let entitySeats: number | null;
  let allocated: number;
  if (status === 'ended') {
    const snapshot = c.snapshot!;
    entitySeats = snapshot[entity.id]!;
    allocated = Object.values(snapshot).reduce((s, n) => s + n, 0);
  } else {
    const allocations = world.allocationsOn(c.id);
    entitySeats = status === 'assigned' ? allocations.find((a) => a.entity_id === entity.id)!.entity_seats : null;
    allocated = allocations.reduce((s, a) => s + a.entity_seats, 0);
  }
  const mine = entitySeats ?? 0;
  return {
    id: c.id,
    assignment_status: status,
    total_seats: c.total_seats,
    entity_seats: entitySeats,
    peer_seats: allocated - mine,
    unallocated_seats: c.total_seats - allocated,
    venue_id: c.venue_id,
    program_id: c.program_id,
    agreement_id: c.agreement_id,
    days_of_week: c.days_of_week,
    start_time: c.start_time,
    end_time: c.end_time,
  };
}

/** The entity's rows ordered by venue, start time and id. */
export function commitmentRows(world: World, entity: EntityRecord, q: CommitmentQuery): CommitmentRow[] {
  return commitmentsListed(world, entity, q).map((c) => commitmentRow(world, entity, c)!);
}

/**
 * The commitments GET /v2/commitments lists for the entity, in its order. Cheaper than the rows
 * themselves: a list request builds the rows of its own page only.
 */
export function commitmentsListed(world: World, entity: EntityRecord, q: CommitmentQuery): CommitmentRecord[] {
  const key = JSON.stringify([
    'commitments',
    entity.id,
    [...q.statuses].sort(),
    q.venueId ?? null,
    q.programId ?? null,
  ]);
  return world.cachedList(key, () => listCommitments(world, entity, q));
}

function listCommitments(world: World, entity: EntityRecord, q: CommitmentQuery): CommitmentRecord[] {
  const statuses = new Set(q.statuses);
  const listed: CommitmentRecord[] = [];
  for (const c of world.commitmentsInOrder()) {
    if (q.venueId && c.venue_id !== q.venueId) continue;
    if (q.programId && c.program_id !== q.programId) continue;
    const status = assignmentStatus(world, entity, c);
    if (status && statuses.has(status)) listed.push(c);
  }
  return listed;
}

/** The status of the entity's row of the commitment, or null when the entity has no row of it. */
function assignmentStatus(world: World, entity: EntityRecord, c: CommitmentRecord): AssignmentStatus | null {
  if (agreementEnded(world, c)) return c.snapshot && entity.id in c.snapshot ? 'ended' : null;
  if (world.data.allocations.has(allocationKey(entity.id, c.id))) return 'assigned';
  return isEligible(world, entity, c) ? 'unassigned' : null;
}

/**
 * PUT /v2/commitments: the body is the entity's complete new set. Checked whole before
 * anything changes; an identical body changes nothing and records no audit event.
 */
export function putCommitments(
  world: World,
  entity: EntityRecord,
  clientId: string,
  body: { id: string; entity_seats: number }[],
): CommitmentRow[] {
  for (const [i, entry] of body.entries()) {
    const c = world.data.commitments.get(entry.id);
    if (!c || !isEligible(world, entity, c)) {
      const why = !c
        ? 'does not exist'
        : agreementEnded(world, c)
          ? 'belongs to an agreement that has ended'
          : 'is for a program the entity has no access to';
      throw unprocessable(`Entity ${entity.id} is not eligible for commitment ${entry.id}: it ${why}.`, [
        { field: `data[${i}].id`, message: `not eligible for commitment ${entry.id}` },
      ]);
    }
    const others = world
      .allocationsOn(c.id)
      .filter((a) => a.entity_id !== entity.id)
      .reduce((s, a) => s + a.entity_seats, 0);
    if (others + entry.entity_seats > c.total_seats) {
      throw unprocessable(
        `Commitment ${c.id} would be over-allocated: ${entry.entity_seats} seats for this entity plus ${others} held by other entities exceed its ${c.total_seats} seats.`,
        [
          {
            field: `data[${i}].entity_seats`,
            message: `at most ${c.total_seats - others} seats are available on commitment ${c.id}`,
          },
        ],
      );
    }
  }
  const at = iso(world.now());
  const wanted = new Map(body.map((e) => [e.id, e.entity_seats]));
  for (const a of [...world.data.allocations.values()]) {
    if (a.entity_id !== entity.id || wanted.has(a.commitment_id)) continue;
    const c = world.data.commitments.get(a.commitment_id);
    if (c && agreementEnded(world, c)) continue;
    world.remove('allocations', allocationKey(entity.id, a.commitment_id));
    audit(world, clientId, entity.id, 'commitment.unassigned', a.commitment_id, a.entity_seats, null, at);
  }
  for (const [commitmentId, seats] of wanted) {
    const key = allocationKey(entity.id, commitmentId);
    const before = world.data.allocations.get(key);
    if (before?.entity_seats === seats) continue;
    world.put('allocations', key, { entity_id: entity.id, commitment_id: commitmentId, entity_seats: seats });
    audit(
      world,
      clientId,
      entity.id,
      before ? 'commitment.updated' : 'commitment.assigned',
      commitmentId,
      before?.entity_seats ?? null,
      seats,
      at,
    );
  }
  return commitmentRows(world, entity, { statuses: ['assigned'] });
}

function audit(
  world: World,
  clientId: string,
  entityId: string,
  action: string,
  commitmentId: string,
  before: number | null,
  after: number | null,
  at: string,
): void {
  const id = newId();
  let seq = 0;
  for (const e of world.data.audit.values()) seq = Math.max(seq, e.seq ?? 0);
  world.put('audit', id, {
    id,
    seq: seq + 1,
    at,
    client_id: clientId,
    entity_id: entityId,
    action,
    commitment_id: commitmentId,
    before,
    after,
  });
}

/** Ends an agreement: its commitments' rows become read-only snapshots of the allocations now. */
export function endAgreement(world: World, agreementId: string): void {
  const agreement = world.data.agreements.get(agreementId);
  if (!agreement) throw notFound(`No agreement ${agreementId}.`);
  if (agreement.ended_at) return;
  const at = iso(world.now());
  for (const c of world.data.commitments.values()) {
    if (c.agreement_id !== agreementId) continue;
    world.put('commitments', c.id, {
      ...c,
      snapshot: Object.fromEntries(world.allocationsOn(c.id).map((a) => [a.entity_id, a.entity_seats])),
    });
  }
  world.put('agreements', agreementId, { ...agreement, ended_at: at });
}
