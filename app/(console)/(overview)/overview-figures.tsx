import { getTranslations } from 'next-intl/server';

import { FiguresHead } from '@/components/overview/figures-head';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Link } from '@/components/ui/link';
import type { ReadResult } from '@/lib/server/api';
import { getFormatter } from '@/lib/server/http';
import type { Overview } from '@/lib/server/overview';

/** Names linked to their pages, separated by commas, or "none". */
function NamedLinks({
  items,
  href,
  none,
}: {
  items: { id: string; name: string }[];
  href: (id: string) => string;
  none: string;
}) {
  if (!items.length) return <span className="text-slate-500">{none}</span>;
  return items.map((item, i) => (
    <span key={item.id}>
      {i > 0 && ', '}
      <Link href={href(item.id)} className="text-brand-700 hover:underline">
        {item.name}
      </Link>
    </span>
  ));
}

/** The allocations and what needs attention, side by side. */
export async function FiguresSection({ overview }: { overview: Promise<ReadResult<Overview>> }) {
  const result = await overview;
  if (!result.ok) return null;
  const [t, format] = await Promise.all([getTranslations('overview'), getFormatter()]);
  const o = result.data;
  const a = o.allocations;
  const budgetUsed = o.attention.budget ? o.attention.budget.limit - o.attention.budget.remaining : null;
  const partner = o.scope === 'partner';
  const percent = (share: number) => t('allocations.percent', { value: Math.round(share * 100) });
  // "a, b, c" in English, as each language separates the items of a list.
  const list = new Intl.ListFormat(format.locale, { type: 'unit', style: 'short' });
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card
        title={t('allocations.title')}
        actions={
          <Link href="/allocations" className="text-sm text-brand-700 hover:underline">
            {t('allocations.openGrid')}
          </Link>
        }
      >
        {a.byVenue.length ? (
          <div className="space-y-4">
            <table className="w-full text-left text-sm">
              <FiguresHead
                columns={[t('allocations.venue'), t('allocations.allocatedOfTotal'), t('allocations.unallocated')]}
              />
              <tbody className="divide-y divide-slate-100">
                {a.byVenue.map((v) => (
                  <tr key={v.venueId} data-testid={`allocation-venue-${v.venueId}`}>
                    <th scope="row" className="py-1.5 font-normal">
                      <Link href={`/allocations?venue=${v.venueId}`} className="text-brand-700 hover:underline">
                        {v.venueName ?? t('labels.unknownVenue')}
                      </Link>
                    </th>
                    <td className="py-1.5 text-right tabular-nums">
                      <span data-testid="allocated">{v.allocated}</span> / {v.total}
                    </td>
                    <td className="py-1.5 text-right tabular-nums">{v.unallocated}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <div className="grid gap-4 sm:grid-cols-2">
              {(
                [
                  ['fullest', a.fullest],
                  ['emptiest', a.emptiest],
                ] as const
              ).map(([key, commitments]) => (
                <div key={key}>
                  <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">
                    {t(`allocations.${key}`)}
                  </h3>
                  <ul className="mt-1 space-y-1 text-sm">
                    {commitments.map((c) => (
                      <li key={c.id} className="flex justify-between gap-2">
                        <span className="truncate">{c.venueName ?? t('labels.unknownVenue')}</span>
                        <span className="shrink-0 tabular-nums text-slate-600">
                          {format.number(c.allocated)}/{format.number(c.total)} · {percent(c.share)}
                        </span>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </div>
            {a.endedAgreements.length > 0 && (
              <p className="text-sm text-slate-600" data-testid="ended-agreements">
                {t.rich('allocations.endedAgreements', {
                  list: list.format(
                    a.endedAgreements.map((e) =>
                      t('allocations.endedCommitments', { commitments: e.commitments, seats: e.seats }),
                    ),
                  ),
                  count: a.endedAgreements.length,
                  link: (chunks) => (
                    <Link href="/allocations?status=ended" className="text-brand-700 hover:underline">
                      {chunks}
                    </Link>
                  ),
                })}
              </p>
            )}
          </div>
        ) : (
          <p className="text-sm text-slate-500">
            {partner
              ? t('allocations.noneForPartner')
              : o.entity
                ? t('allocations.noneForEntity', { name: o.entity.name })
                : t('allocations.noEntity')}
          </p>
        )}
      </Card>

      <Card title={t('attention.title')}>
        <ul className="space-y-3 text-sm" data-testid="attention">
          <li>
            <span className="font-medium text-slate-800">{t('attention.suspendedDelegates')} </span>
            <NamedLinks
              items={o.attention.suspendedDelegates}
              href={(id) => `/delegates/${id}`}
              none={t('attention.none')}
            />
          </li>
          <li>
            <span className="font-medium text-slate-800">{t('attention.unprovisionedEntities')} </span>
            <NamedLinks
              items={o.attention.unprovisionedEntities}
              href={(id) => `/entities/${id}`}
              none={t('attention.none')}
            />
          </li>
          <li>
            <span className="font-medium text-slate-800">{t('attention.apiRequests')} </span>
            {o.attention.budget && budgetUsed !== null ? (
              <>
                <span className="tabular-nums">
                  {t('attention.budgetUsed', { used: budgetUsed, limit: o.attention.budget.limit })}
                </span>{' '}
                {budgetUsed > o.attention.budget.limit * 0.66 && <Badge tone="warning">{t('attention.busy')}</Badge>}
              </>
            ) : (
              <span className="text-slate-500">{t('attention.noRequest')}</span>
            )}
          </li>
          <li>
            <span className="font-medium text-slate-800">{t('attention.failedApplies')} </span>
            <Link
              href="/activity?action=apply-allocation&result=failed"
              className="tabular-nums text-brand-700 hover:underline"
              data-testid="failed-applies"
            >
              {format.number(o.attention.failedAppliesThisWeek)}
            </Link>
          </li>
        </ul>
      </Card>
    </div>
  );
}
