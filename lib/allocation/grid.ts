/**
 * The seat allocation grid: one row per commitment, one cell per managed entity.
 *
 * The API only shows a commitment from one entity's side (GET /v2/commitments in that entity's
 * context), so the grid is merged from every managed entity's view. The views are read one
 * request at a time and can disagree; a row whose numbers do not add up is shown but read-only,
 * because any edit computed from it could over-allocate or silently revert someone's change.
 */
import type { CommitmentRow } from '../guestbook/schemas';
import { said, saidList, type Said, type SaidList } from '../i18n/said';

export interface EntityRef {
  id: string;
  name: string;
  org_id: string | null;
}

export type CellStatus = 'assigned' | 'unassigned' | 'ended' | 'ineligible';

export interface CellState {
  entityId: string;
  status: CellStatus;
  /** entity_seats; null (unassigned) and ineligible count as 0 */
  seats: number;
  editable: boolean;
}

export type CommitmentMeta = Pick<
  CommitmentRow,
  'venue_id' | 'program_id' | 'agreement_id' | 'days_of_week' | 'start_time' | 'end_time'
>;

export interface GridRow {
  commitmentId: string;
  totalSeats: number;
  meta: CommitmentMeta;
  /** by entity id, one per managed entity, in the order the entities were given */
  cells: Record<string, CellState>;
  /** Σ seats of the managed entities */
  managedSeats: number;
  /** seats held by entities the partner does not manage; never negative */
  externalSeats: number;
  unallocatedSeats: number;
  status: 'active' | 'ended';
  /** why the API's numbers do not add up (the row is then read-only), or null */
  inconsistent: Said[] | null;
}

const META_FIELDS = ['venue_id', 'program_id', 'agreement_id', 'days_of_week', 'start_time', 'end_time'] as const;

/** One managed entity's row of one commitment. */
interface View {
  entity: EntityRef;
  row: CommitmentRow;
  /** the entity's listing returned this commitment twice with different numbers */
  contradicted: boolean;
}

/** null when total = entity + peer + unallocated (null entity_seats counting as 0), else why not. */
export function checkRowEquation(row: CommitmentRow): Said | null {
  const entitySeats = row.entity_seats ?? 0;
  const sum = entitySeats + row.peer_seats + row.unallocated_seats;
  if (sum === row.total_seats) return null;
  return said('allocations.problems.equation', {
    commitment: row.id,
    total: row.total_seats,
    entitySeats,
    peer: row.peer_seats,
    unallocated: row.unallocated_seats,
    sum,
  });
}

/** Merges each managed entity's rows into one GridRow per commitment, sorted by venue, start time, id. */
export function mergeGrid(entities: EntityRef[], rowsByEntity: Record<string, CommitmentRow[]>): GridRow[] {
  const viewsByCommitment = collectViews(entities, rowsByEntity);
  return [...viewsByCommitment.entries()].map(([id, views]) => buildRow(id, entities, views)).sort(compareRows);
}

function collectViews(entities: EntityRef[], rowsByEntity: Record<string, CommitmentRow[]>): Map<string, View[]> {
  const byCommitment = new Map<string, View[]>();
  for (const entity of entities) {
    for (const row of rowsByEntity[entity.id] ?? []) {
      const views = byCommitment.get(row.id) ?? [];
      const earlier = views.find((v) => v.entity.id === entity.id);
      if (earlier) earlier.contradicted ||= !sameNumbers(earlier.row, row);
      else views.push({ entity, row, contradicted: false });
      byCommitment.set(row.id, views);
    }
  }
  return byCommitment;
}

function sameNumbers(a: CommitmentRow, b: CommitmentRow): boolean {
  return (
    a.assignment_status === b.assignment_status &&
    a.total_seats === b.total_seats &&
    a.entity_seats === b.entity_seats &&
    a.peer_seats === b.peer_seats &&
    a.unallocated_seats === b.unallocated_seats
  );
}

