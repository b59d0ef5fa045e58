import 'server-only';

import {
  buildPlan,
  mergeGrid,
  RefusedEdit,
  rowsAfterChanges,
  type Change,
  type Conflict,
  type Edits,
  type EntityRef,
} from '../../allocation';
import { GuestbookApiError } from '../../guestbook';
import type { CommitmentRow } from '../../guestbook/schemas';
import { said, translateSaid, type Said } from '../../i18n/said';
import { inEnglish } from '../../i18n/translator';
import { underLock } from '../budget';
import { getConfig } from '../config';
import { AdvisoryLock, KeyedLock, type KeyLock } from '../coordination';
import {
  apiFor,
  findAssignedEntities,
  listEntities,
  resyncCopy,
  reviseStoredCopies,
  storedCopy,
  storeReadCopy,
  type CopyEntity,
} from '../directory';
import { describeApiError } from '../http';
import { logger } from '../log';
import { asApply } from '../ops';
import { processWide } from '../process-wide';
import { perEntity, readEntityRows } from './allocation-grid';

export { gridData, loadAllocationData, type GridData } from './allocation-grid';

/** A complete allocation set of one entity, as PUT /v2/commitments takes it. */
export interface EntitySet {
  entityId: string;
  data: { id: string; entity_seats: number }[];
}

/**
 * How an apply or a restore ended. A failed one says why in `message`: for the browser, a text in
 * the reader's language (what the server actions answer); as `applyChanges` returns it, the entity
 * that failed and the API's refusal, still to be said (`FailedWhy`).
 */
export type ApplyOutcome<Why = { message: string }> =
  | { status: 'applied'; changed: number; requests: number }
  | { status: 'conflict'; conflicts: Conflict[] }
  | ({
      status: 'failed';
      phase: 1 | 2;
      entityId: string;
      /** which entities already hold their phase-1 or final values */
      holding: { entityId: string; state: 'unchanged' | 'decreases applied' | 'final values' }[];
      /** the complete sets read before phase 1, to restore */
      readBefore: EntitySet[];
    } & Why);

/** Why an apply stopped: the entity whose request the API refused, and the refusal. */
export interface FailedWhy {
  entityName: string;
  why: Said;
}

const seatsOf = (row: CommitmentRow | undefined) => row?.entity_seats ?? 0;

const sameBody = (
  a: { data: { id: string; entity_seats: number }[] } | undefined,
  b: { data: { id: string; entity_seats: number }[] },
) =>
  a !== undefined &&
  a.data.length === b.data.length &&
  a.data.every((x, i) => x.id === b.data[i]!.id && x.entity_seats === b.data[i]!.entity_seats);

/**
 * Applies that touch the same entity or the same commitment run one at a time, in every process
 * of the deployment. A PUT carries the entity's complete set as read before it, so two applies
 * for one entity that overlap would each put back the other's cells as they were; and two
 * increases on one commitment could each pass the re-read and then over-allocate it together.
 * On PostgreSQL the keys are advisory locks every process respects (released if the process
 * dies); the embedded database serves one process, which locks in memory with no round trip.
 */
function allocationLock(): KeyLock {
  const { databaseUrl } = getConfig();
  return processWide('the lock of the allocation applies, per entity and commitment', (): KeyLock =>
    databaseUrl ? new AdvisoryLock(databaseUrl) : new KeyedLock(),
  );
}

/**
 * Applies a change set in two phases (decreases first, then final values), each PUT the
 * entity's complete set built from a fresh read, so no allocation the user did not touch is
 * dropped. Stops before sending anything when a touched cell moved since the grid loaded.
 * With `resume`, cells already at their decreased or final value count as expected (retry the rest).
 * The re-read and the PUTs hold the touched entities and commitments (see allocationLock).
 */
