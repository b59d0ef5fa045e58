import { useTranslations } from 'next-intl';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonTable } from '@/components/ui/skeleton';

export default function DelegatesLoading() {
  const t = useTranslations('delegates');
  return (
    <PageSkeleton label={t('loading')} width="5xl">
      <PageHeader title={t('title')} description={t('description')} />
      <Card>
        <SkeletonTable
          columns={[t('table.name'), t('table.clientId'), t('table.entities'), t('table.status')]}
          toolbar
          pager
        />
      </Card>
    </PageSkeleton>
  );
}
