import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';

import { Card } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { Pager } from '@/components/ui/pager';
import { oldestAsOf, readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { listMarkets, listVenues } from '@/lib/server/directory';
import { pageParams, type SearchParams } from '@/lib/server/http';
import { myTablePreferences } from '@/lib/server/preferences';

import { VenueTable } from './venue-table';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('venues');
  return { title: t('metaTitle') };
}

export default async function VenuesPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaff('viewer');
  // The member's page size, unless the address names another (a link someone shared).
  const preferred = (await myTablePreferences()).pageSize;
  const { page, limit } = await pageParams(searchParams, preferred);
  const keep: Record<string, string> = limit === preferred ? {} : { limit: String(limit) };
  const [venues, markets, t] = await Promise.all([
    readApi(() => listVenues(page, limit)),
    readApi(() => listMarkets(1, 100)),
    getTranslations('venues'),
  ]);
  const marketName = new Map(markets.ok ? markets.data.items.map((m) => [m.id, m.name]) : []);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader asOf={oldestAsOf(venues, markets)} title={t('title')} description={t('description')} />
      {!venues.ok ? (
        <ErrorState title={t('listError')} message={venues.error} />
      ) : (
        <Card>
          <VenueTable
            venues={venues.data.items.map((v) => ({
              id: v.id,
              name: v.name,
              market: v.market_id ? (marketName.get(v.market_id) ?? null) : null,
              address: v.address ? v.address.line1 : null,
              seatingAreas: v.seating_areas?.length ?? 0,
            }))}
          />
          <Pager
            page={venues.data.page}
            totalPages={venues.data.totalPages}
            totalItems={venues.data.totalItems}
            params={keep}
            basePath="/venues"
          />
        </Card>
      )}
    </div>
  );
}
