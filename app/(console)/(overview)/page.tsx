import type { Metadata } from 'next';
import { Suspense } from 'react';

import { CoversChart } from '@/components/overview/covers-chart';
import {
  CoversSkeleton,
  FiguresSkeleton,
  ScopeLineSkeleton,
  TodaySkeleton,
} from '@/components/overview/overview-skeleton';
import { TodayBlock } from '@/components/overview/today-block';
import { AsOfNote } from '@/components/ui/as-of-note';
import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { Link } from '@/components/ui/link';
import { PageHeader } from '@/components/ui/page-header';
import { hasRole } from '@/lib/auth/roles';
import { notCanceled, onDay, searchHref } from '@/lib/overview/links';
import { readApi, type ReadResult } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { getSelectedEntity } from '@/lib/server/directory';
import type { SearchParams } from '@/lib/server/http';
import {
  getOverview,
  OVERVIEW_DAYS,
  overviewConditions,
  type Overview,
  type OverviewScope,
} from '@/lib/server/overview';

import { NewReservationLink } from '../reservations/new/new-reservation-link';
import { FiguresSection } from './overview-figures';

export const metadata: Metadata = { title: 'Overview' };

const search = searchHref;

export type OverviewRead = Promise<ReadResult<Overview>>;

/**
 * The heading renders at once; each section streams in behind a skeleton of its shape. The one
 * read of the overview starts here, before anything renders, and each section awaits it.
 */
export default async function OverviewPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff();
  const scope: OverviewScope = (await searchParams).scope === 'partner' ? 'partner' : 'entity';
  const overview = readApi(() => getOverview(new Date(), scope));
  // The entity's name for its tab: the same cached read the overview makes, not another request.
  const selected = readApi(getSelectedEntity);
  const partner = scope === 'partner';
  const tab = (active: boolean) =>
    `rounded-md px-2.5 py-1 text-sm font-medium ${active ? 'bg-brand-600 text-white' : 'text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50'}`;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <PageHeader
        title="Overview"
        description={
          <Suspense fallback={<ScopeLineSkeleton />}>
            <ScopeLine overview={overview} />
          </Suspense>
        }
        actions={
          <>
            {hasRole(staff.role, 'operator') && <NewReservationLink />}
            <nav aria-label="Overview scope" className="flex gap-2">
              <Link href="/" className={tab(!partner)} aria-current={!partner ? 'page' : undefined}>
                <Suspense fallback="Selected entity">
                  <EntityTabLabel selected={selected} />
                </Suspense>
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
          </>
        }
      />

      <Suspense fallback={<TodaySkeleton />}>
        <TodaySection overview={overview} />
      </Suspense>

      <Suspense fallback={<CoversSkeleton days={OVERVIEW_DAYS} />}>
        <CoversSection overview={overview} />
      </Suspense>

      <Suspense fallback={<FiguresSkeleton />}>
        <FiguresSection overview={overview} />
      </Suspense>
    </div>
  );
}

async function EntityTabLabel({
  selected,
}: {
  selected: Promise<ReadResult<Awaited<ReturnType<typeof getSelectedEntity>>>>;
}) {
  const entity = await selected;
  return entity.ok && entity.data ? entity.data.name : 'Selected entity';
}

/** Whose figures these are and which day is today at the venues. */
async function ScopeLine({ overview }: { overview: OverviewRead }) {
  const result = await overview;
  if (!result.ok) return null;
  const o = result.data;
  return (
    <p data-testid="overview-scope">
      {o.scope === 'partner' ? (
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
  );
}

/** Today's figures; where the overview could not be read, the error in its place. */
async function TodaySection({ overview }: { overview: OverviewRead }) {
  const result = await overview;
  if (!result.ok) return <ErrorState title="The overview could not be read" message={result.error} />;
  return (
    <>
      <AsOfNote asOf={result.asOf} />
      <TodayBlock initial={result.data.todayView} scope={result.data.scope} />
    </>
  );
}

async function CoversSection({ overview }: { overview: OverviewRead }) {
  const result = await overview;
  if (!result.ok) return null;
  const o = result.data;
  const partner = o.scope === 'partner';
  return (
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
  );
}
