'use client';

import { createColumnHelper } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';

import { Badge } from '@/components/ui/badge';
import { DataTable, type DataTableFeatures } from '@/components/ui/data-table';
import { momentColumn } from '@/components/ui/data-table-columns';
import { Link } from '@/components/ui/link';
import { ShownId } from '@/components/ui/named-id';
import { UUID_RE } from '@/lib/guestbook/ids';

import type { ShownChange } from './change-words';

export interface ActivityRow {
  id: string;
  /** when, already formatted in the staff member's locale and time zone, the zone named */
  when: string;
  at: string;
  staffEmail: string;
  /** what was done: the action as recorded, and in the member's words */
  action: string;
  actionText: string;
  /** what it was done to: named, with its page and its own history when it has them */
  record: { id: string | null; label: string; href: string | null; history: string | null } | null;
  /** "in <entity>": the entity the change was made in, when that is not the record itself */
  inEntity: string | null;
  /** the fields the row changed, named, before and after in words */
  changes: ShownChange[];
  /** the before and after as recorded (JSON), for whoever needs the exact values */
  recorded: string | null;
  result: 'ok' | 'refused' | 'failed';
  message: string | null;
  /** the attempts this row stands for (refused sign-ins from one address are folded), and the last one's time */
  repeats: number;
  lastWhen: string | null;
}

const RESULT_TONE = { ok: 'success', refused: 'warning', failed: 'danger' } as const;

const WEB_ADDRESS = /^https?:\/\//;

const column = createColumnHelper<DataTableFeatures, ActivityRow>();

/** The log's columns, headed in the member's language. */
const columnsOf = (t: ReturnType<typeof useTranslations<'activity'>>, zone: string) => {
  /**
   * A changed value in words; null (recorded as nothing) named in the member's language, an id
   * folded, a web address (an image's) a link named in words.
   */
  const valueText = (v: string | null, address?: true) =>
    v === null ? (
      t('changes.none')
    ) : address && WEB_ADDRESS.test(v) ? (
      <a href={v} target="_blank" rel="noopener noreferrer" className="text-brand-700 hover:underline">
        {t('value.viewImage')}
      </a>
    ) : UUID_RE.test(v) ? (
      <ShownId id={v} />
    ) : (
      v
    );
  return column.columns([
    column.accessor('when', momentColumn(t('columns.when', { zone }))),
    column.accessor('staffEmail', { header: t('columns.who'), enableSorting: false }),
    column.accessor('actionText', { header: t('columns.action'), enableSorting: false }),
    column.accessor('record', {
      header: t('columns.resource'),
      enableSorting: false,
      cell: (info) => {
        const r = info.row.original;
        return (
          <div className="max-w-xs min-w-0 text-xs wrap-anywhere text-slate-600">
            {r.record ? (
              <span
                className="flex flex-wrap gap-x-2"
                data-testid="activity-record"
                data-record={r.record.id ?? undefined}
              >
                {r.record.href ? (
                  <Link href={r.record.href} className="font-medium text-brand-700 hover:underline">
                    {r.record.label}
                  </Link>
                ) : (
                  <span>{r.record.label}</span>
                )}
                {r.record.history && <Link href={r.record.history}>{t('history.link')}</Link>}
              </span>
            ) : (
              '—'
            )}
            {r.inEntity && <div>{r.inEntity}</div>}
            {r.changes.length > 0 && (
              <dl className="mt-1 space-y-0.5" data-testid="activity-changes">
                {r.changes.map((c) => (
                  <div key={c.field} className="flex flex-wrap gap-x-1">
                    <dt className="font-medium text-slate-700" data-field={c.field}>
                      {c.label}
                      {c.ref ? (
                        <>
                          {' '}
                          {/* the colon in its summary, beside "Show id", the id open or not */}
                          <ShownId id={c.ref} after=":" />
                        </>
                      ) : (
                        ':'
                      )}
                    </dt>
                    <dd data-testid={c.quoted ? 'activity-quoted' : undefined}>
                      {c.before === '—' ? (
                        // recorded on one side only (an export's filters, a new member): the value alone
                        <span>{valueText(c.after, c.address)}</span>
                      ) : c.after === '—' ? (
                        <span>{valueText(c.before, c.address)}</span>
                      ) : (
                        <>
                          <del className="text-rose-700 decoration-rose-400">{valueText(c.before, c.address)}</del>
                          <span aria-hidden="true"> → </span>
                          <span className="sr-only"> {t('changedTo')} </span>
                          <ins className="text-emerald-700 no-underline">{valueText(c.after, c.address)}</ins>
                        </>
                      )}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
            {r.recorded && (
              <details className="mt-1">
                <summary className="cursor-pointer text-brand-700">{t('recorded')}</summary>
                <pre className="mt-1 max-w-full overflow-x-auto rounded bg-slate-50 p-2 text-[11px] sm:max-w-md">
                  {r.recorded}
                </pre>
              </details>
            )}
          </div>
        );
      },
    }),
    column.accessor('result', {
      header: t('columns.result'),
      enableSorting: false,
      cell: (info) => (
        <>
          <Badge tone={RESULT_TONE[info.getValue()]}>{t(`result.${info.getValue()}`)}</Badge>
          {info.row.original.message && (
            <div className="mt-1 max-w-xs text-xs text-slate-600" data-testid="activity-message">
              {info.row.original.message}
            </div>
          )}
          {info.row.original.repeats > 1 && (
            <div
              className="mt-1 max-w-xs text-xs font-medium text-slate-700"
              data-testid="activity-repeats"
              data-repeats={info.row.original.repeats}
            >
              {t('repeated', { count: info.row.original.repeats, last: info.row.original.lastWhen ?? '' })}
            </div>
          )}
        </>
      ),
    }),
  ]);
};

/** The audit log, newest first (the order the database reads it in). */
/** `zone`: the member's time zone, the one every time is written in. */
export function ActivityTable({ rows, zone, empty }: { rows: ActivityRow[]; zone: string; empty?: string }) {
  const t = useTranslations('activity');
  const columns = useMemo(() => columnsOf(t, zone), [t, zone]);
  return (
    <DataTable
      label={t('tableLabel')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      rowTestId={() => 'activity-row'}
      testId="activity-table"
      visibilityKey="activity.columns"
      stacked
      empty={<span data-testid="activity-empty">{empty ?? t('empty')}</span>}
    />
  );
}
