/**
 * Turns grid edits into PUT /v2/commitments bodies, and spots rows that moved since loading.
 *
 * A PUT replaces the calling entity's complete set of allocations, so every body is the
 * entity's full current assignment with the edits applied — an allocation left out would be
 * unassigned. Moving seats between entities on a full commitment cannot be done with one PUT
 * per entity in any order, so a change set goes in two phases: phase 1 only lowers values
 * (each cell at min(loaded, new)), phase 2 sets the final values once every decrease is done.
 */
import type { CommitmentRow } from '../guestbook/schemas';
import { said } from '../i18n/said';
import { editedSeats, RefusedEdit, seatsAfter, validateEdit, type Edits } from './edit';
import type { CellState, GridRow } from './grid';
import { entityRef } from './labels';

/** One seat change of an allocation: a cell (commitment × entity) from the value seen to the value set. */
export interface Change {
  commitmentId: string;
  entityId: string;
  before: number;
  after: number;
}

export interface PutBody {
  data: { id: string; entity_seats: number }[];
}

export interface Plan {
  /** entities with at least one change, in grid column order */
  touchedEntities: string[];
  /** entity id → body; only entities that lower at least one value */
  phase1: Record<string, PutBody>;
  /** entity id → body with the final values; every touched entity */
  phase2: Record<string, PutBody>;
}

export interface Conflict {
  commitmentId: string;
  /** a managed entity id, or EXTERNAL for the seats of entities the partner does not manage */
  entityId: string;
  /** the value the plan would send (for EXTERNAL: the loaded value, which the plan leaves alone) */
  ours: number;
  theirs: number;
  loaded: number;
}

/** The Conflict.entityId of a change in the seats held by entities the partner does not manage. */
export const EXTERNAL = 'external';

/** One commitment of a touched entity's body: `before` is null when it is not assigned yet. */
interface Allocation {
  id: string;
  before: number | null;
  after: number;
}

/** The cells whose edited value differs from the loaded one, in grid order (rows, then columns). */
export function diff(rows: GridRow[], edits: Edits): Change[] {
  return rows.flatMap((row) =>
    Object.values(row.cells).flatMap((cell) => {
      const after = edits[row.commitmentId]?.[cell.entityId];
      if (after === undefined || after === cell.seats) return [];
      return [{ commitmentId: row.commitmentId, entityId: cell.entityId, before: cell.seats, after }];
    }),
  );
}

/**
 * The rows as an applied change set left them: each changed cell at its new seats, the row's
 * managed and unallocated seats moved with it. What the grid shows between an apply's answer
 * and its next read of the rows.
 */
export function rowsWithChanges(rows: GridRow[], changes: readonly Change[]): GridRow[] {
  const edits: Edits = {};
  for (const c of changes) (edits[c.commitmentId] ??= {})[c.entityId] = c.after;
  return rows.map((row) => {
    if (!edits[row.commitmentId]) return row;
    const { perEntity, managed, unallocated } = seatsAfter(row, edits);
    const cells = Object.fromEntries(
      Object.entries(row.cells).map(([id, cell]) => {
        const seats = edits[row.commitmentId]![id];
        // a PUT assigns every cell it names, with 0 seats too
        return [id, seats === undefined ? cell : { ...cell, seats: perEntity[id]!, status: 'assigned' as const }];
      }),
    );
    return { ...row, cells, managedSeats: managed, unallocatedSeats: unallocated };
  });
}

/**
 * The two-phase plan of a change set. Throws a RefusedEdit when an edit could not be applied
 * (unknown or read-only cell, over-allocation): such edits never reach the API.
 *
 * Choices: a cell edited to 0 stays in the body with entity_seats 0 (the entity keeps an
 * assigned row with no seats; unassigning is a separate decision the grid does not make).
 * An entity whose values only rise is left out of phase 1: its phase-1 body would equal its
 * current set, a no-op request.
 */
