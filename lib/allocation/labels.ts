/** Words for the grid's rows: the days a commitment runs, its one-line description, its state. */
import type { GridRow } from './grid';

const DAY = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** ISO days of the week (1 = Monday) as "Daily", "Mon–Fri" for a run of three or more, or "Sat, Sun". */
export function days(list: readonly number[] | undefined): string {
  if (!list?.length) return '';
  if (list.length === 7) return 'Daily';
  const contiguous = list.every((d, i) => i === 0 || d === list[i - 1]! + 1);
  return contiguous && list.length > 2
    ? `${DAY[list[0]!]}–${DAY[list[list.length - 1]!]}`
    : list.map((d) => DAY[d]).join(', ');
}

export interface RowNames {
  venue: ReadonlyMap<string, string>;
  program: ReadonlyMap<string, string>;
}

/** "Venue · Program · Mon–Fri 18:00–23:00": the parts are split on " · " where they are shown apart. */
export function describeRow(row: GridRow, names: RowNames): string {
  const { venue_id, program_id, days_of_week, start_time, end_time } = row.meta;
  return `${names.venue.get(venue_id ?? '') ?? 'Venue'} · ${names.program.get(program_id ?? '') ?? 'Program'} · ${days(days_of_week)} ${start_time ?? ''}–${end_time ?? ''}`;
}

/** The row's state in one or a few words. */
export function rowStatusLabel(row: GridRow): string {
  if (row.status === 'ended') return 'ended';
  if (row.inconsistent) return 'numbers do not add up';
  return Object.values(row.cells).some((c) => c.status === 'assigned') ? 'assigned' : 'unassigned';
}

const ENTITY_ID = /(entity )?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/gi;

/** A refusal's text with each known entity id (and the word "entity" before it) replaced by the entity's name. */
export function nameEntities(reason: string, entityName: ReadonlyMap<string, string>): string {
  return reason.replace(ENTITY_ID, (whole, _prefix: string, id: string) => entityName.get(id.toLowerCase()) ?? whole);
}
