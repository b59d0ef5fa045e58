import { useTranslations } from 'next-intl';

import { PageSkeleton } from '@/components/ui/skeleton';

import { AllocationsHeading, GridSkeleton } from './grid-skeleton';

export default function AllocationsLoading() {
  const t = useTranslations('allocations');
  return (
    <PageSkeleton label={t('loadingLabel')} width="full">
      <AllocationsHeading />
      <GridSkeleton />
    </PageSkeleton>
  );
}
