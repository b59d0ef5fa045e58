'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';

import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/input';
import { LiveRegion } from '@/components/ui/live-region';
import { Notice } from '@/components/ui/notice';
import { notify } from '@/components/ui/toast';
import { replaceEntityProgramsAction } from '@/lib/actions/entities';
import type { LostCommitment } from '@/lib/entities/lost-commitment';
import { readFailureText } from '@/lib/queries/get-json';
import { fetchProgramChangePreview } from '@/lib/queries/reads';

interface ProgramState {
  id: string;
  name: string;
  assigned: boolean;
  unallocatedSeatAccess: boolean;
}

/** The API's days, 1 (Monday) to 7 (Sunday), as the catalog names them. */
const DAY = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** Replaces the entity's programs (PUT …/programs), warning first which commitments it stops being eligible for. */
export function ProgramsEditor({ entityId, programs }: { entityId: string; programs: ProgramState[] }) {
  const router = useRouter();
  const t = useTranslations('entities');
  const tAll = useTranslations();
  const [rows, setRows] = useState(programs);
  // When the server's list changes (after a save and refresh), start again from it, keeping the message.
  const [loaded, setLoaded] = useState(programs);
  if (JSON.stringify(loaded) !== JSON.stringify(programs)) {
    setLoaded(programs);
    setRows(programs);
  }
  const [pending, startTransition] = useTransition();
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: string } | null>(null);
  const [lost, setLost] = useState<LostCommitment[] | null>(null);
  const nameOf = new Map(programs.map((p) => [p.id, p.name]));
  const changed = JSON.stringify(rows) !== JSON.stringify(programs);

  const body = () =>
    rows.filter((r) => r.assigned).map((r) => ({ program_id: r.id, unallocated_seat_access: r.unallocatedSeatAccess }));

  /** Shows how the replacement ended, beside the table and as a toast. */
  const settle = (r: Awaited<ReturnType<typeof replaceEntityProgramsAction>>) => {
    const next = r.ok
      ? { tone: 'ok' as const, text: t('programs.replaced', { count: r.data.programs }) }
      : { tone: 'error' as const, text: r.error };
    setMessage(next);
    notify(next.text, r.ok ? 'success' : 'error');
    if (r.ok) router.refresh();
  };

  const save = () =>
    startTransition(async () => {
      const r = await replaceEntityProgramsAction({ id: entityId, programs: body() });
      setLost(null);
      settle(r);
    });

  const review = () =>
    startTransition(async () => {
      setMessage(null);
      let lost: LostCommitment[];
      try {
        lost = await fetchProgramChangePreview(
          entityId,
          body().map((p) => p.program_id),
        );
      } catch (e) {
        return setMessage({ tone: 'error', text: readFailureText(e, tAll) });
      }
      if (lost.length === 0) {
        settle(await replaceEntityProgramsAction({ id: entityId, programs: body() }));
      } else setLost(lost);
    });

  /** A commitment the entity would lose: program, days, times, status and the seats it holds there. */
  const describe = (c: LostCommitment) => {
    const parts = {
      program: nameOf.get(c.programId) ?? c.programId,
      days: c.days
        .map((d) => {
          const day = DAY[d - 1];
          return day ? t(`programs.days.${day}`) : '';
        })
        .join(' '),
      range: c.start && c.end ? `${c.start}–${c.end}` : '',
      status: c.status,
    };
    return c.entitySeats ? t('programs.itemWithSeats', { ...parts, count: c.entitySeats }) : t('programs.item', parts);
  };

  return (
    <div className="space-y-4">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('programs.caption')}</caption>
        <thead className="text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th className="py-2 font-medium">{t('programs.program')}</th>
            <th className="py-2 font-medium">{t('programs.assigned')}</th>
            <th className="py-2 font-medium">{t('programs.unallocated')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((p, i) => (
            <tr key={p.id} data-testid={`program-${p.name}`}>
              <td className="py-2">{p.name}</td>
              <td className="py-2">
                <Checkbox
                  className="size-5"
                  aria-label={t('programs.assign', { name: p.name })}
                  checked={p.assigned}
                  onChange={(e) => setRows(rows.map((r, j) => (j === i ? { ...r, assigned: e.target.checked } : r)))}
                />
              </td>
              <td className="py-2">
                <Checkbox
                  className="size-5"
                  aria-label={t('programs.unallocatedFor', { name: p.name })}
                  disabled={!p.assigned}
                  checked={p.assigned && p.unallocatedSeatAccess}
                  onChange={(e) =>
                    setRows(rows.map((r, j) => (j === i ? { ...r, unallocatedSeatAccess: e.target.checked } : r)))
                  }
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <LiveRegion>
        {message && (
          <Notice tone={message.tone === 'ok' ? 'success' : 'danger'} data-testid="programs-message">
            {message.text}
          </Notice>
        )}
        {lost && (
          <div
            data-testid="programs-warning"
            className="space-y-2 rounded-md bg-amber-50 px-3 py-3 text-sm text-amber-900 ring-1 ring-amber-200"
          >
            <p className="font-medium">
              {t(lost.some((c) => c.status === 'assigned') ? 'programs.lostHeld' : 'programs.lost', {
                count: lost.length,
              })}
            </p>
            <ul className="max-h-40 list-disc overflow-auto pl-5">
              {lost.map((c) => (
                <li key={c.id}>{describe(c)}</li>
              ))}
            </ul>
            <div className="flex gap-2">
              <Button variant="danger" disabled={pending} onClick={save}>
                {pending ? t('programs.saving') : t('programs.replaceAnyway')}
              </Button>
              <Button variant="secondary" disabled={pending} onClick={() => setLost(null)}>
                {t('programs.keepEditing')}
              </Button>
            </div>
          </div>
        )}
      </LiveRegion>
      {!lost && (
        <Button disabled={!changed || pending} onClick={review}>
          {pending ? t('programs.checking') : t('programs.save')}
        </Button>
      )}
    </div>
  );
}
