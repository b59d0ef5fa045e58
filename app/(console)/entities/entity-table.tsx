'use client';

import { createColumnHelper } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';

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

/** The list's columns, headed in the member's language. */
const columnsOf = (t: ReturnType<typeof useTranslations<'entities'>>) =>
  column.columns([
    column.accessor(
      'name',
      nameLinkColumn(t('columns.entity'), (id) => `/entities/${id}`),
    ),
    column.accessor('orgId', {
      header: t('columns.organization'),
      enableSorting: false,
      cell: (info) => {
        const orgId = info.getValue();
        return orgId ? (
          <Badge tone="success" title={orgId} wraps>
            {t('table.orgBound')}
          </Badge>
        ) : (
          <Badge tone="warning" title={t('table.notProvisionedHint')} wraps>
            {t('table.notProvisioned')}
          </Badge>
        );
      },
    }),
    column.accessor('defaultProgram', { header: t('columns.defaultProgram'), cell: (info) => info.getValue() ?? '—' }),
    column.accessor('defaultLocale', { header: t('columns.defaultLocale') }),
    column.accessor('programs', { header: t('columns.programs'), cell: countCell }),
  ]);

export function EntityTable({ entities }: { entities: EntityRow[] }) {
  const t = useTranslations('entities');
  const columns = useMemo(() => columnsOf(t), [t]);
  return (
    <RecordTable
      label={t('table.label')}
      columns={columns}
      rows={entities}
      rowTestId={() => 'entity-row'}
      testId="entity-table"
      visibilityKey="entities.columns"
      empty={t('table.empty')}
    />
  );
}
