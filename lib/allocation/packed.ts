/**
 * Grid rows in a dense form, for sending a large grid from the server to the browser.
 *
 * A GridRow names each cell by entity id and repeats the venue, program and agreement ids; at
 * 2,000 commitments × 25 entities that is megabytes of JSON for the browser to parse and hydrate.
 * The packed form lists the entities once, codes the ids through per-grid dictionaries, gives a
 * cell as one number, and leaves out what follows from the rest (`editable`, `managedSeats`).
 * `unpackGrid(packGrid(e, rows))` equals `rows`, also after a JSON round trip.
 */
import type { Said } from '../i18n/said';
import type { CellState, CellStatus, CommitmentMeta, EntityRef, GridRow } from './grid';

const CELL_STATUSES: readonly CellStatus[] = ['ineligible', 'unassigned', 'assigned', 'ended'];

/** [id, venue, program, agreement, days, start, end, total, external, unallocated, ended, inconsistent, cells] */
export type PackedRow = [
  commitmentId: string,
  venue: number,
  program: number,
  agreement: number,
  days: number[] | null,
  start: string | null,
  end: string | null,
  totalSeats: number,
  externalSeats: number,
  unallocatedSeats: number,
  ended: 0 | 1,
  inconsistent: Said[] | null,
  /** one per entity, in the order of `entityIds`: seats × 4 + the status's index in CELL_STATUSES */
  cells: number[],
];

export interface PackedGrid {
  entityIds: string[];
  /** the distinct venue, program and agreement ids; a row gives an index, or -1 when the field is absent */
  venues: string[];
  programs: string[];
  agreements: string[];
  rows: PackedRow[];
}

/** A dictionary coder: each distinct value gets the index of its first appearance. */
function coder() {
  const values: string[] = [];
  const index = new Map<string, number>();
  const code = (value: string | undefined): number => {
    if (value === undefined) return -1;
    let i = index.get(value);
    if (i === undefined) index.set(value, (i = values.push(value) - 1));
    return i;
  };
  return { values, code };
}

// seats may be negative in a malformed row (the grid then shows it read-only), so the status is
// taken from the remainder modulo 4, not from the sign.
const packCell = (cell: CellState) => cell.seats * 4 + CELL_STATUSES.indexOf(cell.status);
const cellStatus = (n: number) => CELL_STATUSES[((n % 4) + 4) % 4]!;

export function packGrid(entities: readonly EntityRef[], rows: readonly GridRow[]): PackedGrid {
  const venues = coder();
  const programs = coder();
  const agreements = coder();
  return {
    entityIds: entities.map((e) => e.id),
    rows: rows.map((row): PackedRow => [
      row.commitmentId,
      venues.code(row.meta.venue_id),
      programs.code(row.meta.program_id),
      agreements.code(row.meta.agreement_id),
      row.meta.days_of_week ?? null,
      row.meta.start_time ?? null,
      row.meta.end_time ?? null,
      row.totalSeats,
      row.externalSeats,
      row.unallocatedSeats,
      row.status === 'ended' ? 1 : 0,
      row.inconsistent,
      entities.map((e) => packCell(row.cells[e.id]!)),
    ]),
    venues: venues.values,
    programs: programs.values,
    agreements: agreements.values,
  };
}

export function unpackGrid(packed: PackedGrid): GridRow[] {
  const { entityIds } = packed;
  return packed.rows.map(
    ([
      commitmentId,
      venue,
      program,
      agreement,
      days,
      start,
      end,
      totalSeats,
      externalSeats,
      unallocatedSeats,
      ended,
      inconsistent,
      packedCells,
    ]) => {
      const meta: CommitmentMeta = {};
      if (venue >= 0) meta.venue_id = packed.venues[venue];
      if (program >= 0) meta.program_id = packed.programs[program];
      if (agreement >= 0) meta.agreement_id = packed.agreements[agreement];
      if (days !== null) meta.days_of_week = days;
      if (start !== null) meta.start_time = start;
      if (end !== null) meta.end_time = end;
      const readOnly = ended === 1 || inconsistent !== null;
      const cells: Record<string, CellState> = {};
      let managedSeats = 0;
      packedCells.forEach((n, i) => {
        const status = cellStatus(n);
        const seats = (n - CELL_STATUSES.indexOf(status)) / 4;
        managedSeats += seats;
        cells[entityIds[i]!] = {
          entityId: entityIds[i]!,
          status,
          seats,
          editable: !readOnly && (status === 'assigned' || status === 'unassigned'),
        };
      });
      return {
        commitmentId,
        totalSeats,
        meta,
        cells,
        managedSeats,
        externalSeats,
        unallocatedSeats,
        status: ended === 1 ? 'ended' : 'active',
        inconsistent,
      };
    },
  );
}
