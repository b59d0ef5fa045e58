'use client';

import type { RowData } from '@tanstack/react-table';

import { DataTable, type DataTableProps } from './data-table';
import { sortRows } from './sort-rows';

/**
 * A list the API gives whole, one row per record: rows are keyed by the record's id and sorted in
 * the browser (the API does not sort these lists). Kept apart from DataTable so that tables the API
 * sorts, like the reservation search, do not carry the browser's sorting code. On a phone each
 * record is a block of its labelled details (DataTable's `stacked`): these lists are short, and a
 * record is read whole, not compared across.
 */
export function RecordTable<Row extends RowData & { id: string }>(
  props: Omit<DataTableProps<Row>, 'rowKey' | 'sortInBrowser' | 'sort'>,
) {
  return <DataTable stacked {...props} rowKey={(row) => row.id} sortInBrowser={sortRows} />;
}
