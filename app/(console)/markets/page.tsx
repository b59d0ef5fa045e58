import type { Metadata } from 'next';

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

export const metadata: Metadata = { title: 'Markets' };

export default async function MarketsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaff('viewer');
  // The member's page size, unless the address names another (a link someone shared).
  const preferred = (await myTablePreferences()).pageSize;
  const { page, limit } = await pageParams(searchParams, preferred);
  const keep: Record<string, string> = limit === preferred ? {} : { limit: String(limit) };
  const markets = await readApi(() => listMarkets(page, limit));
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        asOf={oldestAsOf(markets)}
        title="Markets"
        description="Geographic markets used for multi-venue search (GET /v2/markets)."
      />
      {!markets.ok ? (
        <ErrorState title="Markets could not be listed" message={markets.error} />
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
