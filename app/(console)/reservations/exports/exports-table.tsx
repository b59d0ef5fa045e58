'use client';

import { createColumnHelper } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';

import { Badge } from '@/components/ui/badge';
import { DataTable, type DataTableFeatures } from '@/components/ui/data-table';
import { momentColumn } from '@/components/ui/data-table-columns';
import type { ExportFileState } from '@/lib/exports/view';

export interface ExportRow {
  id: string;
  at: string;
  /** when it was started, in the member's locale and zone */
  started: string;
  /** its search in the member's words */
  search: string;
  /** the reservations written ("1,204"), or so far of all ("300 of 1,204") */
  reservations: string;
  state: ExportFileState;
  stateText: string;
  /** until when its file is kept, or why it stopped */
  detail: string | null;
}

const TONE = { preparing: 'info', ready: 'success', stopped: 'warning' } as const;

const column = createColumnHelper<DataTableFeatures, ExportRow>();

/** The member's exports: when, which search, how many, how far, and the file to download once ready. */
export function ExportsTable({ rows }: { rows: ExportRow[] }) {
  const t = useTranslations('reservations.exports');
  const columns = useMemo(
    () =>
      column.columns([
        column.accessor('started', momentColumn(t('columns.started'))),
        column.accessor('search', { header: t('columns.search'), enableSorting: false }),
        column.accessor('reservations', {
          header: t('columns.reservations'),
          enableSorting: false,
          cell: (info) => (
            <span className="tabular-nums" data-testid="export-reservations">
              {info.getValue()}
            </span>
          ),
        }),
        column.accessor('stateText', {
          header: t('columns.state'),
          enableSorting: false,
          cell: (info) => (
            <span className="flex flex-col items-start gap-1">
              <span data-testid="export-state">
                <Badge tone={TONE[info.row.original.state]}>{info.getValue()}</Badge>
              </span>
              {info.row.original.detail && (
                <span className="text-xs text-slate-600" data-testid="export-detail">
                  {info.row.original.detail}
                </span>
              )}
            </span>
          ),
        }),
        column.display({
          id: 'file',
          header: t('columns.file'),
          enableHiding: false,
          cell: (info) =>
            info.row.original.state === 'ready' ? (
              <a
                href={`/api/exports/${info.row.original.id}`}
                download
                className="font-medium text-brand-700 hover:underline"
              >
                {t('download')}
              </a>
            ) : null,
        }),
      ]),
    [t],
  );
  return (
    <DataTable
      label={t('tableLabel')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowTestId={() => 'export-row'}
      testId="exports-table"
      stacked
      empty={<span data-testid="exports-empty">{t('empty')}</span>}
    />
  );
}
