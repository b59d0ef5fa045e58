'use client';

import { createColumnHelper } from '@tanstack/react-table';

import { Badge } from '@/components/ui/badge';
import { DataTable, type DataTableFeatures } from '@/components/ui/data-table';

export interface ActivityRow {
  id: string;
  /** when, already formatted in the staff member's locale (UTC) */
  when: string;
  at: string;
  staffEmail: string;
  action: string;
  resource: string | null;
  entityId: string | null;
  change: string | null;
  result: 'ok' | 'refused' | 'failed';
  message: string | null;
}

const RESULT_TONE = { ok: 'success', refused: 'warning', failed: 'danger' } as const;

const column = createColumnHelper<DataTableFeatures, ActivityRow>();
const columns = column.columns([
  column.accessor('when', {
    header: 'When (UTC)',
    enableHiding: false,
    enableSorting: false,
    cell: (info) => (
      <time dateTime={info.row.original.at} className="whitespace-nowrap text-slate-600">
        {info.getValue()}
      </time>
    ),
  }),
  column.accessor('staffEmail', { header: 'Who', enableSorting: false }),
  column.accessor('action', {
    header: 'Action',
    enableSorting: false,
    cell: (info) => <span className="font-mono text-xs">{info.getValue()}</span>,
  }),
  column.accessor('resource', {
    header: 'Resource',
    enableSorting: false,
    cell: (info) => {
      const r = info.row.original;
      return (
        <div className="max-w-xs text-xs break-all text-slate-600">
          {r.resource ?? '—'}
          {r.entityId && <div>entity {r.entityId}</div>}
          {r.change && (
            <details className="mt-1">
              <summary className="cursor-pointer text-brand-700">before / after</summary>
              <pre className="mt-1 max-w-md overflow-x-auto rounded bg-slate-50 p-2 text-[11px]">{r.change}</pre>
            </details>
          )}
        </div>
      );
    },
  }),
  column.accessor('result', {
    header: 'Result',
    enableSorting: false,
    cell: (info) => (
      <>
        <Badge tone={RESULT_TONE[info.getValue()]}>{info.getValue()}</Badge>
        {info.row.original.message && (
          <div className="mt-1 max-w-xs text-xs text-slate-600">{info.row.original.message}</div>
        )}
      </>
    ),
  }),
]);

/** The audit log, newest first (the order the database reads it in). */
export function ActivityTable({ rows }: { rows: ActivityRow[] }) {
  return (
    <DataTable
      label="Activity"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowTestId={() => 'activity-row'}
      testId="activity-table"
      visibilityKey="activity.columns"
      empty={<span data-testid="activity-empty">No activity matches these filters.</span>}
    />
  );
}
