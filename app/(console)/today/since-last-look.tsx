'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useSyncExternalStore } from 'react';

import { useCount } from '@/components/i18n/counts';
import { Button } from '@/components/ui/button';
import { TONE_CLASSES } from '@/components/ui/tone';

/** A change of the day as the page marks it: the reservation, what happened and who did it (null: outside the console). */
export interface DayChange {
  id: number;
  reservationId: string;
  kind: string;
  who: string | null;
  data: Record<string, unknown>;
}

/** The marks shown now, by reservation: the newest change of each since the member last looked. */
let marks = new Map<string, DayChange>();
const listeners = new Set<() => void>();
const setMarks = (next: Map<string, DayChange>) => {
  // no marks before or after: the rows are not told (each store change is a render of every row's mark)
  if (next.size === 0 && marks.size === 0) return;
  marks = next;
  listeners.forEach((l) => l());
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};
const useMarks = () =>
  useSyncExternalStore(
    subscribe,
    () => marks,
    () => marks,
  );

const seenKey = (memberId: string, entityId: string) => `gb-today-seen:${memberId}:${entityId}`;

/**
 * What changed on the day since the member last looked at it in this browser: the newest change
 * id they saw is kept per member and entity; changes after it (and those arriving while the page
 * is open) mark their rows until "Mark as seen". The first look marks nothing.
 */
export function SinceLastLook({
  memberId,
  entityId,
  changes,
}: {
  memberId: string;
  entityId: string;
  changes: DayChange[];
}) {
  const t = useTranslations('today.marks');
  const count = useCount();
  const seen = useRef<number | null>(null);
  const newest = changes.reduce((n, c) => Math.max(n, c.id), 0);
  useEffect(() => {
    const key = seenKey(memberId, entityId);
    if (seen.current === null) {
      const stored = Number(localStorage.getItem(key));
      seen.current = Number.isFinite(stored) && stored > 0 ? stored : newest;
    }
    const after = seen.current;
    const next = new Map<string, DayChange>();
    // newest first: the first change of a reservation is its mark
    for (const c of [...changes].sort((a, b) => b.id - a.id))
      if (c.id > after && !next.has(c.reservationId)) next.set(c.reservationId, c);
    setMarks(next);
    localStorage.setItem(key, String(Math.max(newest, Number(localStorage.getItem(key)) || 0)));
  }, [changes, newest, memberId, entityId]);
  useEffect(() => () => setMarks(new Map()), []);
  const shown = useMarks();
  if (shown.size === 0) return null;
  // The count is written without Intl ({countLabel}, not #): a plural's # would make the browser's
  // first Intl number formatter as the page loads.
  return (
    <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700 print:hidden" data-testid="since-last-look">
      <span role="status">{t('since', { count: shown.size, countLabel: count(shown.size) })}</span>
      <Button
        variant="secondary"
        onClick={() => {
          seen.current = newest;
          setMarks(new Map());
        }}
      >
        {t('seen')}
      </Button>
    </p>
  );
}

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

/** The mark of one row: "New", "Canceled by the guest", "Party 4 → 6", … */
export function RowMark({ id }: { id: string }) {
  const t = useTranslations('today.marks');
  const change = useMarks().get(id);
  if (!change) return null;
  const [from, to] = Array.isArray(change.data.party_size) ? change.data.party_size : [];
  const [timeFrom, timeTo] = Array.isArray(change.data.time) ? change.data.time : [];
  const text =
    change.kind === 'reservation.created'
      ? change.who
        ? t('new')
        : t('newOutside')
      : change.kind === 'reservation.canceled'
        ? change.who
          ? t('canceled', { name: change.who })
          : t('canceledOutside')
        : from !== undefined
          ? t('party', { from: str(from), to: str(to) })
          : timeFrom !== undefined
            ? t('time', { from: str(timeFrom).slice(0, 5), to: str(timeTo).slice(0, 5) })
            : change.who
              ? t('changed', { name: change.who })
              : t('changedOutside');
  return (
    <span
      data-testid="row-mark"
      data-kind={change.kind}
      className={`rounded px-1.5 py-0.5 text-xs whitespace-nowrap ring-1 ring-inset ${TONE_CLASSES.warning}`}
    >
      {text}
    </span>
  );
}