export function buildPlan(rows: GridRow[], edits: Edits): Plan {
  assertApplicable(rows, edits);
  const touchedEntities = touchedIn(rows, diff(rows, edits));
  const phase1: Record<string, PutBody> = {};
  const phase2: Record<string, PutBody> = {};
  for (const entityId of touchedEntities) {
    const allocations = allocationsOf(rows, edits, entityId);
    if (allocations.some((a) => a.before !== null && a.after < a.before)) phase1[entityId] = phase1Body(allocations);
    phase2[entityId] = { data: allocations.map((a) => ({ id: a.id, entity_seats: a.after })) };
  }
  return { touchedEntities, phase1, phase2 };
}

function assertApplicable(rows: GridRow[], edits: Edits): void {
  const rowsById = new Map(rows.map((r) => [r.commitmentId, r]));
  for (const [commitmentId, cellEdits] of Object.entries(edits)) {
    const row = rowsById.get(commitmentId);
    if (!row) throw new RefusedEdit(said('allocations.rules.planNotInGrid', { commitment: commitmentId }));
    for (const [entityId, seats] of Object.entries(cellEdits)) {
      if (seats === row.cells[entityId]?.seats) continue;
      const verdict = validateEdit(row, entityId, seats, edits);
      if (!verdict.ok)
        throw new RefusedEdit(
          said('allocations.rules.planCell', {
            commitment: commitmentId,
            entity: entityRef(entityId),
            reason: verdict.reason,
          }),
        );
    }
  }
}

function touchedIn(rows: GridRow[], changes: Change[]): string[] {
  const changed = new Set(changes.map((c) => c.entityId));
  const columns = new Set(rows.flatMap((r) => Object.keys(r.cells)));
  return [...columns].filter((id) => changed.has(id));
}

/** The entity's complete set after the edits: its assigned cells plus the cells it is newly given. */
function allocationsOf(rows: GridRow[], edits: Edits, entityId: string): Allocation[] {
  return rows.flatMap((row): Allocation[] => {
    const cell = row.cells[entityId];
    // Ended rows are frozen: the API refuses them in a body and keeps them when left out.
    if (!cell || row.status === 'ended' || cell.status === 'ended') return [];
    const after = editedSeats(row, edits, entityId);
    if (cell.status === 'assigned') return [{ id: row.commitmentId, before: cell.seats, after }];
    if (cell.status === 'unassigned' && after !== cell.seats) return [{ id: row.commitmentId, before: null, after }];
    return [];
  });
}

/** Lowered values only; cells about to be newly assigned wait for phase 2 (unassigned already means 0 seats). */
function phase1Body(allocations: Allocation[]): PutBody {
  return {
    data: allocations.flatMap((a) =>
      a.before === null ? [] : [{ id: a.id, entity_seats: Math.min(a.before, a.after) }],
    ),
  };
}

/**
 * Cells that moved between loading and re-reading, among those the plan depends on: every cell
 * of a changed commitment (and its external seats), and every cell of a touched entity on any
 * commitment — its body re-sends those values, so a move there would be silently reverted.
 *
 * `reread` may cover only some entities (at least the touched ones); columns it lacks are not
 * compared. A status move counts too (e.g. to ended, where the body would be refused), except
 * between unassigned and ineligible on a cell the plan does not change: neither holds seats.
 */
export function conflicts(loaded: GridRow[], reread: GridRow[], changes: Change[]): Conflict[] {
  const loadedById = new Map(loaded.map((r) => [r.commitmentId, r]));
  const rereadById = new Map(reread.map((r) => [r.commitmentId, r]));
  const rereadColumns = new Set(reread.flatMap((r) => Object.keys(r.cells)));
  const touchedEntities = [...new Set(changes.map((c) => c.entityId))];
  const commitmentIds = [...new Set([...loadedById.keys(), ...rereadById.keys()])];

  return commitmentIds.flatMap((commitmentId) => {
    const before = loadedById.get(commitmentId);
    const after = rereadById.get(commitmentId);
    const rowChanges = changes.filter((c) => c.commitmentId === commitmentId);
    const columns = new Set([...(rowChanges.length > 0 ? Object.keys(before?.cells ?? {}) : []), ...touchedEntities]);
    const found = [...columns]
      .filter((entityId) => rereadColumns.has(entityId))
      .flatMap((entityId) => cellConflict(commitmentId, cellIn(before, entityId), cellIn(after, entityId), rowChanges));
    const external = rowChanges.length > 0 && before && after ? externalMove(before, after) : null;
    return external ? [...found, external] : found;
  });
}

