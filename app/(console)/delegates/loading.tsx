import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonTable } from '@/components/ui/skeleton';

export default function DelegatesLoading() {
  return (
    <PageSkeleton label="delegates" width="5xl">
      <PageHeader
        title="Delegates"
        description="The delegated identities this partner manages (GET /v2/identities/me/delegates)."
      />
      <Card>
        <SkeletonTable columns={['Name', 'Client id', 'Entities', 'Status']} toolbar pager />
      </Card>
    </PageSkeleton>
  );
}