function buildRow(commitmentId: string, entities: EntityRef[], views: View[]): GridRow {
  // collectViews only creates a commitment together with its first view
  const first = views[0]!.row;
  const ended = views.some((v) => v.row.assignment_status === 'ended');
  const cells = Object.fromEntries(entities.map((e) => [e.id, cellOf(e.id, views)]));
  const managedSeats = Object.values(cells).reduce((sum, c) => sum + c.seats, 0);
  const problems = findInconsistencies(views, managedSeats);
  const inconsistent = problems.length > 0 ? problems : null;
  if (ended || inconsistent !== null) for (const cell of Object.values(cells)) cell.editable = false;
  return {
    commitmentId,
    totalSeats: first.total_seats,
    meta: metaOf(views),
    cells,
    managedSeats,
    externalSeats: Math.max(0, allocatedSeats(first) - managedSeats),
    unallocatedSeats: first.unallocated_seats,
    status: ended ? 'ended' : 'active',
    inconsistent,
  };
}

function cellOf(entityId: string, views: View[]): CellState {
  const row = views.find((v) => v.entity.id === entityId)?.row;
  if (!row) return { entityId, status: 'ineligible', seats: 0, editable: false };
  const status = row.assignment_status;
  return { entityId, status, seats: row.entity_seats ?? 0, editable: status !== 'ended' };
}

/** Seats allocated to anyone, as one entity's row counts them. */
function allocatedSeats(row: CommitmentRow): number {
  return (row.entity_seats ?? 0) + row.peer_seats;
}

function findInconsistencies(views: View[], managedSeats: number): Said[] {
  const problems: Said[] = [];
  for (const { entity, row, contradicted } of views) {
    if (contradicted)
      problems.push(said('allocations.problems.listedTwice', { entity: entity.name, commitment: row.id }));
    const equation = checkRowEquation(row);
    if (equation) problems.push(said('allocations.problems.seenBy', { entity: entity.name, problem: equation }));
    if (Math.min(row.total_seats, row.entity_seats ?? 0, row.peer_seats, row.unallocated_seats) < 0) {
      problems.push(said('allocations.problems.negative', { entity: entity.name }));
    }
  }
  const totals = disagreement(views, (row) => row.total_seats);
  if (totals) problems.push(said('allocations.problems.totalsDisagree', { list: totals }));
  const allocated = disagreement(views, allocatedSeats);
  if (allocated) problems.push(said('allocations.problems.allocatedDisagree', { list: allocated }));
  else if (allocatedSeats(views[0]!.row) < managedSeats) {
    problems.push(
      said('allocations.problems.managedExceedAllocated', {
        managed: managedSeats,
        allocated: allocatedSeats(views[0]!.row),
      }),
    );
  }
  return problems;
}

/** "A: 15, B: 16" when the views do not all give the same value, else null. */
function disagreement(views: View[], value: (row: CommitmentRow) => number): SaidList | null {
  const values = views.map((v) => value(v.row));
  if (new Set(values).size <= 1) return null;
  return saidList(
    views.map((v, i) => said('allocations.problems.entityValue', { entity: v.entity.name, value: values[i]! })),
    'allocations.problems.listSeparator',
  );
}

function metaOf(views: View[]): CommitmentMeta {
  const meta: CommitmentMeta = {};
  for (const field of META_FIELDS) {
    const value = views.find((v) => v.row[field] !== undefined)?.row[field];
    if (value !== undefined) Object.assign(meta, { [field]: value });
  }
  return meta;
}

function compareRows(a: GridRow, b: GridRow): number {
  return (
    compareOptional(a.meta.venue_id, b.meta.venue_id) ||
    compareOptional(a.meta.start_time, b.meta.start_time) ||
    compareOptional(a.commitmentId, b.commitmentId)
  );
}

/** Plain code-unit order (stable across locales); a missing value sorts last. */
function compareOptional(a: string | undefined, b: string | undefined): number {
  if (a === b) return 0;
  if (a === undefined) return 1;
  if (b === undefined) return -1;
  return a < b ? -1 : 1;
}
