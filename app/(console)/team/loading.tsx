import { useTranslations } from 'next-intl';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonControl, SkeletonTable } from '@/components/ui/skeleton';

export default function TeamLoading() {
  const t = useTranslations('team');
  return (
    <PageSkeleton label={t('loadingLabel')} width="5xl">
      <PageHeader title={t('title')} description={t('description')} />
      <Card>
        <div className="space-y-6">
          <SkeletonControl />
          <SkeletonTable columns={[t('columns.member'), t('columns.role'), t('columns.status')]} rows={4} />
        </div>
      </Card>
    </PageSkeleton>
  );
}