export async function applyChanges(
  changes: Change[],
  options: { resume?: boolean } = {},
): Promise<ApplyOutcome<FailedWhy>> {
  const touchedIds = [...new Set(changes.map((c) => c.entityId))];
  const assigned = await findAssignedEntities(touchedIds);
  const touched: EntityRef[] = touchedIds.map((id) => {
    const e = assigned.get(id);
    if (!e) throw new AllocationError(said('allocations.errors.entityIdNotAssigned', { entity: id }));
    return { id: e.id, name: e.name, org_id: e.org_id };
  });
  const keys = [...touchedIds.map((id) => `entity:${id}`), ...changes.map((c) => `commitment:${c.commitmentId}`)];
  // Where an apply's time goes, in its log line: waiting for the lock, reading and sending under
  // it, then revising the copies before the lock is let go.
  const asked = performance.now();
  const took = { lockWaitMs: 0, readAndSentMs: 0, copiesMs: 0 };
  // Counted as running, so that a shutdown lets it finish (scripts/server.ts). Under the lock, its
  // requests may use the budget's lock reserve: the applies queued behind it wait while it does.
  const outcome = await asApply(() =>
    allocationLock().run(keys, () =>
      underLock(async () => {
        const locked = performance.now();
        took.lockWaitMs = Math.round(locked - asked);
        const { outcome, reread } = await applyHeld(changes, touched, options);
        const sent = performance.now();
        took.readAndSentMs = Math.round(sent - locked);
        // Still under the lock, the copies of the commitments, without a request where the apply
        // knows what the API holds: the seats allocated on each commitment it read are those
        // re-read plus its changes, shown as such in every entity's row (rowsAfterChanges), so a
        // copy read meanwhile is not moved twice, and the next apply on the commitment revises
        // after this one. After an apply sent in full, every entity's rows show it. After a
        // conflict, the touched entities' rows are those re-read, and the others' show the seats
        // those moved, so the grid reloaded to compare shows what is held now.
        if (outcome.status === 'applied' && !options.resume)
          await showChanges(await listEntities(), changes, allocatedAfter(reread.rows, changes, changes));
        else if (outcome.status === 'conflict') await commitmentsSeen(reread);
        took.copiesMs = Math.round(performance.now() - sent);
        return outcome;
      }),
    ),
  );
  logger.info({ apply: { status: outcome.status, changes: changes.length, ...took } }, 'allocation apply');
  // After a partial apply (or a resumed one), what each entity holds is known only to the API:
  // every entity's are read anew.
  if (outcome.status === 'failed' || (outcome.status === 'applied' && options.resume))
    await Promise.all((await listEntities()).map((e) => resyncCopy('commitments', e)));
  return outcome;
}

/** What an apply re-read under its lock: each touched entity's rows in whole, and when the read began. */
interface Reread {
  touched: EntityRef[];
  rows: Record<string, CommitmentRow[]>;
  readAt: Date;
}

/**
 * The seats allocated on each commitment of `changes`, as the rows re-read under the lock show
 * them, plus what `sent` moved (the changes of an apply sent in full; none after a conflict).
 */
function allocatedAfter(rows: Reread['rows'], changes: readonly Change[], sent: readonly Change[]) {
  const allocated = new Map<string, number>();
  for (const c of changes) {
    const row = rows[c.entityId]?.find((r) => r.id === c.commitmentId);
    if (row && !allocated.has(c.commitmentId)) allocated.set(c.commitmentId, seatsOf(row) + row.peer_seats);
  }
  for (const c of sent) {
    const was = allocated.get(c.commitmentId);
    if (was !== undefined) allocated.set(c.commitmentId, was + c.after - c.before);
  }
  return allocated;
}

/**
 * These entities' copies of the changed commitments show the changes (each from `before` to
 * `after`), by the seat equation, with `allocated` seats on each, without a request; the sync's
 * next turn reads them all from the API.
 */
const showChanges = (entities: CopyEntity[], changes: Change[], allocated: ReadonlyMap<string, number>) =>
  reviseStoredCopies<CommitmentRow, CopyEntity>(
    'commitments',
    entities.map((e) => ({ id: e.id, org_id: e.org_id })),
    [...new Set(changes.map((c) => c.commitmentId))],
    (row, e) => {
      const [after] = rowsAfterChanges(e.id, [row], changes, allocated);
      return after === row ? null : after!;
    },
  );

/**
 * After a conflict: the rows re-read under the lock replace the touched entities' copies (a
 * change found there is someone else's, recorded as the sync records it), and the other
 * entities' copies show the seats that moved between the copy and the re-read.
 */
async function commitmentsSeen({ touched, rows, readAt }: Reread): Promise<void> {
  const moved: Change[] = [];
  for (const e of touched) {
    const was = new Map(((await storedCopy<CommitmentRow>('commitments', e))?.items ?? []).map((r) => [r.id, r]));
    for (const row of rows[e.id]!) {
      const before = was.get(row.id);
      if (before && seatsOf(before) !== seatsOf(row))
        moved.push({ commitmentId: row.id, entityId: e.id, before: seatsOf(before), after: seatsOf(row) });
    }
    await storeReadCopy('commitments', e, rows[e.id]!, readAt);
  }
  if (moved.length === 0) return;
  const others = (await listEntities()).filter((e) => !touched.some((t) => t.id === e.id));
  await showChanges(others, moved, allocatedAfter(rows, moved, []));
}

