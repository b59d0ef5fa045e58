import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { oldestAsOf, readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { listMarkets } from '@/lib/server/directory';
import { pageParams, type SearchParams } from '@/lib/server/http';
import { myTablePreferences } from '@/lib/server/preferences';

import { MarketTable } from './market-table';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('markets');
  return { title: t('metaTitle') };
}

export default async function MarketsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaff('viewer');
  // The member's page size, unless the address names another (a link someone shared).
  const preferred = (await myTablePreferences()).pageSize;
  const { page, limit } = await pageParams(searchParams, preferred);
  const keep: Record<string, string> = limit === preferred ? {} : { limit: String(limit) };
  const [markets, t] = await Promise.all([readApi(() => listMarkets(page, limit)), getTranslations('markets')]);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader asOf={oldestAsOf(markets)} title={t('title')} description={t('description')} />
      {!markets.ok ? (
        <ErrorState title={t('listError')} message={markets.error} />
      ) : (
        <Card>
          <MarketTable markets={markets.data.items.map((m) => ({ id: m.id, name: m.name }))} />
          <Pager
            page={markets.data.page}
            totalPages={markets.data.totalPages}
            totalItems={markets.data.totalItems}
            params={keep}
            basePath="/markets"
          />
        </Card>
      )}
    </div>
  );
}
