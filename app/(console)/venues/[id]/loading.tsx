import { useTranslations } from 'next-intl';

import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonCard, SkeletonLine, SkeletonTable, SkeletonTitle } from '@/components/ui/skeleton';

const COLUMNS = ['days', 'time', 'status', 'total', 'thisEntity', 'others', 'unallocated'] as const;

export default function VenueLoading() {
  const t = useTranslations('venues');
  return (
    <PageSkeleton label={t('detail.loadingLabel')} width="5xl">
      <PageHeader
        trail={[{ href: '/venues', label: t('title') }]}
        title={<SkeletonTitle label={t('detail.namePlaceholder')} />}
        description={<SkeletonLine width="lg" />}
      />
      <div className="grid gap-6 md:grid-cols-2">
        <SkeletonCard title={t('detail.address')} lines={3} />
        <SkeletonCard title={t('detail.seatingAreas')} lines={3} />
      </div>
      <Card title={t('detail.commitments')}>
        <SkeletonTable columns={COLUMNS.map((c) => t(`detail.columns.${c}`))} rows={4} />
      </Card>
    </PageSkeleton>
  );
}
