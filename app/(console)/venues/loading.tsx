import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonTable } from '@/components/ui/skeleton';

export default function VenuesLoading() {
  return (
    <PageSkeleton label="venues" width="5xl">
      <PageHeader title="Venues" description="Venues visible to the selected entity (GET /v2/venues)." />
      <Card>
        <SkeletonTable columns={['Venue', 'Market', 'Address', 'Seating areas']} toolbar pager />
      </Card>
    </PageSkeleton>
  );
}
