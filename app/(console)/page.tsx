import type { Metadata } from 'next';

import { CoversChart } from '@/components/overview/covers-chart';
import { FiguresHead } from '@/components/overview/figures-head';
import { TodayBlock } from '@/components/overview/today-block';
import { AsOfNote } from '@/components/ui/as-of-note';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Link } from '@/components/ui/link';
import { hasRole } from '@/lib/auth/roles';
import { notCanceled, onDay, searchHref } from '@/lib/overview/links';
import { getOverview, overviewConditions, type OverviewScope } from '@/lib/server/overview';
import type { SearchParams } from '@/lib/server/params';
import { readApi } from '@/lib/server/read';
import { requireStaff } from '@/lib/server/session';

import { NewReservationLink } from './reservations/new/new-reservation-link';

export const metadata: Metadata = { title: 'Overview' };

const search = searchHref;

/** Names linked to their pages, separated by commas, or "none". */
function NamedLinks({ items, href }: { items: { id: string; name: string }[]; href: (id: string) => string }) {
  if (!items.length) return <span className="text-slate-500">none</span>;
  return items.map((item, i) => (
    <span key={item.id}>
      {i > 0 && ', '}
      <Link href={href(item.id)} className="text-brand-700 hover:underline">
        {item.name}
      </Link>
    </span>
  ));
}

const percent = (share: number) => `${Math.round(share * 100)} %`;

export default async function OverviewPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff();
  const scope: OverviewScope = (await searchParams).scope === 'partner' ? 'partner' : 'entity';
  const overview = await readApi(() => getOverview(new Date(), scope));
  if (!overview.ok) return <ErrorState title="The overview could not be read" message={overview.error} />;
  const o = overview.data;
  const a = o.allocations;
  const budgetUsed = o.attention.budget ? o.attention.budget.limit - o.attention.budget.remaining : null;
  const partner = o.scope === 'partner';
  const tab = (active: boolean) =>
    `rounded-md px-2.5 py-1 text-sm font-medium ${active ? 'bg-brand-600 text-white' : 'text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50'}`;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-xl font-semibold text-slate-900">Overview</h1>
          <div className="flex flex-wrap items-center gap-2">
            {hasRole(staff.role, 'operator') && <NewReservationLink />}
            <nav aria-label="Overview scope" className="flex gap-2">
              <Link href="/" className={tab(!partner)} aria-current={!partner ? 'page' : undefined}>
                {o.entity ? o.entity.name : 'Selected entity'}
              </Link>
              <Link
                href="/?scope=partner"
                className={tab(partner)}
                aria-current={partner ? 'page' : undefined}
                data-testid="scope-partner"
              >
                Whole partner
              </Link>
            </nav>
          </div>
        </div>
        <p className="mt-1 text-sm text-slate-500" data-testid="overview-scope">
          {partner ? (
            <>
              For the whole partner: its {o.entityCount} entities added up (a reservation search runs in one entity’s
              context, so these figures are not linked to one)
            </>
          ) : o.entity ? (
            <>For {o.entity.name}, the entity selected above</>
          ) : (
            'For the partner'
          )}{' '}
          · today is <span data-testid="overview-today">{o.today}</span> at the venues.
        </p>
      </div>

      <AsOfNote asOf={overview.asOf} />
      <TodayBlock initial={o.todayView} scope={o.scope} />

      <Card
        title={`Covers, next ${o.days.length} days`}
        actions={
          partner ? undefined : (
            <Link
              href={search(overviewConditions(o.today).concat(notCanceled))}
              className="text-sm text-brand-700 hover:underline"
            >
              All of them
            </Link>
          )
        }
      >
        <CoversChart
          days={o.days.map((d) => ({ ...d, href: partner ? undefined : search([onDay(d.date), notCanceled]) }))}
        />
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card
          title="Allocations"
          actions={
            <Link href="/allocations" className="text-sm text-brand-700 hover:underline">
              Open the grid
            </Link>
          }
        >
          {a.byVenue.length ? (
            <div className="space-y-4">
              <table className="w-full text-left text-sm">
                <FiguresHead columns={['Venue', 'Allocated / total', 'Unallocated']} />
                <tbody className="divide-y divide-slate-100">
                  {a.byVenue.map((v) => (
                    <tr key={v.venueId} data-testid={`allocation-venue-${v.venueId}`}>
                      <th scope="row" className="py-1.5 font-normal">
                        <Link href={`/allocations?venue=${v.venueId}`} className="text-brand-700 hover:underline">
                          {v.venueName}
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
                    ['Fullest', a.fullest],
                    ['Emptiest', a.emptiest],
                  ] as const
                ).map(([label, list]) => (
                  <div key={label}>
                    <h3 className="text-xs font-medium uppercase tracking-wide text-slate-500">{label} commitments</h3>
                    <ul className="mt-1 space-y-1 text-sm">
                      {list.map((c) => (
                        <li key={c.id} className="flex justify-between gap-2">
                          <span className="truncate">{c.venueName}</span>
                          <span className="shrink-0 tabular-nums text-slate-600">
                            {c.allocated}/{c.total} · {percent(c.share)}
                          </span>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
              {a.endedAgreements.length > 0 && (
                <p className="text-sm text-slate-600" data-testid="ended-agreements">
                  {a.endedAgreements
                    .map((e) => `${e.commitments} commitment${e.commitments === 1 ? '' : 's'} (${e.seats} seats)`)
                    .join(', ')}{' '}
                  under {a.endedAgreements.length === 1 ? 'an agreement that ended' : 'agreements that ended'}; see them
                  in the{' '}
                  <Link href="/allocations?status=ended" className="text-brand-700 hover:underline">
                    grid
                  </Link>
                  .
                </p>
              )}
            </div>
          ) : (
            <p className="text-sm text-slate-500">
              {partner
                ? 'No entity of the partner holds an assigned commitment.'
                : o.entity
                  ? `${o.entity.name} holds no assigned commitment.`
                  : 'No entity is selected.'}
            </p>
          )}
        </Card>

        <Card title="Needs attention">
          <ul className="space-y-3 text-sm" data-testid="attention">
            <li>
              <span className="font-medium text-slate-800">Suspended delegates: </span>
              <NamedLinks items={o.attention.suspendedDelegates} href={(id) => `/delegates/${id}`} />
            </li>
            <li>
              <span className="font-medium text-slate-800">Entities not yet provisioned (no organization): </span>
              <NamedLinks items={o.attention.unprovisionedEntities} href={(id) => `/entities/${id}`} />
            </li>
            <li>
              <span className="font-medium text-slate-800">API requests this minute: </span>
              {o.attention.budget && budgetUsed !== null ? (
                <>
                  <span className="tabular-nums">
                    {budgetUsed} of {o.attention.budget.limit}
                  </span>{' '}
                  {budgetUsed > o.attention.budget.limit * 0.66 && (
                    <Badge tone="warning">busy: recent answers are served</Badge>
                  )}
                </>
              ) : (
                <span className="text-slate-500">no request yet</span>
              )}
            </li>
            <li>
              <span className="font-medium text-slate-800">Failed allocation applies, last 7 days: </span>
              <Link
                href="/activity?action=apply-allocation&result=failed"
                className="tabular-nums text-brand-700 hover:underline"
                data-testid="failed-applies"
              >
                {o.attention.failedAppliesThisWeek}
              </Link>
            </li>
          </ul>
        </Card>
      </div>
    </div>
  );
}
