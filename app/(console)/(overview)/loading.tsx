import {
  CoversSkeleton,
  FiguresSkeleton,
  OverviewHeadingSkeleton,
  TodaySkeleton,
} from '@/components/overview/overview-skeleton';
import { PageSkeleton } from '@/components/ui/skeleton';
import { OVERVIEW_DAYS } from '@/lib/server/overview';

export default function OverviewLoading() {
  return (
    <PageSkeleton label="the overview">
      <OverviewHeadingSkeleton />
      <TodaySkeleton />
      <CoversSkeleton days={OVERVIEW_DAYS} />
      <FiguresSkeleton />
    </PageSkeleton>
  );
}
