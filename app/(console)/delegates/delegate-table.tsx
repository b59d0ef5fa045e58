'use client';

import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';

import { Badge } from '@/components/ui/badge';
import type { DataTableFeatures } from '@/components/ui/data-table';
import { countCell, nameLinkColumn } from '@/components/ui/data-table-columns';
import { Input } from '@/components/ui/input';
import { RecordTable } from '@/components/ui/record-table';

interface DelegateRow {
  id: string;
  name: string;
  clientId: string;
  status: 'active' | 'suspended';
  suspensionSource: 'self' | 'parent' | null;
  entityCount: number;
}

const column = createColumnHelper<DataTableFeatures, DelegateRow>();
const columns = column.columns([
  column.accessor(
    'name',
    nameLinkColumn('Name', (id) => `/delegates/${id}`),
  ),
  column.accessor('clientId', {
    header: 'Client id',
    enableSorting: false,
    cell: (info) => <span className="font-mono text-xs">{info.getValue()}</span>,
  }),
  column.accessor('entityCount', { header: 'Entities', cell: countCell }),
  column.accessor('status', {
    header: 'Status',
    cell: (info) =>
      info.getValue() === 'active' ? (
        <Badge tone="success">active</Badge>
      ) : (
        <Badge tone="danger">
          suspended{info.row.original.suspensionSource ? ` (${info.row.original.suspensionSource})` : ''}
        </Badge>
      ),
  }),
]);

/** The current page of delegates, with a search that narrows it without another API call. */
export function DelegateTable({ delegates }: { delegates: DelegateRow[] }) {
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const shown = q ? delegates.filter((d) => `${d.name} ${d.clientId} ${d.id}`.toLowerCase().includes(q)) : delegates;
  return (
    <RecordTable
      paged
      label="Delegates"
      columns={columns}
      rows={shown}
      rowTestId={() => 'delegate-row'}
      testId="delegate-table"
      visibilityKey="delegates.columns"
      empty={
        delegates.length === 0 ? 'This partner manages no delegates.' : `No delegate on this page matches “${query}”.`
      }
      toolbar={
        <label className="block w-full max-w-xs text-xs font-medium text-slate-600">
          Search this page
          <Input
            type="search"
            data-shortcut="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Name or client id"
            className="mt-1 py-1.5"
          />
        </label>
      }
    />
  );
}
