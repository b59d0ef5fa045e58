import { PageHeader } from '@/components/ui/page-header';
import { SectionSkeleton, SkeletonCard, SkeletonControl, SkeletonRecordRows } from '@/components/ui/skeleton';

/** The grid page's heading: the same while the page loads and once it has. */
export function AllocationsHeading() {
  return (
    <PageHeader
      title="Seat allocations"
      description={
        <p className="max-w-3xl">
          Each row is a commitment; each column an entity these credentials manage. Drag a boundary in the capacity bar,
          use the arrow keys on it (Shift for 10), or type a number. Nothing is sent until you review and apply.
        </p>
      }
    />
  );
}

/** The grid while every entity's rows are read: its toolbar and rows. */
export function GridSkeleton() {
  return (
    <SectionSkeleton label="the allocation grid" testId="allocation-loading">
      <SkeletonControl size="toolbar" />
      <SkeletonCard note="Reading each entity’s commitments…">
        <SkeletonRecordRows count={8} />
      </SkeletonCard>
    </SectionSkeleton>
  );
}