async function applyHeld(
  changes: Change[],
  touched: EntityRef[],
  options: { resume?: boolean },
): Promise<{ outcome: ApplyOutcome<FailedWhy>; reread: Reread }> {
  const readAt = new Date();
  const reread = Object.fromEntries(await perEntity(touched, async (e) => [e.id, await readEntityRows(e)] as const));
  const held = (outcome: ApplyOutcome<FailedWhy>) => ({ outcome, reread: { touched, rows: reread, readAt } });

  const conflicts: Conflict[] = [];
  for (const c of changes) {
    const row = reread[c.entityId]!.find((r) => r.id === c.commitmentId);
    if (!row)
      throw new AllocationError(
        said('allocations.errors.commitmentGone', { commitment: c.commitmentId, entity: c.entityId }),
      );
    const now = seatsOf(row);
    const expected = options.resume ? [c.before, Math.min(c.before, c.after), c.after] : [c.before];
    if (!expected.includes(now) || row.assignment_status === 'ended')
      conflicts.push({
        commitmentId: c.commitmentId,
        entityId: c.entityId,
        loaded: c.before,
        theirs: now,
        ours: c.after,
      });
  }
  if (conflicts.length) return held({ status: 'conflict', conflicts });

  const grid = mergeGrid(touched, reread);
  const edits: Edits = {};
  for (const c of changes) (edits[c.commitmentId] ??= {})[c.entityId] = c.after;
  let plan: ReturnType<typeof buildPlan>;
  try {
    plan = buildPlan(grid, edits);
  } catch (e) {
    // The re-read grid refuses the target (e.g. seats taken by another entity meanwhile).
    if (e instanceof RefusedEdit)
      throw new AllocationError(said('allocations.errors.cannotApply', { reason: e.reason }));
    throw e;
  }
  const readBefore: EntitySet[] = touched.map((e) => ({
    entityId: e.id,
    data: reread[e.id]!.filter((r) => r.assignment_status === 'assigned').map((r) => ({
      id: r.id,
      entity_seats: seatsOf(r),
    })),
  }));

  const state = new Map<string, 'unchanged' | 'decreases applied' | 'final values'>(
    touched.map((e) => [e.id, 'unchanged']),
  );
  let requests = 0;
  for (const phase of [1, 2] as const) {
    const bodies = phase === 1 ? plan.phase1 : plan.phase2;
    for (const [entityId, body] of Object.entries(bodies)) {
      const entity = touched.find((e) => e.id === entityId)!;
      // An entity that only lowers values already holds its final set after phase 1.
      if (phase === 2 && state.get(entityId) === 'decreases applied' && sameBody(plan.phase1[entityId], body)) {
        state.set(entityId, 'final values');
        continue;
      }
      try {
        await apiFor(entity).putCommitments(body);
        requests++;
        state.set(entityId, phase === 1 ? 'decreases applied' : 'final values');
      } catch (error) {
        if (!(error instanceof GuestbookApiError)) throw error;
        return held({
          status: 'failed',
          entityName: entity.name,
          why: describeApiError(error).said,
          phase,
          entityId,
          holding: [...state].map(([id, s]) => ({ entityId: id, state: s })),
          readBefore,
        });
      }
    }
  }
  return held({ status: 'applied', changed: changes.length, requests });
}

const repeatedIn = (ids: string[]): string | undefined => ids.find((id, i) => ids.indexOf(id) !== i);

/**
 * Puts back the values read before an apply that failed part-way, with the same two phases
 * (a restore can need seats another entity still holds). The input is bounded by the grid:
 * each assigned entity at most once, and only commitments on that entity's grid, each once;
 * anything else is refused before a write (and each entity is read once).
 */
export async function restoreSets(sets: EntitySet[]): Promise<ApplyOutcome<FailedWhy>> {
  const all = await listEntities();
  if (sets.length > all.length)
    throw new AllocationError(said('allocations.errors.restoreTooMany', { sets: sets.length, entities: all.length }));
  const repeatedEntity = repeatedIn(sets.map((s) => s.entityId));
  if (repeatedEntity)
    throw new AllocationError(said('allocations.errors.restoreEntityTwice', { entity: repeatedEntity }));
  const entities = sets.map((set) => {
    const e = all.find((x) => x.id === set.entityId);
    if (!e) throw new AllocationError(said('allocations.errors.entityIdNotAssigned', { entity: set.entityId }));
    const repeated = repeatedIn(set.data.map((d) => d.id));
    if (repeated)
      throw new AllocationError(
        said('allocations.errors.restoreCommitmentTwice', { commitment: repeated, entity: e.name }),
      );
    return e;
  });
  const changes: Change[] = [];
  for (const [i, set] of sets.entries()) {
    const e = entities[i]!;
    const now = await readEntityRows({ id: e.id, name: e.name, org_id: e.org_id });
    for (const wanted of set.data) {
      const row = now.find((r) => r.id === wanted.id);
      if (!row)
        throw new AllocationError(
          said('allocations.errors.restoreNotOnGrid', { commitment: wanted.id, entity: e.name }),
        );
      const current = seatsOf(row);
      if (current !== wanted.entity_seats)
        changes.push({ commitmentId: wanted.id, entityId: e.id, before: current, after: wanted.entity_seats });
    }
  }
  if (changes.length === 0) return { status: 'applied', changed: 0, requests: 0 };
  return applyChanges(changes);
}

/**
 * A change set refused before anything was written, with the reason to tell (which may say a
 * refusal of the grid's rules inside it); the message is the reason in English, for logs.
 */
export class AllocationError extends Error {
  constructor(readonly reason: Said) {
    super(translateSaid(inEnglish, reason));
    this.name = 'AllocationError';
  }
}
