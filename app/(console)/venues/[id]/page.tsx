import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { notFound } from 'next/navigation';
import { z } from 'zod';

import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { oldestAsOf, readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { getVenue, listVenueCommitments } from '@/lib/server/directory';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('venues.detail');
  return { title: t('metaTitle') };
}

/** ISO days of the week (1 = Monday) as the catalog's keys. */
const DAY = ['', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const STATUS_TONE = { assigned: 'success', unassigned: 'neutral', ended: 'warning' } as const;

export default async function VenuePage({ params }: { params: Promise<{ id: string }> }) {
  await requireStaff('viewer');
  const { id } = await params;
  if (!z.guid().safeParse(id).success) notFound();
  // Both reads start together: the commitments do not need the venue's answer.
  const [venue, commitments, t, tv] = await Promise.all([
    readApi(() => getVenue(id)),
    readApi(() => listVenueCommitments(id)),
    getTranslations('venues.detail'),
    getTranslations('venues'),
  ]);
  if (!venue.ok) return <ErrorState title={t('readError')} message={venue.error} />;
  const v = venue.data;
  if (!v) notFound();

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        asOf={oldestAsOf(venue, commitments)}
        trail={[{ href: '/venues', label: tv('title') }]}
        title={<span data-testid="venue-name">{v.name}</span>}
        description={v.time_zone ? t('timeZone', { zone: v.time_zone }) : undefined}
      />
      <div className="grid gap-6 md:grid-cols-2">
        <Card title={t('address')}>
          {v.address ? (
            <address className="text-sm not-italic" data-testid="venue-address">
              {v.address.line1}
              {v.address.line2 && <br />}
              {v.address.line2}
              {v.address.city && (
                <>
                  <br />
                  {[v.address.postal_code, v.address.city].filter(Boolean).join(' ')}
                </>
              )}
            </address>
          ) : (
            <p className="text-sm text-slate-500" data-testid="venue-address">
              {t('noAddress')}
            </p>
          )}
        </Card>
        <Card title={t('seatingAreasCount', { count: v.seating_areas?.length ?? 0 })}>
          {v.seating_areas?.length ? (
            <ul className="divide-y divide-slate-100 text-sm">
              {v.seating_areas.map((a) => (
                <li key={a.id} className="py-2">
                  <div className="font-medium">{a.name}</div>
                  <div className="text-slate-500">{a.description ?? t('noDescription')}</div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-500">{t('noSeatingAreas')}</p>
          )}
        </Card>
      </div>
      <Card title={t('commitments')}>
        {!commitments.ok ? (
          <ErrorState message={commitments.error} />
        ) : 'refused' in commitments.data ? (
          <div className="space-y-3">
            <p className="text-sm text-amber-800">
              {commitments.data.refused === null
                ? t.rich('commitmentsRefusedNoReason', { code: (chunks) => <code>{chunks}</code> })
                : t.rich('commitmentsRefused', {
                    reason: commitments.data.refused,
                    code: (chunks) => <code>{chunks}</code>,
                  })}
            </p>
            <pre className="max-h-80 overflow-auto rounded bg-slate-50 p-3 text-xs">
              {JSON.stringify(v.seat_commitments ?? null, null, 2)}
            </pre>
          </div>
        ) : commitments.data.rows.length === 0 ? (
          <p className="text-sm text-slate-500">{t('noCommitments')}</p>
        ) : (
          // Seven columns do not fit a phone: they scroll sideways in a region a keyboard user can focus.
          <div role="region" aria-label={t('commitmentsRegion')} tabIndex={0} className="overflow-x-auto">
            <table
              className="w-full text-left text-sm [&_td]:px-2 [&_td:first-child]:pl-0 [&_th]:px-2 [&_th]:whitespace-nowrap [&_th:first-child]:pl-0"
              data-testid="venue-commitments"
            >
              <thead className="text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th className="py-2 font-medium">{t('columns.days')}</th>
                  <th className="py-2 font-medium">{t('columns.time')}</th>
                  <th className="py-2 font-medium">{t('columns.status')}</th>
                  <th className="py-2 text-right font-medium">{t('columns.total')}</th>
                  <th className="py-2 text-right font-medium">{t('columns.thisEntity')}</th>
                  <th className="py-2 text-right font-medium">{t('columns.others')}</th>
                  <th className="py-2 text-right font-medium">{t('columns.unallocated')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {commitments.data.rows.map((c) => (
                  <tr key={c.id}>
                    <td className="py-2">
                      {c.days_of_week?.map((d) => (DAY[d] ? t(`weekdays.${DAY[d]}`) : '')).join(' ') ?? '—'}
                    </td>
                    <td className="py-2 whitespace-nowrap">
                      {/* i18n-ignore: a time range, figures only */}
                      {c.start_time && c.end_time ? `${c.start_time}–${c.end_time}` : '—'}
                    </td>
                    <td className="py-2">
                      <Badge tone={STATUS_TONE[c.assignment_status]}>{t(`status.${c.assignment_status}`)}</Badge>
                    </td>
                    <td className="py-2 text-right tabular-nums">{c.total_seats}</td>
                    <td className="py-2 text-right tabular-nums">{c.entity_seats ?? '—'}</td>
                    <td className="py-2 text-right tabular-nums">{c.peer_seats}</td>
                    <td className="py-2 text-right tabular-nums">{c.unallocated_seats}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}
