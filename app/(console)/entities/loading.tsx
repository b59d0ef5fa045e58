import { useTranslations } from 'next-intl';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonControl, SkeletonTable } from '@/components/ui/skeleton';

export default function EntitiesLoading() {
  const t = useTranslations('entities');
  return (
    <PageSkeleton label={t('loadingLabel')}>
      <PageHeader title={t('title')} description={t('description')} actions={<SkeletonControl />} />
      <Card>
        <SkeletonTable
          columns={[
            t('columns.entity'),
            t('columns.organization'),
            t('columns.defaultProgram'),
            t('columns.defaultLocale'),
            t('columns.programs'),
          ]}
          toolbar
        />
      </Card>
    </PageSkeleton>
  );
}
