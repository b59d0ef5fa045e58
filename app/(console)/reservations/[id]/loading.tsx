import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonFields, SkeletonTitle } from '@/components/ui/skeleton';

export default function ReservationLoading() {
  return (
    <PageSkeleton label="the reservation" width="5xl">
      <PageHeader
        trail={[{ href: '/reservations', label: 'Reservations' }]}
        title={<SkeletonTitle label="Reservation" />}
      />
      <Card title="Booking">
        <SkeletonFields
          labels={[
            'Status',
            'Date',
            'Time (at the venue)',
            'Party size',
            'Venue',
            'Program',
            'Seating area',
            'Locale',
            'Notes',
          ]}
        />
      </Card>
      <Card title="Guest">
        <SkeletonFields labels={['First name', 'Last name', 'E-mail', 'Phone']} />
      </Card>
      <Card title="Record">
        <SkeletonFields labels={['Reservation id', 'Entity', 'Created', 'Updated', 'Canceled']} />
      </Card>
    </PageSkeleton>
  );
}
