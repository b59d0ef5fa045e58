'use client';

import { useTranslations } from 'next-intl';

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

const LISTED = 8;
/** A failed apply's state of each entity, as the catalog names it. */
const HOLDING = {
  unchanged: 'unchanged',
  'decreases applied': 'decreasesApplied',
  'final values': 'finalValues',
} as const satisfies Record<Failed['holding'][number]['state'], string>;

/** The cells a confirmation names, the first few in full. */
function CellList({
  cells,
  nameOf,
  describeCommitment,
}: { cells: { commitmentId: string; entityId: string; from?: number; to: number }[] } & Pick<
  ReviewPanelProps,
  'nameOf' | 'describeCommitment'
>) {
  const t = useTranslations('allocations.review');
  return (
    <ul className="mt-2 space-y-0.5" data-testid="confirm-cells">
      {cells.slice(0, LISTED).map((c) => (
        <li key={`${c.commitmentId}:${c.entityId}`}>
          <strong>{nameOf(c.entityId)}</strong> · {describeCommitment(c.commitmentId)}:{' '}
          <span className="tabular-nums">
            {/* i18n-ignore: the figures before and after, as in the list of changes */}
            {c.from === undefined ? t('backTo', { count: c.to }) : `${c.from} → ${c.to}`}
          </span>
        </li>
      ))}
      {cells.length > LISTED && <li>{t('moreCells', { count: cells.length - LISTED })}</li>}
    </ul>
  );
}

/** The pending changes, Apply and Discard; after an apply, its conflicts or where it stopped. */
export function ReviewPanel(props: ReviewPanelProps) {
  const { changes, outcome, pending, nameOf, describeCommitment } = props;
  const t = useTranslations('allocations.review');
  const count = changes.length;
  return (
    // On a phone, with changes staged, the panel stays at the window's foot while the cards scroll
    // under it, Apply in reach from any row; what the keyboard focuses is scrolled into view above it
    // (the page's scroll padding, on <html>, while the panel is there).
    <Card
      aria-labelledby="review-heading"
      data-testid="allocation-review"
      className={
        count > 0
          ? 'max-sm:sticky max-sm:bottom-0 max-sm:z-20 max-sm:max-h-[40dvh] max-sm:overflow-y-auto max-sm:shadow-lg max-sm:[html:has(&)]:scroll-pb-[40dvh]'
          : undefined
      }
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="review-heading" className="text-sm font-semibold text-slate-900">
          {t('heading', { count })}
        </h2>
        <div className="ml-auto flex flex-wrap gap-2">
          <ConfirmButton
            variant="secondary"
            size="touch"
            tone="danger"
            disabled={pending || changes.length === 0}
            title={t('discardTitle', { count })}
            description={
              <>
                {t('discardDescription')}
                <CellList
                  cells={changes.map((c) => ({ ...c, from: c.after, to: c.before }))}
                  nameOf={nameOf}
                  describeCommitment={describeCommitment}
                />
              </>
            }
            confirmLabel={t('discardConfirm', { count })}
            cancelLabel={t('keepEditing')}
            onConfirm={props.onDiscard}
          >
            {t('discard')}
          </ConfirmButton>
          <Button size="touch" disabled={pending || changes.length === 0} onClick={props.onApply}>
            {pending ? t('applying') : t('apply', { count })}
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
              <span className="shrink-0 whitespace-nowrap tabular-nums">
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
                <th className="py-1">{t('conflictCell')}</th>
                <th>{t('conflictLoaded')}</th>
                <th>{t('conflictTheirs')}</th>
                <th>{t('conflictOurs')}</th>
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
          <Button className="mt-2" variant="secondary" size="touch" disabled={pending} onClick={props.onReload}>
            {pending ? t('reloading') : t('reload')}
          </Button>
        </div>
      )}
      {outcome?.status === 'failed' && (
        <div className="mt-3 space-y-2 text-sm" data-testid="allocation-failure">
          <ul>
            {outcome.holding.map((h) => (
              <li key={h.entityId}>
                {nameOf(h.entityId)}: {t(`holding.${HOLDING[h.state]}`)}
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="touch" disabled={pending} onClick={props.onRetry}>
              {pending ? t('retrying') : t('retry')}
            </Button>
            <ConfirmButton
              variant="danger"
              size="touch"
              disabled={pending}
              title={t('restoreTitle')}
              description={
                <>
                  {t('restoreDescription', { count: outcome.readBefore.length })}
                  <CellList
                    cells={restoredCells(props.lastChanges, outcome.readBefore).map((c) => ({ ...c, to: c.seats }))}
                    nameOf={nameOf}
                    describeCommitment={describeCommitment}
                  />
                </>
              }
              confirmLabel={t('restoreConfirm')}
              cancelLabel={t('keepFailed')}
              onConfirm={() => props.onRestore(outcome.readBefore)}
            >
              {t('restore')}
            </ConfirmButton>
          </div>
        </div>
      )}
    </Card>
  );
}
