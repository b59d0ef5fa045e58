'use client';

import { createColumnHelper } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';

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

export function VenueTable({ venues }: { venues: VenueRow[] }) {
  const t = useTranslations('venues');
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor(
          'name',
          nameLinkColumn(t('columns.venue'), (id) => `/venues/${id}`),
        ),
        column.accessor('market', { header: t('columns.market'), cell: (info) => info.getValue() ?? '—' }),
        column.accessor('address', {
          header: t('columns.address'),
          enableSorting: false,
          cell: (info) => info.getValue() ?? <span className="text-slate-500">{t('noAddress')}</span>,
        }),
        column.accessor('seatingAreas', { header: t('columns.seatingAreas'), cell: countCell }),
      ]),
    [t],
  );
  return (
    <RecordTable
      paged
      label={t('tableLabel')}
      columns={columns}
      rows={venues}
      testId="venue-table"
      visibilityKey="venues.columns"
      empty={t('empty')}
    />
  );
}
