import { useTranslations } from 'next-intl';

import {
  CoversSkeleton,
  FiguresSkeleton,
  OverviewHeadingSkeleton,
  TodaySkeleton,
} from '@/components/overview/overview-skeleton';
import { PageSkeleton } from '@/components/ui/skeleton';
import { OVERVIEW_DAYS } from '@/lib/server/overview';

export default function OverviewLoading() {
  const t = useTranslations('overview');
  return (
    <PageSkeleton label={t('loading')}>
      <OverviewHeadingSkeleton />
      <TodaySkeleton />
      <CoversSkeleton days={OVERVIEW_DAYS} />
      <FiguresSkeleton />
    </PageSkeleton>
  );
}
