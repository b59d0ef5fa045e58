'use client';

import { createColumnHelper } from '@tanstack/react-table';

import { Badge } from '@/components/ui/badge';
import type { DataTableFeatures } from '@/components/ui/data-table';
import { countCell, nameLinkColumn } from '@/components/ui/data-table-columns';
import { RecordTable } from '@/components/ui/record-table';

export interface EntityRow {
  id: string;
  name: string;
  orgId: string | null;
  defaultProgram: string | null;
  defaultLocale: string;
  programs: number;
}

const column = createColumnHelper<DataTableFeatures, EntityRow>();
const columns = column.columns([
  column.accessor(
    'name',
    nameLinkColumn('Entity', (id) => `/entities/${id}`),
  ),
  column.accessor('orgId', {
    header: 'Organization',
    enableSorting: false,
    cell: (info) => {
      const orgId = info.getValue();
      return orgId ? (
        <Badge tone="success" title={orgId}>
          org-bound
        </Badge>
      ) : (
        <Badge tone="warning" title="org_id is null: requests use the deprecated X-Entity-Id header">
          not yet provisioned
        </Badge>
      );
    },
  }),
  column.accessor('defaultProgram', { header: 'Default program', cell: (info) => info.getValue() ?? '—' }),
  column.accessor('defaultLocale', { header: 'Default locale' }),
  column.accessor('programs', { header: 'Programs', cell: countCell }),
]);

export function EntityTable({ entities }: { entities: EntityRow[] }) {
  return (
    <RecordTable
      label="Entities"
      columns={columns}
      rows={entities}
      rowTestId={() => 'entity-row'}
      testId="entity-table"
      visibilityKey="entities.columns"
      empty="No entities are assigned to these credentials."
    />
  );
}
