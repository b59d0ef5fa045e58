import { PageSkeleton } from '@/components/ui/skeleton';

import { AllocationsHeading, GridSkeleton } from './grid-skeleton';

export default function AllocationsLoading() {
  return (
    <PageSkeleton label="seat allocations" width="full">
      <AllocationsHeading />
      <GridSkeleton />
    </PageSkeleton>
  );
}
