'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';

import { ConfirmDialog } from '@/components/ui/alert-dialog';
import { announceBulk, BulkTargets, runBulk, type BulkOutcome } from '@/components/ui/bulk-run';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { cancelReservationAction } from '@/lib/actions/reservations';
import { isFinalStatus } from '@/lib/guestbook/reservation-statuses';
import { invalidateAfterReservationChange } from '@/lib/queries/invalidate';
import { fetchReservationSearchPage } from '@/lib/queries/reads';
import type { ReservationRow } from '@/lib/reservations/search-page';

/**
 * Cancels the selected reservations, one after another, after one confirmation that names how
 * many and which guests are e-mailed. Each goes through the same guarded action as a single
 * cancel (its own audit row, within the member's share of the request budget), with progress;
 * at the end every row is reported: canceled, refused with the API's reason, or not tried.
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
  const router = useRouter();
  const queryClient = useQueryClient();
  const [done, setDone] = useState(0);
  const count = rows.length;
  const mailed = rows.map((r) => r.guestEmail).filter((e): e is string => e !== null);

  const run = async () => {
    setDone(0);
    const report = await runBulk(
      rows,
      (r) => r.guestName,
      (r) => cancelReservationAction({ id: r.id }),
      setDone,
    );
    void invalidateAfterReservationChange(queryClient, context);
    router.refresh();
    announceBulk(report, 'canceled', count === 1 ? 'reservation' : 'reservations');
    onSettled(report);
  };

  return (
    <ConfirmDialog
      trigger={
        <Button variant="danger" data-testid="bulk-cancel">
          Cancel {count} {count === 1 ? 'reservation' : 'reservations'}…
        </Button>
      }
      title={`Cancel ${count} ${count === 1 ? 'reservation' : 'reservations'}?`}
      description={
        <span className="block space-y-2" data-testid="bulk-cancel-confirmation">
          <span className="block">
            The API cancels each one, and {mailed.length === count ? 'each guest' : `${mailed.length} guests`} is sent a
            cancellation e-mail in the reservation’s language:
          </span>
          <BulkTargets items={mailed} done={done} total={count} verb="Canceled" />
        </span>
      }
      confirmLabel={`Yes, cancel ${count}`}
      cancelLabel="Keep them"
      onConfirm={run}
    />
  );
}

/** The most rows one bulk action takes on: more is a search to narrow first. */
export const BULK_MAX_ROWS = 500;

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
        setState({ query, rows: null, reading: false, error: (e as Error).message });
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
  return (
    <Notice tone="info" data-testid="select-all-matching" className="mt-3">
      {state.rows ? (
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>
            All {totalItems} reservations matching this search are selected
            {state.rows.length < totalItems ? ` (${state.rows.length} of them can still be canceled)` : ''}.
          </span>
          <Button variant="link" size="none" onClick={onClear}>
            Clear the selection
          </Button>
        </span>
      ) : (
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span>All {onPage} on this page are selected.</span>
          {totalItems > BULK_MAX_ROWS ? (
            <span>
              This search matches {totalItems}; a bulk action takes at most {BULK_MAX_ROWS}. Narrow the search to select
              them all.
            </span>
          ) : (
            <Button variant="link" size="none" onClick={state.read} disabled={state.reading}>
              {state.reading
                ? `Reading the ${totalItems} reservations…`
                : `Select all ${totalItems} matching this search`}
            </Button>
          )}
          {state.error && <span className="text-rose-700">They could not be read: {state.error}</span>}
        </span>
      )}
    </Notice>
  );
}
