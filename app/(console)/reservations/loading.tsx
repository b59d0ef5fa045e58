import { useTranslations } from 'next-intl';

import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonControl } from '@/components/ui/skeleton';

import { FiltersSkeleton, ResultsSkeleton } from './results-skeleton';

export default function ReservationsLoading() {
  const t = useTranslations('reservations');
  return (
    <PageSkeleton label={t('loadingLabel')}>
      <PageHeader title={t('title')} description={t('description')} actions={<SkeletonControl />} />
      <FiltersSkeleton />
      <ResultsSkeleton />
    </PageSkeleton>
  );
}
