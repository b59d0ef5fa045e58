'use client';

import { createColumnHelper } from '@tanstack/react-table';

import { DataTable, type DataTableFeatures } from '@/components/ui/data-table';
import { sortRows } from '@/components/ui/sort-rows';

export interface MarketRow {
  id: string;
  name: string;
}

const column = createColumnHelper<DataTableFeatures, MarketRow>();
const columns = column.columns([
  column.accessor('name', {
    header: 'Market',
    enableHiding: false,
    cell: (info) => <span className="font-medium text-slate-900">{info.getValue()}</span>,
  }),
  column.accessor('id', {
    header: 'Id',
    enableSorting: false,
    cell: (info) => <code className="font-mono text-xs text-slate-500 select-all">{info.getValue()}</code>,
  }),
]);

export function MarketTable({ markets }: { markets: MarketRow[] }) {
  return (
    <DataTable
      label="Markets"
      columns={columns}
      rows={markets}
      rowKey={(m) => m.id}
      testId="market-list"
      sortInBrowser={sortRows}
      empty="No markets."
    />
  );
}
