import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton, SkeletonControl } from '@/components/ui/skeleton';

import { FiltersSkeleton, ResultsSkeleton } from './results-skeleton';

export default function ReservationsLoading() {
  return (
    <PageSkeleton label="reservations">
      <PageHeader
        title="Reservations"
        description="The selected entity’s reservations (GET /v2/reservations). The address of this page is the API’s own filter syntax, so a search can be shared as a link."
        actions={<SkeletonControl />}
      />
      <FiltersSkeleton />
      <ResultsSkeleton />
    </PageSkeleton>
  );
}
