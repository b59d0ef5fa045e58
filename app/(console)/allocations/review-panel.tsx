'use client';

import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { restoredCells, type Change } from '@/lib/allocation';
import type { ApplyOutcome } from '@/lib/server/allocations';

import { SeatsBookedWarnings } from './seats-booked-warnings';

type Failed = Extract<ApplyOutcome, { status: 'failed' }>;

interface ReviewPanelProps {
  changes: Change[];
  outcome: ApplyOutcome | null;
  /** the changes the last apply sent: what a restore puts back */
  lastChanges: Change[];
  pending: boolean;
  nameOf: (entityId: string) => string;
  describeCommitment: (commitmentId: string) => string;
  onApply: () => void;
  onRetry: () => void;
  onRestore: (sets: Failed['readBefore']) => Promise<void>;
  onDiscard: () => void;
  onReload: () => void;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const LISTED = 8;

/** The cells a confirmation names, the first few in full. */
function CellList({
  cells,
  nameOf,
  describeCommitment,
}: { cells: { commitmentId: string; entityId: string; from?: number; to: number }[] } & Pick<
  ReviewPanelProps,
  'nameOf' | 'describeCommitment'
>) {
  return (
    <ul className="mt-2 space-y-0.5" data-testid="confirm-cells">
      {cells.slice(0, LISTED).map((c) => (
        <li key={`${c.commitmentId}:${c.entityId}`}>
          <strong>{nameOf(c.entityId)}</strong> · {describeCommitment(c.commitmentId)}:{' '}
          <span className="tabular-nums">
            {c.from === undefined ? `back to ${plural(c.to, 'seat')}` : `${c.from} → ${c.to}`}
          </span>
        </li>
      ))}
      {cells.length > LISTED && <li>and {plural(cells.length - LISTED, 'more cell')}</li>}
    </ul>
  );
}

/** The pending changes, Apply and Discard; after an apply, its conflicts or where it stopped. */
export function ReviewPanel(props: ReviewPanelProps) {
  const { changes, outcome, pending, nameOf, describeCommitment } = props;
  return (
    <Card aria-labelledby="review-heading" data-testid="allocation-review">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="review-heading" className="text-sm font-semibold text-slate-900">
          Review: {plural(changes.length, 'change')}
        </h2>
        <div className="ml-auto flex gap-2">
          <ConfirmButton
            variant="secondary"
            tone="danger"
            disabled={pending || changes.length === 0}
            title={`Discard ${plural(changes.length, 'change')}?`}
            description={
              <>
                Nothing is sent to the API. These cells go back to the values read when the grid loaded:
                <CellList
                  cells={changes.map((c) => ({ ...c, from: c.after, to: c.before }))}
                  nameOf={nameOf}
                  describeCommitment={describeCommitment}
                />
              </>
            }
            confirmLabel={`Discard ${plural(changes.length, 'change')}`}
            cancelLabel="Keep editing"
            onConfirm={props.onDiscard}
          >
            Discard
          </ConfirmButton>
          <Button disabled={pending || changes.length === 0} onClick={props.onApply}>
            {pending ? 'Applying…' : `Apply ${plural(changes.length, 'change')}`}
          </Button>
        </div>
      </div>
      {changes.length > 0 && (
        <ul className="mt-3 divide-y divide-slate-100 text-sm" data-testid="allocation-changes">
          {changes.map((c) => (
            <li key={`${c.commitmentId}:${c.entityId}`} className="flex justify-between gap-4 py-1.5">
              <span>
                <strong>{nameOf(c.entityId)}</strong> · {describeCommitment(c.commitmentId)}
              </span>
              <span className="tabular-nums">
                {c.before} → {c.after}
              </span>
            </li>
          ))}
        </ul>
      )}
      {changes.length > 0 && <SeatsBookedWarnings changes={changes} nameOf={nameOf} />}
      {outcome?.status === 'conflict' && (
        <div className="mt-3 text-sm" data-testid="allocation-conflicts">
          <table className="w-full text-left">
            <thead className="text-xs text-slate-500">
              <tr>
                <th className="py-1">Entity · commitment</th>
                <th>When loaded</th>
                <th>Theirs (now in the API)</th>
                <th>Ours</th>
              </tr>
            </thead>
            <tbody>
              {outcome.conflicts.map((c) => (
                <tr key={`${c.commitmentId}:${c.entityId}`} className="border-t border-slate-100">
                  <td className="py-1">
                    {nameOf(c.entityId)} · {describeCommitment(c.commitmentId)}
                  </td>
                  <td className="tabular-nums">{c.loaded}</td>
                  <td className="tabular-nums font-semibold">{c.theirs}</td>
                  <td className="tabular-nums">{c.ours}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Button className="mt-2" variant="secondary" disabled={pending} onClick={props.onReload}>
            {pending ? 'Reloading…' : 'Reload the grid'}
          </Button>
        </div>
      )}
      {outcome?.status === 'failed' && (
        <div className="mt-3 space-y-2 text-sm" data-testid="allocation-failure">
          <ul>
            {outcome.holding.map((h) => (
              <li key={h.entityId}>
                {nameOf(h.entityId)}: {h.state}
              </li>
            ))}
          </ul>
          <div className="flex gap-2">
            <Button variant="secondary" disabled={pending} onClick={props.onRetry}>
              {pending ? 'Retrying…' : 'Retry the rest'}
            </Button>
            <ConfirmButton
              variant="danger"
              disabled={pending}
              title="Restore what was read?"
              description={
                <>
                  Puts back the complete allocations of{' '}
                  {outcome.readBefore.length === 1 ? '1 entity' : `${outcome.readBefore.length} entities`} as read
                  before this apply, and drops your edits. These cells go back:
                  <CellList
                    cells={restoredCells(props.lastChanges, outcome.readBefore).map((c) => ({ ...c, to: c.seats }))}
                    nameOf={nameOf}
                    describeCommitment={describeCommitment}
                  />
                </>
              }
              confirmLabel="Restore"
              cancelLabel="Keep the failed state"
              onConfirm={() => props.onRestore(outcome.readBefore)}
            >
              Restore what was read
            </ConfirmButton>
          </div>
        </div>
      )}
    </Card>
  );
}
