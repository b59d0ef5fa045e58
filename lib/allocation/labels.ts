/** Words for the grid's rows: the days a commitment runs, its one-line description, its state. */
import { mapSaid, said, saidList, type CatalogKey, type Said, type SaidValue } from '../i18n/said';
import type { GridRow } from './grid';

/** ISO days of the week (1 = Monday) as the catalog names them. */
const DAY: readonly CatalogKey[] = [
  'allocations.days.mon',
  'allocations.days.tue',
  'allocations.days.wed',
  'allocations.days.thu',
  'allocations.days.fri',
  'allocations.days.sat',
  'allocations.days.sun',
];

const day = (d: number): SaidValue => {
  const key = DAY[d - 1];
  return key ? said(key) : String(d);
};

/** ISO days of the week (1 = Monday) as "Daily", "Mon–Fri" for a run of three or more, or "Sat, Sun"; '' for none. */
export function days(list: readonly number[] | undefined): SaidValue {
  if (!list?.length) return '';
  if (list.length === 7) return said('allocations.days.daily');
  const contiguous = list.every((d, i) => i === 0 || d === list[i - 1]! + 1);
  return contiguous && list.length > 2
    ? said('allocations.days.run', { from: day(list[0]!), to: day(list[list.length - 1]!) })
    : saidList(list.map(day), 'allocations.days.separator');
}

export interface RowNames {
  venue: ReadonlyMap<string, string>;
  program: ReadonlyMap<string, string>;
}

/**
 * "Venue · Program · Mon–Fri 18:00–23:00" (`allocations.labels.row`): the parts are split on " · "
 * where they are shown apart. An id without a name is said as "Venue" or "Program".
 */
export function describeRow(row: GridRow, names: RowNames): Said {
  const { venue_id, program_id, days_of_week, start_time, end_time } = row.meta;
  return said('allocations.labels.row', {
    venue: names.venue.get(venue_id ?? '') ?? said('allocations.venue'),
    program: names.program.get(program_id ?? '') ?? said('allocations.program'),
    days: days(days_of_week),
    start: start_time ?? '',
    end: end_time ?? '',
  });
}

/** The row's state in one or a few words. */
export function rowStatusLabel(row: GridRow): Said {
  if (row.status === 'ended') return said('allocations.status.ended');
  if (row.inconsistent) return said('allocations.labels.inconsistent');
  return Object.values(row.cells).some((c) => c.status === 'assigned')
    ? said('allocations.status.assigned')
    : said('allocations.status.unassigned');
}

/** "entity <id>": an entity a reason names, until the grid puts its name in (`nameEntities`). */
export const entityRef = (id: string): Said => said('allocations.labels.entity', { id });

/** A reason with each entity the grid knows (said as "entity <id>") said by its name instead. */
export function nameEntities(r: Said, entityName: ReadonlyMap<string, string>): Said {
  return mapSaid(r, (inner) => {
    const id = inner.key === 'allocations.labels.entity' ? inner.values?.id : undefined;
    if (typeof id !== 'string') return inner;
    return entityName.get(id) ?? entityName.get(id.toLowerCase()) ?? inner;
  });
}
