import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonForm, SkeletonLine } from '@/components/ui/skeleton';

export default function NewReservationLoading() {
  return (
    <PageSkeleton label="the booking form" width="5xl">
      <PageHeader
        title="New reservation"
        trail={[{ href: '/reservations', label: 'Reservations' }]}
        description={<SkeletonLine width="xl" />}
      />
      <Card>
        <SkeletonForm fields={['Venue', 'Date', 'Party size']} />
      </Card>
    </PageSkeleton>
  );
}
