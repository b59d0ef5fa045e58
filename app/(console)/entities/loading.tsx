import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonControl, SkeletonTable } from '@/components/ui/skeleton';

export default function EntitiesLoading() {
  return (
    <PageSkeleton label="entities">
      <PageHeader
        title="Entities"
        description="The brands and channels assigned to these credentials (GET /v2/entities)."
        actions={<SkeletonControl />}
      />
      <Card>
        <SkeletonTable columns={['Entity', 'Organization', 'Default program', 'Default locale', 'Programs']} toolbar />
      </Card>
    </PageSkeleton>
  );
}
