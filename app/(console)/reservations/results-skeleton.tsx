import { Card } from '@/components/ui/card';
import { SectionSkeleton, SkeletonForm, SkeletonTable } from '@/components/ui/skeleton';

/** The search's results while the API answers: the results table's toolbar, columns, rows and paging. */
export function ResultsSkeleton() {
  return (
    <SectionSkeleton label="the search’s results" testId="reservations-loading">
      <Card>
        <SkeletonTable columns={['Guest', 'Status', 'Date', 'Time', 'Party', 'Venue', 'Locale']} toolbar pager />
      </Card>
    </SectionSkeleton>
  );
}

/** The filter builder's place before its page arrives (its conditions come from the address). */
export function FiltersSkeleton() {
  return (
    <Card>
      <SkeletonForm fields={['Presets', 'Conditions']} />
    </Card>
  );
}
