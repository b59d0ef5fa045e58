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

/** The labels of the "Today" figures, as TodayBlock names them. */
const TODAY_FIGURES = ['Reservations', 'Covers', 'No-shows so far', 'Still to arrive'];

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
  return (
    <SectionSkeleton label="today’s figures" testId="overview-today-loading">
      <section className="space-y-3">
        <h2 className="text-sm font-semibold text-slate-800">Today</h2>
        <SkeletonFigures labels={TODAY_FIGURES} />
        <div className="grid gap-4 lg:grid-cols-2">
          <SkeletonCard title="By status" lines={3} />
          <SkeletonCard title="Next arrivals" lines={3} />
        </div>
      </section>
    </SectionSkeleton>
  );
}

/** The covers chart's card. */
export function CoversSkeleton({ days }: { days: number }) {
  return (
    <SectionSkeleton label="covers per day">
      <SkeletonCard title={`Covers, next ${days} days`}>
        <SkeletonChart />
      </SkeletonCard>
    </SectionSkeleton>
  );
}

/** The allocations and "Needs attention" cards side by side. */
export function FiguresSkeleton() {
  return (
    <SectionSkeleton label="allocations and what needs attention">
      <div className="grid gap-4 lg:grid-cols-2">
        <SkeletonCard title="Allocations">
          <SkeletonLines count={5} />
        </SkeletonCard>
        <SkeletonCard title="Needs attention">
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
  return <PageHeader title="Overview" description={<ScopeLineSkeleton />} actions={<HeadingControlsSkeleton />} />;
}
