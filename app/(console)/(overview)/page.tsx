import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';

import { LiveRefresh } from '@/components/live/live-follow';
import { CoversChart } from '@/components/overview/covers-chart';
import {
  CoversSkeleton,
  FiguresSkeleton,
  RecentChangesSkeleton,
  ScopeLineSkeleton,
  TodaySkeleton,
} from '@/components/overview/overview-skeleton';
import { RecentChanges } from '@/components/overview/recent-changes';
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
import { getFormatter, type SearchParams } from '@/lib/server/http';
import {
  getOverview,
  getRecentChanges,
  OVERVIEW_DAYS,
  overviewConditions,
  type Overview,
  type OverviewScope,
} from '@/lib/server/overview';

import { NewReservationLink } from '../reservations/new/new-reservation-link';
import { FiguresSection } from './overview-figures';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('overview');
  return { title: t('metaTitle') };
}

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
  const t = await getTranslations('overview');
  const partner = scope === 'partner';
  const tab = (active: boolean) =>
    `rounded-md px-2.5 py-1 text-sm font-medium ${active ? 'bg-brand-600 text-white' : 'text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50'}`;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      {/* Another member's booking, cancel, apply or entity change: the figures and the day's changes follow, at most every 5 s. */}
      <LiveRefresh entityId={null} kinds={['reservation.', 'allocation.', 'entity.']} debounceMs={5_000} />
      <PageHeader
        title={t('title')}
        description={
          <Suspense fallback={<ScopeLineSkeleton />}>
            <ScopeLine overview={overview} />
          </Suspense>
        }
        actions={
          <>
            {hasRole(staff.role, 'operator') && <NewReservationLink />}
            <nav aria-label={t('scopeNav')} className="flex gap-2">
              <Link href="/" className={tab(!partner)} aria-current={!partner ? 'page' : undefined}>
                <Suspense fallback={t('selectedEntity')}>
                  <EntityTabLabel selected={selected} />
                </Suspense>
              </Link>
              <Link
                href="/?scope=partner"
                className={tab(partner)}
                aria-current={partner ? 'page' : undefined}
                data-testid="scope-partner"
              >
                {t('wholePartner')}
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

      <Suspense fallback={<RecentChangesSkeleton />}>
        <RecentChangesSection overview={overview} />
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
  if (entity.ok && entity.data) return entity.data.name;
  const t = await getTranslations('overview');
  return t('selectedEntity');
}

/** Whose figures these are and which day is today at the venues. */
async function ScopeLine({ overview }: { overview: OverviewRead }) {
  const result = await overview;
  if (!result.ok) return null;
  const o = result.data;
  const [t, format] = await Promise.all([getTranslations('overview'), getFormatter()]);
  return (
    <p data-testid="overview-scope">
      {t.rich('scopeLine', {
        scope: o.scope === 'partner' ? 'partner' : o.entity ? 'entity' : 'none',
        count: o.entityCount,
        name: o.entity?.name ?? '',
        date: format.day(o.today),
        today: (chunks) => (
          <time data-testid="overview-today" dateTime={o.today}>
            {chunks}
          </time>
        ),
      })}
    </p>
  );
}

/** Today's figures; where the overview could not be read, the error in its place. */
async function TodaySection({ overview }: { overview: OverviewRead }) {
  const result = await overview;
  if (!result.ok) {
    const t = await getTranslations('overview');
    return <ErrorState title={t('error')} message={result.error} />;
  }
  return (
    <>
      <AsOfNote asOf={result.asOf} />
      <TodayBlock initial={result.data.todayView} scope={result.data.scope} />
    </>
  );
}

/** The day's changes in the scope (the dashboard's own change feed, no API request). */
async function RecentChangesSection({ overview }: { overview: OverviewRead }) {
  const result = await overview;
  if (!result.ok) return null;
  const [changes, format] = await Promise.all([getRecentChanges(result.data), getFormatter()]);
  return (
    <RecentChanges
      changes={changes}
      timeOf={(iso) => format.momentTime(iso)}
      partner={result.data.scope === 'partner'}
    />
  );
}

async function CoversSection({ overview }: { overview: OverviewRead }) {
  const result = await overview;
  if (!result.ok) return null;
  const o = result.data;
  const partner = o.scope === 'partner';
  const [t, format] = await Promise.all([getTranslations('overview.covers'), getFormatter()]);
  return (
    <Card
      title={t('title', { days: o.days.length })}
      actions={
        partner ? undefined : (
          <Link
            href={search(overviewConditions(o.today).concat(notCanceled))}
            className="text-sm text-brand-700 hover:underline"
          >
            {t('allOfThem')}
          </Link>
        )
      }
    >
      <CoversChart
        days={o.days.map((d) => ({ ...d, href: partner ? undefined : search([onDay(d.date), notCanceled]) }))}
        count={format.number}
      />
    </Card>
  );
}
