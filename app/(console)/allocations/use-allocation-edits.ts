'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useMemo, useReducer, useTransition } from 'react';

import { refreshAfterSave } from '@/components/live/live-follow';
import { notify } from '@/components/ui/toast';
import { applyAllocationAction, restoreAllocationAction } from '@/lib/actions/allocations';
import { applyEdit, diff, moveSeats, validateEdit, type Change, type GridRow } from '@/lib/allocation';
import type { Said } from '@/lib/i18n/said';
import { invalidateAfterAllocationChange } from '@/lib/queries/invalidate';
import type { ApplyOutcome } from '@/lib/server/allocations';

import { createEditsReducer, initialEditsState, rowsWithEditsElsewhere, type AllocationsT } from './edits-reducer';

type ReadBefore = Extract<ApplyOutcome, { status: 'failed' }>['readBefore'];

const toPayload = (cs: Change[]) =>
  cs.map(({ commitmentId, entityId, before, after }) => ({ commitmentId, entityId, before, after }));

/**
 * The grid's pending edits and what is done with them: edit a cell or move seats (refused with
 * the reason, named), review the changes, apply them, retry the rest, restore, discard.
 */
export function useAllocationEdits(
  rows: GridRow[],
  words: {
    describeRow: (row: GridRow) => string;
    nameOf: (id: string) => string;
    /** a refusal of the grid's rules in words, its entities named */
    say: (reason: Said) => string;
  },
  /** told the changes an apply made, to show them until the rows are read again */
  onApplied: (changes: Change[]) => void,
) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const t = useTranslations('allocations');
  const reducer = useMemo(() => createEditsReducer(t), [t]);
  const [state, dispatch] = useReducer(reducer, initialEditsState);
  const [pending, startTransition] = useTransition();
  const { edits } = state;

  const allRows = useMemo(() => {
    const away = rowsWithEditsElsewhere(state, rows);
    return away.length ? [...rows, ...away] : rows;
  }, [rows, state]);
  const changes = useMemo(() => diff(allRows, edits), [allRows, edits]);
  const rowOf = (commitmentId: string) => allRows.find((r) => r.commitmentId === commitmentId);

  const refuse = (row: GridRow, reason: string) =>
    dispatch({ type: 'refuse', text: t('grid.refusal', { row: words.describeRow(row), reason }) });

  /** Moves seats within a row; false (and a notice saying why) when the rules refuse. */
  function move(row: GridRow, from: string, to: string, count: number): boolean {
    const result = moveSeats(row, edits, from, to, count);
    if (!result.ok) {
      refuse(row, words.say(result.reason));
      return false;
    }
    dispatch({ type: 'edit', row, edits: result.edits });
    return true;
  }

  function setCell(row: GridRow, entityId: string, value: string) {
    const seats = Number(value);
    if (value.trim() === '' || !Number.isFinite(seats))
      return refuse(row, t('grid.enterNumber', { entity: words.nameOf(entityId) }));
    const verdict = validateEdit(row, entityId, seats, edits);
    if (!verdict.ok)
      return refuse(row, t('grid.cellRefusal', { entity: words.nameOf(entityId), reason: words.say(verdict.reason) }));
    dispatch({ type: 'edit', row, edits: applyEdit([row], edits, row.commitmentId, entityId, seats) });
  }

  function apply(resume = false) {
    const cs = resume ? state.lastChanges : changes;
    dispatch({ type: 'apply', changes: cs });
    startTransition(async () => {
      const result = await applyAllocationAction({ changes: toPayload(cs), resume });
      void invalidateAfterAllocationChange(queryClient);
      dispatch({ type: 'applied', result, changes: cs });
      announceApply(t, result);
      // Answered as soon as the API holds the change: the grid shows it at once, and reads its rows
      // again behind it (a conflict sent nothing; the member reloads from its notice).
      if (!result.ok || result.data.status === 'conflict') return;
      if (result.data.status === 'applied') onApplied(cs);
      refreshAfterSave(router);
    });
  }

  /** Settles when the restore has been answered, so a confirmation can stay busy until then. */
  function restore(sets: ReadBefore): Promise<void> {
    return new Promise((settled) =>
      startTransition(async () => {
        try {
          const result = await restoreAllocationAction({ sets });
          void invalidateAfterAllocationChange(queryClient);
          dispatch({ type: 'restored', result });
          announceApply(t, result, t('toast.restored'));
        } finally {
          settled();
        }
      }),
    );
  }

  const discard = () => dispatch({ type: 'discard' });
  const reload = () => {
    dispatch({ type: 'discard' });
    // In a transition, so the button pressed shows it is reloading until the grid's rows arrive.
    startTransition(() => router.refresh());
  };

  return { ...state, changes, pending, rowOf, move, setCell, apply, restore, discard, reload };
}

/** How an apply or a restore ended, as every write ends: done, stopped part-way, or refused. */
function announceApply(
  t: AllocationsT,
  result: Awaited<ReturnType<typeof applyAllocationAction>>,
  done?: string,
): void {
  if (!result.ok) return notify(result.error, 'error');
  const outcome = result.data;
  if (outcome.status === 'applied') return notify(done ?? t('toast.applied', { count: outcome.changed }));
  if (outcome.status === 'conflict') return notify(t('toast.conflict'), 'error');
  notify(t('toast.partial', { message: outcome.message }), 'warning');
}
