import { useTimeZone, useTranslations } from 'next-intl';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonForm, SkeletonTable } from '@/components/ui/skeleton';

export default function ActivityLoading() {
  const t = useTranslations('activity');
  const filters = ['member', 'action', 'result', 'from', 'to', 'rowsPerPage'] as const;
  const zone = useTimeZone() ?? 'UTC';
  const columns = ['when', 'who', 'action', 'resource', 'result'] as const;
  return (
    <PageSkeleton label={t('loadingLabel')}>
      <PageHeader title={t('title')} description={t('description')} />
      <SkeletonForm fields={filters.map((f) => t(`filters.${f}`, { zone }))} />
      <Card>
        <SkeletonTable columns={columns.map((c) => t(`columns.${c}`, { zone }))} toolbar />
      </Card>
    </PageSkeleton>
  );
}
