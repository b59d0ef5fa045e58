/**
 * The grid's editing state as one pure reducer: pending edits (and the rows they were made on),
 * the notice above the grid, and the outcome of the last apply or restore.
 */
import type { useTranslations } from 'next-intl';

import type { ActionResult } from '@/lib/actions/result';
import type { Change, Edits, GridRow } from '@/lib/allocation';
import type { ApplyOutcome } from '@/lib/server/allocations';

export type Notice = { tone: 'ok' | 'error' | 'info'; text: string } | null;

export interface EditsState {
  edits: Edits;
  /**
   * The rows of pending edits as last read: a venue or program reads only its own rows, and edits
   * made at another one must still be reviewed and applied.
   */
  editedRows: Record<string, GridRow>;
  notice: Notice;
  outcome: ApplyOutcome | null;
  /** the changes of the last apply, which "retry the rest" sends again */
  lastChanges: Change[];
}

export type EditsAction =
  | { type: 'edit'; row: GridRow; edits: Edits }
  | { type: 'refuse'; text: string }
  | { type: 'apply'; changes: Change[] }
  | { type: 'applied'; result: ActionResult<ApplyOutcome>; changes: Change[] }
  | { type: 'restored'; result: ActionResult<ApplyOutcome> }
  | { type: 'discard' };

export const initialEditsState: EditsState = {
  edits: {},
  editedRows: {},
  notice: null,
  outcome: null,
  lastChanges: [],
};

/** The grid's words, as `useTranslations('allocations')` gives them. */
export type AllocationsT = ReturnType<typeof useTranslations<'allocations'>>;

function afterApply(
  t: AllocationsT,
  state: EditsState,
  result: ActionResult<ApplyOutcome>,
  changes: Change[],
): EditsState {
  if (!result.ok) return { ...state, notice: { tone: 'error', text: result.error } };
  const outcome = result.data;
  switch (outcome.status) {
    case 'applied':
      return {
        ...state,
        outcome,
        edits: {},
        editedRows: {},
        notice: {
          tone: 'ok',
          text: t('notice.applied', { changes: changes.length, requests: outcome.requests }),
        },
      };
    case 'conflict':
      return {
        ...state,
        outcome,
        notice: { tone: 'error', text: t('notice.conflict') },
      };
    case 'failed':
      return {
        ...state,
        outcome,
        notice: { tone: 'error', text: t('notice.stopped', { phase: outcome.phase, message: outcome.message }) },
      };
  }
}

/** The reducer, its notices in the words of `t`. */
export const createEditsReducer =
  (t: AllocationsT) =>
  (state: EditsState, action: EditsAction): EditsState =>
    reduceEdits(t, state, action);

function reduceEdits(t: AllocationsT, state: EditsState, action: EditsAction): EditsState {
  switch (action.type) {
    case 'edit': {
      const { row } = action;
      const editedRows =
        state.editedRows[row.commitmentId] === row
          ? state.editedRows
          : { ...state.editedRows, [row.commitmentId]: row };
      return { ...state, edits: action.edits, editedRows, notice: null };
    }
    case 'refuse':
      return { ...state, notice: { tone: 'error', text: action.text } };
    case 'apply':
      return { ...state, lastChanges: action.changes };
    case 'applied':
      return afterApply(t, state, action.result, action.changes);
    case 'restored':
      if (action.result.ok && action.result.data.status === 'applied') {
        return {
          ...state,
          outcome: null,
          edits: {},
          editedRows: {},
          notice: { tone: 'info', text: t('notice.restored') },
        };
      }
      return afterApply(t, state, action.result, []);
    case 'discard':
      return { ...state, edits: {}, editedRows: {}, notice: null, outcome: null };
  }
}

/** The rows with pending edits that the current read does not hold (edited at another venue or program). */
export function rowsWithEditsElsewhere(
  state: Pick<EditsState, 'edits' | 'editedRows'>,
  rows: readonly GridRow[],
): GridRow[] {
  const here = new Set(rows.map((r) => r.commitmentId));
  return Object.values(state.editedRows).filter((r) => !here.has(r.commitmentId) && state.edits[r.commitmentId]);
}
