import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonCard, SkeletonLine, SkeletonTable, SkeletonTitle } from '@/components/ui/skeleton';

export default function VenueLoading() {
  return (
    <PageSkeleton label="the venue" width="5xl">
      <PageHeader
        trail={[{ href: '/venues', label: 'Venues' }]}
        title={<SkeletonTitle label="Venue" />}
        description={<SkeletonLine width="lg" />}
      />
      <div className="grid gap-6 md:grid-cols-2">
        <SkeletonCard title="Address" lines={3} />
        <SkeletonCard title="Seating areas" lines={3} />
      </div>
      <Card title="Commitments">
        <SkeletonTable columns={['Days', 'Time', 'Status', 'Total', 'This entity', 'Others', 'Unallocated']} rows={4} />
      </Card>
    </PageSkeleton>
  );
}
