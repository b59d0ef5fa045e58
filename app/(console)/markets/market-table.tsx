'use client';

import { createColumnHelper } from '@tanstack/react-table';

import type { DataTableFeatures } from '@/components/ui/data-table';
import { RecordTable } from '@/components/ui/record-table';

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
    <RecordTable paged label="Markets" columns={columns} rows={markets} testId="market-list" empty="No markets." />
  );
}
