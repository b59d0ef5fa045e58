import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonTable } from '@/components/ui/skeleton';

export default function MarketsLoading() {
  return (
    <PageSkeleton label="markets" width="3xl">
      <PageHeader title="Markets" description="Geographic markets used for multi-venue search (GET /v2/markets)." />
      <Card>
        <SkeletonTable columns={['Market', 'Id']} pager />
      </Card>
    </PageSkeleton>
  );
}
