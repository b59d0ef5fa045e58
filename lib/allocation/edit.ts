/**
 * Pending edits of the grid: new seat values of changed cells, kept apart from the loaded
 * grid so the plan can tell before from after and a cell can return to its loaded value.
 */
import { said, saidList, type Said } from '../i18n/said';
import type { GridRow } from './grid';
import { entityRef } from './labels';

/** commitment id → entity id → new seats, for changed cells only */
export type Edits = Record<string, Record<string, number>>;

export type EditVerdict = { ok: true } | { ok: false; reason: Said };

/** The `from` / `to` of moveSeats that stands for the commitment's unallocated seats. */
export const UNALLOCATED = 'unallocated';

export interface SeatsAfter {
  perEntity: Record<string, number>;
  managed: number;
  external: number;
  unallocated: number;
}

const refuse = (why: Said): { ok: false; reason: Said } => ({ ok: false, reason: why });

/**
 * An edit the rules refuse, thrown where the caller was to check first (`applyEdit`, a plan): the
 * said, to say. The message is its catalog key: a person is told the said, never this.
 */
export class RefusedEdit extends RangeError {
  constructor(readonly reason: Said) {
    super(reason.key);
    this.name = 'RefusedEdit';
  }
}

/** The seats of one cell once the edits are applied. */
export function editedSeats(row: GridRow, edits: Edits, entityId: string): number {
  return edits[row.commitmentId]?.[entityId] ?? row.cells[entityId]?.seats ?? 0;
}

export function seatsAfter(row: GridRow, edits: Edits): SeatsAfter {
  const perEntity = Object.fromEntries(Object.keys(row.cells).map((id) => [id, editedSeats(row, edits, id)]));
  const managed = Object.values(perEntity).reduce((sum, n) => sum + n, 0);
  // Relative to the loaded value, so a row shows the API's own number until it is edited.
  const unallocated = row.unallocatedSeats - (managed - row.managedSeats);
  return { perEntity, managed, external: row.externalSeats, unallocated };
}

/** Why the cell cannot be edited, or null when it can. */
export function lockReason(row: GridRow, entityId: string): Said | null {
  const cell = row.cells[entityId];
  if (!cell) return said('allocations.rules.notInGrid', { entity: entityRef(entityId) });
  if (row.status === 'ended' || cell.status === 'ended') return said('allocations.rules.ended');
  if (cell.status === 'ineligible') return said('allocations.rules.ineligible');
  if (row.inconsistent !== null)
    return said('allocations.rules.inconsistent', {
      problems: saidList(row.inconsistent, 'allocations.problems.separator'),
    });
  if (!cell.editable) return said('allocations.rules.readOnly');
  return null;
}

/** The most seats the cell can hold, given the other cells' edited values and the external seats. */
export function maxSeatsFor(row: GridRow, edits: Edits, entityId: string): number {
  const after = seatsAfter(row, edits);
  const otherManaged = after.managed - (after.perEntity[entityId] ?? 0);
  return Math.max(0, row.totalSeats - otherManaged - row.externalSeats);
}

/**
 * Checks one new cell value. `edits` are the other pending edits, so that the over-allocation
 * check counts the other cells at their new values (defaults to none: the loaded grid).
 */
export function validateEdit(row: GridRow, entityId: string, newSeats: number, edits: Edits = {}): EditVerdict {
  if (!Number.isInteger(newSeats)) return refuse(said('allocations.rules.wholeSeats', { seats: String(newSeats) }));
  if (newSeats < 0) return refuse(said('allocations.rules.negativeSeats', { seats: String(newSeats) }));
  const locked = lockReason(row, entityId);
  if (locked) return refuse(locked);
  const max = maxSeatsFor(row, edits, entityId);
  if (newSeats > max) {
    const otherManaged = seatsAfter(row, edits).managed - editedSeats(row, edits, entityId);
    return refuse(
      said('allocations.rules.overAllocate', {
        seats: newSeats,
        commitment: row.commitmentId,
        max,
        total: row.totalSeats,
        others: otherManaged,
        external: row.externalSeats,
      }),
    );
  }
  return { ok: true };
}

/** Sets one cell. Throws a RefusedEdit when validateEdit refuses the value: check it first to show the reason. */
export function applyEdit(
  rows: GridRow[],
  edits: Edits,
  commitmentId: string,
  entityId: string,
  newSeats: number,
): Edits {
  const row = rows.find((r) => r.commitmentId === commitmentId);
  if (!row) throw new RefusedEdit(said('allocations.rules.commitmentNotInGrid', { commitment: commitmentId }));
  const verdict = validateEdit(row, entityId, newSeats, edits);
  if (!verdict.ok) throw new RefusedEdit(verdict.reason);
  return withSeats(row, edits, entityId, newSeats);
}

/** Moves seats between two entities, or between an entity and the unallocated seats. */
export function moveSeats(
  row: GridRow,
  edits: Edits,
  from: string,
  to: string,
  count: number,
): { ok: true; edits: Edits } | { ok: false; reason: Said } {
  if (!Number.isInteger(count) || count < 1)
    return refuse(said('allocations.rules.moveWhole', { count: String(count) }));
  if (from === to) return refuse(said('allocations.rules.moveSamePlace'));
  for (const side of [from, to]) {
    const locked = side === UNALLOCATED ? null : lockReason(row, side);
    if (locked) return refuse(locked);
  }
  const available = from === UNALLOCATED ? seatsAfter(row, edits).unallocated : editedSeats(row, edits, from);
  if (count > available) {
    return refuse(
      from === UNALLOCATED
        ? said('allocations.rules.moveMoreThanUnallocated', { count, available })
        : said('allocations.rules.moveMoreThanHeld', { count, entity: entityRef(from), available }),
    );
  }
  // The decrease goes first so that the increase can use the seats it frees.
  let next = edits;
  for (const [entityId, delta] of [
    [from, -count],
    [to, count],
  ] as const) {
    if (entityId === UNALLOCATED) continue;
    const seats = editedSeats(row, next, entityId) + delta;
    const verdict = validateEdit(row, entityId, seats, next);
    if (!verdict.ok) return verdict;
    next = withSeats(row, next, entityId, seats);
  }
  return { ok: true, edits: next };
}

/** Records a cell's new value, dropping the edit when the value is the loaded one. */
function withSeats(row: GridRow, edits: Edits, entityId: string, seats: number): Edits {
  const { [row.commitmentId]: rowEdits, ...otherRows } = edits;
  const { [entityId]: _previous, ...otherCells } = rowEdits ?? {};
  const cellEdits = seats === row.cells[entityId]?.seats ? otherCells : { ...otherCells, [entityId]: seats };
  return Object.keys(cellEdits).length > 0 ? { ...otherRows, [row.commitmentId]: cellEdits } : otherRows;
}
