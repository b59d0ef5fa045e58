import type { Metadata } from 'next';

import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { oldestAsOf, readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { listDelegates } from '@/lib/server/directory';
import { pageParams, type SearchParams } from '@/lib/server/http';

import { DelegateTable } from './delegate-table';

export const metadata: Metadata = { title: 'Delegates' };

export default async function DelegatesPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaff('viewer');
  const { page, limit } = await pageParams(searchParams, 10);
  const result = await readApi(() => listDelegates(page, limit));
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        asOf={oldestAsOf(result)}
        title="Delegates"
        description="The delegated identities this partner manages (GET /v2/identities/me/delegates)."
      />
      {result.ok ? (
        <Card>
          <DelegateTable
            key={page}
            delegates={result.data.items.map((d) => ({
              id: d.id,
              name: d.name,
              clientId: d.client_id,
              status: d.status,
              suspensionSource: d.suspension_source ?? null,
              entityCount: d.associated_entity_ids.length,
            }))}
          />
          <Pager
            page={result.data.page}
            totalPages={result.data.totalPages}
            totalItems={result.data.totalItems}
            basePath="/delegates"
            params={{ limit: String(limit) }}
          />
        </Card>
      ) : (
        <ErrorState title="Delegates could not be listed" message={result.error} />
      )}
    </div>
  );
}
