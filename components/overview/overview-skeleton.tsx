import { useTranslations } from 'next-intl';

import { PageHeader } from '@/components/ui/page-header';
import {
  SectionSkeleton,
  SkeletonCard,
  SkeletonChart,
  SkeletonControl,
  SkeletonFigures,
  SkeletonLines,
  SkeletonParagraph,
} from '@/components/ui/skeleton';

/** The keys of the "Today" figures' labels, as TodayBlock names them. */
const TODAY_FIGURES = ['reservations', 'covers', 'noShows', 'stillToArrive'] as const;

/** The line under the heading (whose figures, which day) while the overview is read. */
export function ScopeLineSkeleton() {
  return (
    <div className="max-w-2xl">
      <SkeletonParagraph lines={1} phoneLines={2} />
    </div>
  );
}

/** The "Today" block's shape: its heading, the four figures and its two cards. */
export function TodaySkeleton() {
  const t = useTranslations('overview.today');
  return (
    <SectionSkeleton label={t('loading')} testId="overview-today-loading">
      <section className="space-y-3">
        <h2 className="text-sm font-semibold text-slate-800">{t('heading')}</h2>
        <SkeletonFigures labels={TODAY_FIGURES.map((key) => t(key))} />
        <div className="grid gap-4 lg:grid-cols-2">
          <SkeletonCard title={t('byStatus')} lines={3} />
          <SkeletonCard title={t('nextArrivals')} lines={3} />
        </div>
      </section>
    </SectionSkeleton>
  );
}

/** The covers chart's card. */
export function CoversSkeleton({ days }: { days: number }) {
  const t = useTranslations('overview.covers');
  return (
    <SectionSkeleton label={t('loading')}>
      <SkeletonCard title={t('title', { days })}>
        <SkeletonChart />
      </SkeletonCard>
    </SectionSkeleton>
  );
}

/** The allocations and "Needs attention" cards side by side. */
export function FiguresSkeleton() {
  const t = useTranslations('overview');
  return (
    <SectionSkeleton label={t('attention.loading')}>
      <div className="grid gap-4 lg:grid-cols-2">
        <SkeletonCard title={t('allocations.title')}>
          <SkeletonLines count={5} />
        </SkeletonCard>
        <SkeletonCard title={t('attention.title')}>
          <SkeletonLines count={4} divided={false} />
        </SkeletonCard>
      </div>
    </SectionSkeleton>
  );
}

/** The heading's controls (New reservation, the two scope tabs) before the page's first bytes. */
export function HeadingControlsSkeleton() {
  return (
    <div aria-hidden="true" className="flex flex-wrap items-center gap-2">
      <SkeletonControl size="md" />
      <div className="flex gap-2">
        <SkeletonControl size="tab" />
        <SkeletonControl size="tab" />
      </div>
    </div>
  );
}

/** The overview's heading and the line under it, before the page's first bytes. */
export function OverviewHeadingSkeleton() {
  const t = useTranslations('overview');
  return <PageHeader title={t('title')} description={<ScopeLineSkeleton />} actions={<HeadingControlsSkeleton />} />;
}

/** The day's changes: their card with a few lines. */
export function RecentChangesSkeleton() {
  const t = useTranslations('overview.recent');
  return (
    <SectionSkeleton label={t('loading')}>
      <SkeletonCard title={t('title')} lines={4} />
    </SectionSkeleton>
  );
}
