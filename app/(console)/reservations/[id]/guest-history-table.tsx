'use client';

import { createColumnHelper } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';

import { Badge } from '@/components/ui/badge';
import type { DataTableFeatures } from '@/components/ui/data-table';
import { Link } from '@/components/ui/link';
import { RecordTable } from '@/components/ui/record-table';
import type { HistoryRow } from '@/lib/guests/view';

import { StatusBadge } from '../status-badge';

const column = createColumnHelper<DataTableFeatures, HistoryRow>();

/** A guest's reservations with the partner, newest first; the reservation in view is marked. */
export function GuestHistoryTable({ rows, current }: { rows: HistoryRow[]; current: string }) {
  const t = useTranslations('guests');
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('date', {
          header: t('columns.date'),
          enableHiding: false,
          cell: ({ row: { original: r } }) =>
            r.id === current ? (
              <span className="font-medium text-slate-900">
                {r.dateLabel} <Badge tone="neutral">{t('card.thisOne')}</Badge>
              </span>
            ) : (
              <Link href={`/reservations/${r.id}`} className="font-medium text-brand-700 hover:underline">
                {r.dateLabel}
              </Link>
            ),
        }),
        column.accessor('timeLabel', { header: t('columns.time'), enableSorting: false }),
        column.accessor('partySize', {
          header: t('columns.party'),
          cell: (info) => <span className="tabular-nums">{info.getValue() ?? '—'}</span>,
        }),
        column.accessor('status', {
          header: t('columns.status'),
          cell: (info) => <StatusBadge status={info.getValue()} />,
        }),
        column.accessor((r) => r.venueName ?? r.entityName ?? '—', { id: 'place', header: t('columns.place') }),
        column.accessor((r) => r.tags.join(', '), { id: 'tags', header: t('columns.tags'), enableSorting: false }),
      ]),
    [t, current],
  );
  return (
    <RecordTable
      label={t('card.tableLabel')}
      columns={columns}
      rows={rows}
      rowTestId={(r) => `guest-history-${r.id}`}
      testId="guest-history"
      empty={t('card.empty')}
    />
  );
}
