'use client';

import { createColumnHelper } from '@tanstack/react-table';

import type { DataTableFeatures } from '@/components/ui/data-table';
import { countCell, nameLinkColumn } from '@/components/ui/data-table-columns';
import { RecordTable } from '@/components/ui/record-table';

export interface VenueRow {
  id: string;
  name: string;
  market: string | null;
  address: string | null;
  seatingAreas: number;
}

const column = createColumnHelper<DataTableFeatures, VenueRow>();
const columns = column.columns([
  column.accessor(
    'name',
    nameLinkColumn('Venue', (id) => `/venues/${id}`),
  ),
  column.accessor('market', { header: 'Market', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('address', {
    header: 'Address',
    enableSorting: false,
    cell: (info) => info.getValue() ?? <span className="text-slate-500">no address</span>,
  }),
  column.accessor('seatingAreas', { header: 'Seating areas', cell: countCell }),
]);

export function VenueTable({ venues }: { venues: VenueRow[] }) {
  return (
    <RecordTable
      paged
      label="Venues"
      columns={columns}
      rows={venues}
      testId="venue-table"
      visibilityKey="venues.columns"
      empty="No venues."
    />
  );
}
