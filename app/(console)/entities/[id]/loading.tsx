import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import {
  PageSkeleton,
  SkeletonCard,
  SkeletonControl,
  SkeletonFields,
  SkeletonForm,
  SkeletonTitle,
} from '@/components/ui/skeleton';

export default function EntityLoading() {
  return (
    <PageSkeleton label="the entity" width="5xl">
      <PageHeader trail={[{ href: '/entities', label: 'Entities' }]} title={<SkeletonTitle label="Entity" />} />
      <Card title="Details">
        <SkeletonFields
          labels={['Id', 'Organization (org_id)', 'Default locale', 'Default program', 'Created', 'Updated']}
        />
      </Card>
      <Card title="Edit">
        <SkeletonForm fields={['Name', 'Default locale', 'Default program']} />
      </Card>
      <SkeletonCard title="Programs" lines={3} />
      <Card title="Logo">
        <SkeletonControl size="area" />
      </Card>
    </PageSkeleton>
  );
}
