'use client';

import { useQuery } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';

import { useCount } from '@/components/i18n/counts';
import { Card, cardClass } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import { RESERVATION_STATUSES } from '@/lib/guestbook/reservation-statuses';
import type { TodayView } from '@/lib/overview/links';
import { queryKeys } from '@/lib/queries/keys';
import { fetchOverviewToday } from '@/lib/queries/reads';

import { FiguresHead } from './figures-head';

/** The statuses the catalog names; any other shows as the API spells it. */
type ReservationStatus = (typeof RESERVATION_STATUSES)[number];
const isNamed = (status: string): status is ReservationStatus =>
  (RESERVATION_STATUSES as readonly string[]).includes(status);

/** The block is re-read this often while the tab is visible, and when the tab regains focus. */
export const TODAY_REFETCH_MS = 60_000;

function Figure({
  label,
  value,
  href,
  testId,
  hint,
}: {
  label: string;
  value: ReactNode;
  href?: string;
  testId: string;
  hint?: string;
}) {
  const body = (
    <>
      <div className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</div>
      <div className="mt-1 text-2xl font-semibold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </div>
      {hint && <div className="mt-0.5 text-xs text-slate-500">{hint}</div>}
    </>
  );
  return href ? (
    <Link href={href} className={clsx(cardClass, 'block px-4 py-3 hover:ring-brand-500')}>
      {body}
    </Link>
  ) : (
    <div className={clsx(cardClass, 'px-4 py-3')}>{body}</div>
  );
}

/** Today's reservations, covers, statuses and next arrivals: rendered by the server, then kept current in the browser. */
export function TodayBlock({ initial, scope }: { initial: TodayView; scope: 'entity' | 'partner' }) {
  const t = useTranslations('overview');
  const count = useCount();
  const { data, isFetching } = useQuery({
    queryKey: queryKeys.overviewToday(initial.context),
    queryFn: ({ signal }) => fetchOverviewToday(scope, signal),
    initialData: initial,
    initialDataUpdatedAt: initial.readAt,
    // Focus re-reads once the figures are 15 s old; the interval every 60 s while the tab is visible.
    staleTime: 15_000,
    refetchInterval: TODAY_REFETCH_MS,
    refetchOnWindowFocus: true,
  });
  // A refetch after the entity changed elsewhere answers for the new context: show only this one's.
  const o = data.context === initial.context ? data : initial;
  const f = o.figures;
  const statusName = (status: string) => (isNamed(status) ? t(`status.${status}`) : status.replace('_', '-'));
  return (
    <section aria-labelledby="today-heading" aria-busy={isFetching} className="space-y-3" data-testid="today-block">
      <h2 id="today-heading" className="text-sm font-semibold text-slate-800">
        {t('today.heading')}
      </h2>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Figure
          label={t('today.reservations')}
          value={count(f.reservations)}
          href={o.links?.kept}
          testId="today-reservations"
          hint={t('today.reservationsHint')}
        />
        <Figure
          label={t('today.covers')}
          value={count(f.covers)}
          href={o.links?.kept}
          testId="today-covers"
          hint={t('today.coversHint')}
        />
        <Figure label={t('today.noShows')} value={count(f.noShows)} href={o.links?.noShows} testId="today-no-shows" />
        <Figure
          label={t('today.stillToArrive')}
          value={f.nextArrivals.length ? f.nextArrivals[0]!.time : '—'}
          testId="today-next-time"
          hint={f.nextArrivals.length ? t('today.nextArrivalHint') : t('today.noMoreArrivals')}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card title={t('today.byStatus')}>
          {f.byStatus.length ? (
            <table className="w-full text-left text-sm">
              <FiguresHead columns={[t('today.status'), t('today.reservations'), t('today.covers')]} />
              <tbody className="divide-y divide-slate-100">
                {f.byStatus.map((s) => (
                  <tr key={s.status} data-testid={`today-status-${s.status}`}>
                    <th scope="row" className="py-1.5 font-normal">
                      {o.links ? (
                        <Link
                          href={o.links.byStatus[s.status] ?? o.links.kept}
                          className="text-brand-700 hover:underline"
                        >
                          {statusName(s.status)}
                        </Link>
                      ) : (
                        statusName(s.status)
                      )}
                    </th>
                    <td className="py-1.5 text-right tabular-nums" data-testid="count">
                      {count(s.reservations)}
                    </td>
                    <td className="py-1.5 text-right tabular-nums">{count(s.covers)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="text-sm text-slate-500">{t('today.noReservations')}</p>
          )}
        </Card>
        <Card title={t('today.nextArrivals')}>
          {f.nextArrivals.length ? (
            <ul className="divide-y divide-slate-100 text-sm" data-testid="next-arrivals">
              {f.nextArrivals.map((r) => (
                <li key={r.id} className="flex items-baseline justify-between gap-3 py-1.5">
                  {o.links ? (
                    <Link href={`/reservations/${r.id}`} className="min-w-0 truncate text-brand-700 hover:underline">
                      <span className="font-medium tabular-nums text-slate-900">{r.time}</span>{' '}
                      {r.guest ?? t('labels.guest')}
                    </Link>
                  ) : (
                    <span className="min-w-0 truncate">
                      <span className="font-medium tabular-nums text-slate-900">{r.time}</span>{' '}
                      {r.guest ?? t('labels.guest')}
                    </span>
                  )}
                  <span className="shrink-0 text-xs text-slate-500">
                    {r.partySize} · {r.venueName ?? t('labels.unknownVenue')}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">{t('today.noOneElse')}</p>
          )}
        </Card>
      </div>
    </section>
  );
}
