import type { Metadata } from 'next';
import { ErrorState } from '@/components/ui/error-state';
import { compactRows } from '@/lib/allocation';
import { loadAllocationData } from '@/lib/server/allocations';
import { readApi } from '@/lib/server/read';
import { hasRole } from '@/lib/server/roles';
import { requireStaff } from '@/lib/server/session';
import { AllocationGrid } from './allocation-grid';
import { readGridFilters } from './filters';

export const metadata: Metadata = { title: 'Allocations' };

export default async function AllocationsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const staff = await requireStaff('viewer');
  const filters = readGridFilters(await searchParams);
  const data = await readApi(loadAllocationData);
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">Seat allocations</h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-500">
          Each row is a commitment; each column an entity these credentials manage. Drag a boundary in the capacity bar, use the arrow keys on it
          (Shift for 10), or type a number. Nothing is sent until you review and apply.
        </p>
      </div>
      {data.ok ? (
        <>
          {data.data.unreadable.length > 0 && (
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200" data-testid="allocation-unreadable">
              Not shown: {data.data.unreadable.map((u) => `${u.name} (${u.message})`).join('; ')}
            </p>
          )}
          <AllocationGrid
            data={{ ...data.data, rowsByEntity: compactRows(data.data.entities, data.data.rowsByEntity) }}
            filters={filters}
            canEdit={hasRole(staff.role, 'operator')}
          />
        </>
      ) : (
        <ErrorState title="The allocations could not be read" message={data.error} />
      )}
    </div>
  );
}
