import type { RowData, SortingState } from '@tanstack/react-table';

/** A DataTable column as far as sorting in the browser needs it: its id, or the key it reads. */
type SortableColumn = { id?: string; accessorKey?: unknown };

export type SortRows = <Row extends RowData>(rows: Row[], columns: readonly object[], sorting: SortingState) => Row[];

/** Sorts the rows of one page by a column's value (numbers as numbers, the rest as text). */
export const sortRows: SortRows = <Row extends RowData>(
  rows: Row[],
  columns: readonly object[],
  sorting: SortingState,
): Row[] => {
  const [by] = sorting;
  if (!by) return rows;
  const column = (columns as SortableColumn[]).find(
    (c) => (c.id ?? (c.accessorKey !== undefined ? String(c.accessorKey) : undefined)) === by.id,
  );
  if (column?.accessorKey === undefined) return rows;
  const key = column.accessorKey as keyof Row;
  const sorted = [...rows].sort((a, b) => {
    const x = a[key];
    const y = b[key];
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x ?? '').localeCompare(String(y ?? ''));
  });
  return by.desc ? sorted.reverse() : sorted;
};
