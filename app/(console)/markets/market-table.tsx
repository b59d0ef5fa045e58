'use client';

import { createColumnHelper } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';

import type { DataTableFeatures } from '@/components/ui/data-table';
import { ShownId } from '@/components/ui/named-id';
import { RecordTable } from '@/components/ui/record-table';

export interface MarketRow {
  id: string;
  name: string;
}

const column = createColumnHelper<DataTableFeatures, MarketRow>();

export function MarketTable({ markets }: { markets: MarketRow[] }) {
  const t = useTranslations('markets');
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('name', {
          header: t('columns.market'),
          enableHiding: false,
          cell: (info) => <span className="font-medium text-slate-900">{info.getValue()}</span>,
        }),
        column.accessor('id', {
          header: t('columns.id'),
          enableSorting: false,
          cell: (info) => <ShownId id={info.getValue()} />,
        }),
      ]),
    [t],
  );
  return (
    <RecordTable
      paged
      label={t('tableLabel')}
      columns={columns}
      rows={markets}
      testId="market-list"
      empty={t('empty')}
    />
  );
}
