'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

import type { BulkRowOutcome } from '@/lib/bulk-jobs/view';

import { Button } from './button';
import { Notice } from './notice';
import { notify } from './toast';

/** How one row of a bulk action ended: nothing is left unsaid. */
export type BulkOutcome = BulkRowOutcome;

/**
 * What a bulk run does, for its messages: each kind has whole sentences of its own in `ui.bulk`
 * (the thing and what was done to it agree in number, gender and case in many languages).
 * `cancel`: reservations canceled; `change`: team members whose role or access changed.
 */
export type BulkKind = 'cancel' | 'change';

/** Why a row was not done, in words. */
function useReasonOf() {
  const t = useTranslations('ui.bulk');
  return (o: Exclude<BulkOutcome, { result: 'done' }>) =>
    o.result === 'refused' ? o.reason : t('stopped', { at: o.stoppedAt, reason: o.reason });
}

/** The toast's text: rendered in the toast region, where the member's language is known. */
function BulkAnnouncement({ report, kind }: { report: BulkOutcome[]; kind: BulkKind }) {
  const t = useTranslations('ui.bulk');
  const reasonOf = useReasonOf();
  const count = report.filter((o) => o.result === 'done').length;
  const first = report.find((o) => o.result !== 'done');
  if (!first) return t(`${kind}.allDone`, { count });
  if (count === 0) return t(`${kind}.noneDone`, { name: first.name, reason: reasonOf(first) });
  return t(`${kind}.someDone`, { count, total: report.length });
}

/** The run's end as every write ends: a toast, done, done in part, or refused with the first reason. */
export function announceBulk(report: BulkOutcome[], kind: BulkKind): void {
  const count = report.filter((o) => o.result === 'done').length;
  const tone = count === report.length ? 'success' : count === 0 ? 'error' : 'warning';
  notify(<BulkAnnouncement report={report} kind={kind} />, tone);
}

/** What a bulk action did, row by row, until the member closes it. */
export function BulkReport({ report, kind, onClose }: { report: BulkOutcome[]; kind: BulkKind; onClose: () => void }) {
  const t = useTranslations('ui.bulk');
  const close = useTranslations('common');
  const reasonOf = useReasonOf();
  const count = report.filter((o) => o.result === 'done').length;
  const b = (chunks: ReactNode) => <span className="font-medium">{chunks}</span>;
  return (
    <Notice tone={count === report.length ? 'success' : 'warning'} data-testid="bulk-report">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="font-medium">{t(`${kind}.summary`, { count, total: report.length })}</p>
        <Button variant="secondary" size="sm" onClick={onClose}>
          {close('close')}
        </Button>
      </div>
      <ul className="mt-2 space-y-1 text-sm">
        {report.map((o) => (
          <li key={o.id} data-testid={`bulk-result-${o.id}`}>
            {o.result === 'done'
              ? t.rich(`${kind}.rowDone`, { b, name: o.name })
              : t.rich(o.result === 'refused' ? 'rowRefused' : 'rowNotTried', { b, name: o.name, reason: reasonOf(o) })}
          </li>
        ))}
      </ul>
    </Notice>
  );
}

/**
 * In a bulk action's confirmation: whom it reaches (the guests e-mailed, the members changed),
 * one a line in a box that scrolls, and how far the run has got once it started.
 */
export function BulkTargets({
  items,
  done,
  total,
  kind,
}: {
  items: string[];
  done: number;
  /** the rows the run takes on */
  total: number;
  kind: BulkKind;
}) {
  const t = useTranslations('ui.bulk');
  return (
    <>
      <span className="block max-h-40 overflow-y-auto rounded bg-slate-50 px-3 py-2 font-mono text-xs break-all">
        {items.map((item, i) => (
          <span key={`${i}:${item}`} className="block">
            {item}
          </span>
        ))}
      </span>
      {done > 0 && (
        <span role="status" className="block text-slate-600">
          {t(`${kind}.progress`, { done, total })}
        </span>
      )}
    </>
  );
}
