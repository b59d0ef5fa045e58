import type { Metadata } from 'next';
import { Suspense } from 'react';

import { AsOfNote } from '@/components/ui/as-of-note';
import { ErrorState } from '@/components/ui/error-state';
import { hasRole } from '@/lib/auth/roles';
import { gridData, loadAllocationData } from '@/lib/server/allocations';
import { readApi } from '@/lib/server/read';
import { requireStaff } from '@/lib/server/session';

import { AllocationGrid } from './allocation-grid';
import type { GridFilters } from './filters';
import { readGridFilters } from './read-filters';

export const metadata: Metadata = { title: 'Allocations' };

export default async function AllocationsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const staff = await requireStaff('viewer');
  const filters = readGridFilters(await searchParams);
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">Seat allocations</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-500">
          Each row is a commitment; each column an entity these credentials manage. Drag a boundary in the capacity bar,
          use the arrow keys on it (Shift for 10), or type a number. Nothing is sent until you review and apply.
        </p>
      </div>
      {/* The heading shows at once; the grid follows when every entity's rows are read. */}
      <Suspense fallback={<GridLoading />}>
        <Grid filters={filters} canEdit={hasRole(staff.role, 'operator')} />
      </Suspense>
    </div>
  );
}

async function Grid({ filters, canEdit }: { filters: GridFilters; canEdit: boolean }) {
  const data = await readApi(() => loadAllocationData({ venue: filters.venue, program: filters.program }));
  if (!data.ok) return <ErrorState title="The allocations could not be read" message={data.error} />;
  return (
    <>
      <AsOfNote asOf={data.asOf} />
      {data.data.unreadable.length > 0 && (
        <p
          className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
          data-testid="allocation-unreadable"
        >
          Not shown: {data.data.unreadable.map((u) => `${u.name} (${u.message})`).join('; ')}
        </p>
      )}
      <AllocationGrid data={gridData(data.data)} filters={filters} canEdit={canEdit} />
    </>
  );
}

function GridLoading() {
  return (
    <div className="space-y-4" aria-busy="true" data-testid="allocation-loading">
      <div className="h-12 animate-pulse rounded-lg bg-surface ring-1 ring-slate-200" />
      <div className="overflow-hidden rounded-lg bg-surface ring-1 ring-slate-200">
        <p className="border-b border-slate-200 bg-slate-50 px-3 py-2 text-xs font-medium text-slate-600">
          Reading each entity&apos;s commitments…
        </p>
        <div className="animate-pulse space-y-2 p-3">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="h-10 rounded bg-slate-100" />
          ))}
        </div>
      </div>
    </div>
  );
}
