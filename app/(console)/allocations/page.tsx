import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';

import { AsOfNote } from '@/components/ui/as-of-note';
import { ErrorState } from '@/components/ui/error-state';
import { hasRole } from '@/lib/auth/roles';
import { translateSaid } from '@/lib/i18n/said';
import { gridData, loadAllocationData } from '@/lib/server/allocations';
import { readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';

import { AllocationGrid } from './allocation-grid';
import type { GridFilters } from './filters';
import { AllocationsHeading, GridSkeleton } from './grid-skeleton';
import { readGridFilters } from './read-filters';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('allocations');
  return { title: t('metaTitle') };
}

export default async function AllocationsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const staff = await requireStaff('viewer');
  const filters = readGridFilters(await searchParams);
  return (
    <div className="space-y-5">
      <AllocationsHeading />
      {/* The heading shows at once; the grid follows when every entity's rows are read. */}
      <Suspense fallback={<GridSkeleton />}>
        <Grid filters={filters} canEdit={hasRole(staff.role, 'operator')} />
      </Suspense>
    </div>
  );
}

async function Grid({ filters, canEdit }: { filters: GridFilters; canEdit: boolean }) {
  const [data, t, tAll] = await Promise.all([
    readApi(() => loadAllocationData({ venue: filters.venue, program: filters.program })),
    getTranslations('allocations'),
    getTranslations(),
  ]);
  if (!data.ok) return <ErrorState title={t('readError')} message={data.error} />;
  return (
    <>
      <AsOfNote asOf={data.asOf} />
      {data.data.unreadable.length > 0 && (
        <p
          className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="allocation-unreadable"
        >
          {t('notShown', {
            list: data.data.unreadable
              .map((u) => t('unreadableEntity', { name: u.name, message: translateSaid(tAll, u.why) }))
              .join(tAll('allocations.problems.separator')),
          })}
        </p>
      )}
      <AllocationGrid data={gridData(data.data)} filters={filters} canEdit={canEdit} />
    </>
  );
}
