import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonCard, SkeletonFields, SkeletonTitle } from '@/components/ui/skeleton';

export default function DelegateLoading() {
  return (
    <PageSkeleton label="the delegate" width="4xl">
      <PageHeader trail={[{ href: '/delegates', label: 'Delegates' }]} title={<SkeletonTitle label="Delegate" />} />
      <Card title="Delegate identity">
        <SkeletonFields
          labels={[
            'Id',
            'Type',
            'Client id',
            'Status',
            'Parent identity (the partner)',
            'Suspension source',
            'Suspended at',
            'Default entity',
            'Created',
            'Updated',
          ]}
        />
      </Card>
      <SkeletonCard title="Entities" lines={2} />
    </PageSkeleton>
  );
}
