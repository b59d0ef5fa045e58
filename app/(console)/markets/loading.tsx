import { useTranslations } from 'next-intl';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonTable } from '@/components/ui/skeleton';

export default function MarketsLoading() {
  const t = useTranslations('markets');
  return (
    <PageSkeleton label={t('loadingLabel')} width="3xl">
      <PageHeader title={t('title')} description={t('description')} />
      <Card>
        <SkeletonTable columns={[t('columns.market'), t('columns.id')]} pager />
      </Card>
    </PageSkeleton>
  );
}
