'use client';

import { createColumnHelper } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';

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

/** The table's columns, their headers and labels in the console's language. */
function useColumns() {
  const t = useTranslations('delegates.table');
  return useMemo(
    () =>
      column.columns([
        column.accessor(
          'name',
          nameLinkColumn(t('name'), (id) => `/delegates/${id}`),
        ),
        column.accessor('clientId', {
          header: t('clientId'),
          enableSorting: false,
          cell: (info) => <span className="font-mono text-xs">{info.getValue()}</span>,
        }),
        column.accessor('entityCount', { header: t('entities'), cell: countCell }),
        column.accessor('status', {
          header: t('status'),
          cell: (info) =>
            info.getValue() === 'active' ? (
              <Badge tone="success">{t('active')}</Badge>
            ) : (
              <Badge tone="danger">{t('suspended', { source: info.row.original.suspensionSource ?? 'none' })}</Badge>
            ),
        }),
      ]),
    [t],
  );
}

/** The current page of delegates, with a search that narrows it without another API call. */
export function DelegateTable({ delegates }: { delegates: DelegateRow[] }) {
  const t = useTranslations('delegates.table');
  const columns = useColumns();
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const shown = q ? delegates.filter((d) => `${d.name} ${d.clientId} ${d.id}`.toLowerCase().includes(q)) : delegates;
  return (
    <RecordTable
      paged
      label={t('label')}
      columns={columns}
      rows={shown}
      rowTestId={() => 'delegate-row'}
      testId="delegate-table"
      visibilityKey="delegates.columns"
      empty={delegates.length === 0 ? t('empty') : t('noMatch', { query })}
      toolbar={
        <label className="block w-full max-w-xs text-xs font-medium text-slate-600">
          {t('search')}
          <Input
            type="search"
            data-shortcut="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('searchPlaceholder')}
            className="mt-1 py-1.5"
          />
        </label>
      }
    />
  );
}
