import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { oldestAsOf, readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { listDelegates } from '@/lib/server/directory';
import { pageParams, type SearchParams } from '@/lib/server/http';
import { myTablePreferences } from '@/lib/server/preferences';

import { DelegateTable } from './delegate-table';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('delegates');
  return { title: t('metaTitle') };
}

export default async function DelegatesPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaff('viewer');
  const t = await getTranslations('delegates');
  // The member's page size, unless the address names another (a link someone shared).
  const preferred = (await myTablePreferences()).pageSize;
  const { page, limit } = await pageParams(searchParams, preferred);
  const keep: Record<string, string> = limit === preferred ? {} : { limit: String(limit) };
  const result = await readApi(() => listDelegates(page, limit));
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader asOf={oldestAsOf(result)} title={t('title')} description={t('description')} />
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
            params={keep}
          />
        </Card>
      ) : (
        <ErrorState title={t('listError')} message={result.error} />
      )}
    </div>
  );
}
