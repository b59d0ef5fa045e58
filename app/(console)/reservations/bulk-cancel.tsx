'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';

import { useJobRun } from '@/components/shell/bulk-jobs';
import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { announceBulk, BulkTargets, type BulkOutcome } from '@/components/ui/bulk-run';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { notify } from '@/components/ui/toast';
import { startBulkCancelAction } from '@/lib/actions/bulk-jobs';
import { isFinalStatus } from '@/lib/guestbook/reservation-statuses';
import { readFailureText } from '@/lib/queries/get-json';
import { invalidateAfterReservationChange } from '@/lib/queries/invalidate';
import { fetchReservationSearchPage } from '@/lib/queries/reads';
import { BULK_MAX_ROWS } from '@/lib/reservations/bulk';
import type { ReservationRow } from '@/lib/reservations/search-page';

/**
 * Cancels the selected reservations after one confirmation that names how many and which guests
 * are e-mailed: a job on the server (lib/server/bulk-jobs) that goes on if the tab closes, each
 * row through the same guard as a single cancel (its own audit row, within the member's share of
 * the request budget). The dialog follows its progress; at the end every row is reported:
 * canceled, refused with Guest Book's reason, or not tried. Left before then, the header shows
 * its outcome (components/shell/bulk-jobs.tsx).
 */
export function BulkCancel({
  rows,
  context,
  onSettled,
}: {
  rows: ReservationRow[];
  context: string;
  /** the rows to keep selected afterwards (those not canceled), and the report */
  onSettled: (report: BulkOutcome[]) => void;
}) {
  const t = useTranslations('reservations.bulk');
  const tBulk = useTranslations('ui.bulk');
  const router = useRouter();
  const queryClient = useQueryClient();
  const runJob = useJobRun();
  const [done, setDone] = useState(0);
  const count = rows.length;
  const mailed = rows.map((r) => r.guestEmail).filter((e): e is string => e !== null);

  const run = async () => {
    setDone(0);
    let refused = false;
    const report = await runJob(
      () => startBulkCancelAction({ rows: rows.map((r) => ({ id: r.id, name: r.guestName || r.id })) }),
      setDone,
      (error: string) => {
        refused = true;
        notify(error, 'error');
      },
    );
    // Refused at the start: the dialog stays, nothing changed.
    if (refused) return false;
    void invalidateAfterReservationChange(queryClient, context);
    router.refresh();
    if (!report) return;
    announceBulk(report, 'cancel');
    onSettled(report);
  };

  return (
    <ConfirmDialog
      trigger={
        <Button variant="danger" data-testid="bulk-cancel">
          {t('trigger', { count })}
        </Button>
      }
      title={t('title', { count })}
      description={
        <span className="block space-y-2" data-testid="bulk-cancel-confirmation">
          <span className="block">
            {t('mailed', { all: mailed.length === count ? 'yes' : 'no', mailed: mailed.length })}
          </span>
          <BulkTargets items={mailed} done={done} total={count} kind="cancel" />
          <span className="block text-slate-600">{tBulk('goesOn')}</span>
        </span>
      }
      confirmLabel={t('confirm', { count })}
      cancelLabel={t('keep')}
      onConfirm={run}
    />
  );
}

/** The most rows one bulk action takes on (held on the server too: lib/reservations/bulk.ts). */
export { BULK_MAX_ROWS };

/** Every row of the search, read a page of 100 at a time, for "select all matching". */
export interface AllMatching {
  /** the rows that can be canceled, once read; null until then */
  rows: ReservationRow[] | null;
  reading: boolean;
  error: string | null;
  read: () => void;
  clear: () => void;
}

export function useAllMatching(query: string): AllMatching {
  const tAll = useTranslations();
  const [state, setState] = useState<{
    query: string;
    rows: ReservationRow[] | null;
    reading: boolean;
    error: string | null;
  }>({ query, rows: null, reading: false, error: null });
  // A selection belongs to its search: another search starts without one.
  const current = state.query === query ? state : { query, rows: null, reading: false, error: null };
  const read = () => {
    setState({ query, rows: null, reading: true, error: null });
    void (async () => {
      const rows: ReservationRow[] = [];
      try {
        for (let page = 1; ; page++) {
          const next = await fetchReservationSearchPage({ query, page, limit: 100 });
          rows.push(...next.rows);
          if (page >= next.totalPages || next.rows.length === 0) break;
        }
        setState({ query, rows: rows.filter((r) => !isFinalStatus(r.status)), reading: false, error: null });
      } catch (e) {
        setState({ query, rows: null, reading: false, error: readFailureText(e, tAll) });
      }
    })();
  };
  return { ...current, read, clear: () => setState({ query, rows: null, reading: false, error: null }) };
}

/** Under a page whose rows are all selected: the offer to select every row of the search, and then what is. */
export function SelectAllMatching({
  onPage,
  totalItems,
  state,
  onClear,
}: {
  onPage: number;
  totalItems: number;
  state: AllMatching;
  onClear: () => void;
}) {
  const t = useTranslations('reservations.bulk');
  return (
    <Notice tone="info" data-testid="select-all-matching" className="mt-3">
      {state.rows ? (
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>
            {state.rows.length < totalItems
              ? t('allSelectedSome', { total: totalItems, cancelable: state.rows.length })
              : t('allSelected', { total: totalItems })}
          </span>
          <Button variant="link" size="none" onClick={onClear}>
            {t('clearSelection')}
          </Button>
        </span>
      ) : (
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>{t('pageSelected', { count: onPage })}</span>
          {totalItems > BULK_MAX_ROWS ? (
            <span>{t('tooMany', { total: totalItems, max: BULK_MAX_ROWS })}</span>
          ) : (
            <Button variant="link" size="none" onClick={state.read} disabled={state.reading}>
              {state.reading ? t('reading', { total: totalItems }) : t('selectAll', { total: totalItems })}
            </Button>
          )}
          {state.error && <span className="text-rose-700">{t('readError', { error: state.error })}</span>}
        </span>
      )}
    </Notice>
  );
}
