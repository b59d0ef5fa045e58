'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';

import { Notice } from '@/components/ui/notice';
import type { Change } from '@/lib/allocation';
import { reductionWarnings, type SeatsInUse } from '@/lib/allocation/seats-in-use';
import { UUID_RE } from '@/lib/guestbook/ids';
import { translateSaid } from '@/lib/i18n/said';
import { readFailureText } from '@/lib/queries/get-json';
import { fetchSeatsBooked } from '@/lib/queries/reads';

const keyOf = (entityId: string, commitmentId: string) => `${entityId}|${commitmentId}`;

/**
 * In the review, before apply: the seats already booked on each reduced cell (read once per
 * entity and cell), and a warning for a cell reduced below them.
 */
export function SeatsBookedWarnings({
  changes,
  nameOf,
}: {
  changes: readonly Change[];
  nameOf?: (entityId: string) => string;
}) {
  const t = useTranslations('allocations.seatsBooked');
  const tAll = useTranslations();
  const [known, setKnown] = useState<Record<string, SeatsInUse>>({});
  const [error, setError] = useState<string | null>(null);
  // Entity cells only (not the unallocated seats).
  const reduced = changes.filter((c) => c.after < c.before && UUID_RE.test(c.entityId));
  const missing = reduced.filter((c) => !(keyOf(c.entityId, c.commitmentId) in known));
  const wanted = missing
    .map((c) => keyOf(c.entityId, c.commitmentId))
    .sort()
    .join(',');

  useEffect(() => {
    if (!wanted) return;
    const t = setTimeout(async () => {
      const byEntity = new Map<string, string[]>();
      for (const k of wanted.split(',')) {
        const [entityId, commitmentId] = k.split('|') as [string, string];
        byEntity.set(entityId, [...(byEntity.get(entityId) ?? []), commitmentId]);
      }
      for (const [entityId, commitmentIds] of byEntity) {
        let booked: Record<string, SeatsInUse>;
        try {
          booked = await fetchSeatsBooked(entityId, commitmentIds);
        } catch (e) {
          setError(readFailureText(e, tAll));
          continue;
        }
        setKnown((k) => ({
          ...k,
          ...Object.fromEntries(Object.entries(booked).map(([c, use]) => [keyOf(entityId, c), use])),
        }));
      }
    }, 300);
    return () => clearTimeout(t);
  }, [wanted, tAll]);

  const warnings = new Map(
    reductionWarnings(reduced, (e, c) => known[keyOf(e, c)]).map((w) => [keyOf(w.entityId, w.commitmentId), w]),
  );
  const shown = reduced.filter((c) => keyOf(c.entityId, c.commitmentId) in known);
  if (!shown.length && !error) return null;
  const label = (c: Change) => {
    const id = c.commitmentId.slice(0, 8);
    return nameOf ? t('entityCell', { entity: nameOf(c.entityId), id }) : t('cell', { id });
  };
  return (
    <Notice
      tone={warnings.size || error ? 'warning' : 'neutral'}
      role="status"
      className="mt-3 space-y-1"
      data-testid="seats-booked"
    >
      {error && <p>{t('readError', { error })}</p>}
      {shown.map((c) => {
        const k = keyOf(c.entityId, c.commitmentId);
        const w = warnings.get(k);
        const use = known[k]!;
        return w ? (
          <p key={k} data-testid="seats-booked-warning">
            {t('warning', { label: label(c), message: translateSaid(tAll, w.message) })}
          </p>
        ) : (
          <p key={k} data-testid="seats-booked-figure">
            {t('figure', {
              label: label(c),
              seats: use.seats,
              date: use.date ?? '',
              known: use.known ? 'yes' : 'no',
            })}
          </p>
        );
      })}
    </Notice>
  );
}
