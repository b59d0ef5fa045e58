import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonControl, SkeletonTable } from '@/components/ui/skeleton';

export default function TeamLoading() {
  return (
    <PageSkeleton label="the team" width="5xl">
      <PageHeader
        title="Team"
        description="Viewers read; operators also modify and cancel reservations and edit allocations; admins also edit entities and the team."
      />
      <Card>
        <div className="space-y-6">
          <SkeletonControl />
          <SkeletonTable columns={['Member', 'Role', 'Status']} rows={4} />
        </div>
      </Card>
    </PageSkeleton>
  );
}
