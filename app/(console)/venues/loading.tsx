import { useTranslations } from 'next-intl';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonTable } from '@/components/ui/skeleton';

const COLUMNS = ['venue', 'market', 'address', 'seatingAreas'] as const;

export default function VenuesLoading() {
  const t = useTranslations('venues');
  return (
    <PageSkeleton label={t('loadingLabel')} width="5xl">
      <PageHeader title={t('title')} description={t('description')} />
      <Card>
        <SkeletonTable columns={COLUMNS.map((c) => t(`columns.${c}`))} toolbar pager />
      </Card>
    </PageSkeleton>
  );
}
