'use client';

import { Link } from '@/components/ui/link';
import { createColumnHelper } from '@tanstack/react-table';
import { sortRows } from '@/components/ui/sort-rows';
import { DataTable, type DataTableFeatures } from '@/components/ui/data-table';

export interface VenueRow {
  id: string;
  name: string;
  market: string | null;
  address: string | null;
  seatingAreas: number;
}

const column = createColumnHelper<DataTableFeatures, VenueRow>();
const columns = column.columns([
  column.accessor('name', {
    header: 'Venue',
    enableHiding: false,
    cell: (info) => (
      <Link href={`/venues/${info.row.original.id}`} className="font-medium text-brand-700 hover:underline">
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('market', { header: 'Market', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('address', { header: 'Address', enableSorting: false, cell: (info) => info.getValue() ?? <span className="text-slate-500">no address</span> }),
  column.accessor('seatingAreas', { header: 'Seating areas', cell: (info) => <span className="tabular-nums">{info.getValue()}</span> }),
]);

export function VenueTable({ venues }: { venues: VenueRow[] }) {
  return <DataTable label="Venues" columns={columns} rows={venues} rowKey={(v) => v.id} testId="venue-table" sortInBrowser={sortRows} visibilityKey="venues.columns" empty="No venues." />;
}