function cellConflict(commitmentId: string, was: CellState, now: CellState, rowChanges: Change[]): Conflict[] {
  const change = rowChanges.find((c) => c.entityId === was.entityId);
  if (was.seats === now.seats && !statusMoved(was, now, change !== undefined)) return [];
  return [
    { commitmentId, entityId: was.entityId, ours: change?.after ?? was.seats, theirs: now.seats, loaded: was.seats },
  ];
}

function statusMoved(was: CellState, now: CellState, changedByUs: boolean): boolean {
  if (was.status === now.status) return false;
  const holdsNothing = (c: CellState) => c.status === 'unassigned' || c.status === 'ineligible';
  return changedByUs || !(holdsNothing(was) && holdsNothing(now));
}

function cellIn(row: GridRow | undefined, entityId: string): CellState {
  return row?.cells[entityId] ?? { entityId, status: 'ineligible', seats: 0, editable: false };
}

/**
 * A change in the seats held outside the columns both grids show. Counted from the allocated
 * total rather than from externalSeats, which depends on which entities were read.
 */
function externalMove(before: GridRow, after: GridRow): Conflict | null {
  const common = Object.keys(before.cells).filter((id) => id in after.cells);
  const outside = (row: GridRow) =>
    row.totalSeats - row.unallocatedSeats - common.reduce((sum, id) => sum + (row.cells[id]?.seats ?? 0), 0);
  const moved = outside(after) - outside(before);
  if (moved === 0) return null;
  const loaded = before.externalSeats;
  return { commitmentId: before.commitmentId, entityId: EXTERNAL, ours: loaded, theirs: loaded + moved, loaded };
}

/**
 * What one entity reads for its commitments once a change set is applied (each change from the
 * value it held, `before`, to `after`): its own cells at their new seats (an unassigned cell given
 * seats becomes assigned) and, on every changed commitment, the peer and unallocated seats moved
 * by the other entities' changes. A server that applied the changes can keep its copies of every
 * entity's rows current this way instead of reading them all again. `allocatedAfter`: the seats
 * allocated on a commitment once the changes are applied, when known (the server's re-read under
 * its lock): the row then shows them whatever it showed before, so that a row read after the
 * changes were sent is not moved twice.
 */
export function rowsAfterChanges(
  entityId: string,
  rows: readonly CommitmentRow[],
  changes: readonly Change[],
  allocatedAfter?: ReadonlyMap<string, number>,
): CommitmentRow[] {
  const byCommitment = new Map<string, Change[]>();
  for (const c of changes) byCommitment.set(c.commitmentId, [...(byCommitment.get(c.commitmentId) ?? []), c]);
  return rows.map((row) => {
    const onRow = byCommitment.get(row.id);
    if (!onRow || row.assignment_status === 'ended') return row;
    const own = onRow.find((c) => c.entityId === entityId);
    const allocated =
      allocatedAfter?.get(row.id) ??
      (row.entity_seats ?? 0) + row.peer_seats + onRow.reduce((sum, c) => sum + c.after - c.before, 0);
    const entitySeats = own && (row.assignment_status === 'assigned' || own.after !== 0) ? own.after : row.entity_seats;
    return {
      ...row,
      assignment_status: entitySeats === null ? row.assignment_status : 'assigned',
      entity_seats: entitySeats,
      peer_seats: allocated - (entitySeats ?? 0),
      unallocated_seats: row.total_seats - allocated,
    };
  });
}

/** An entity's complete set as read before an apply (what a restore puts back). */
export interface ReadSet {
  entityId: string;
  data: readonly { id: string; entity_seats: number }[];
}

/** The value each cell an apply changed goes back to on a restore: its seats in the sets read before (0 when it was not assigned). */
export function restoredCells(
  changed: readonly Pick<Change, 'commitmentId' | 'entityId'>[],
  readBefore: readonly ReadSet[],
): { commitmentId: string; entityId: string; seats: number }[] {
  return changed.map(({ commitmentId, entityId }) => ({
    commitmentId,
    entityId,
    seats: readBefore.find((s) => s.entityId === entityId)?.data.find((d) => d.id === commitmentId)?.entity_seats ?? 0,
  }));
}
