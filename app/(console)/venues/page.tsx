import type { Metadata } from 'next';
import Link from 'next/link';
import { ErrorState } from '@/components/ui/error-state';
import { Pager } from '@/components/ui/pager';
import { listMarkets, listVenues } from '@/lib/server/directory';
import { pageParams, type SearchParams } from '@/lib/server/params';
import { readApi } from '@/lib/server/read';
import { requireStaff } from '@/lib/server/session';

export const metadata: Metadata = { title: 'Venues' };

export default async function VenuesPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaff('viewer');
  const { page, limit } = await pageParams(searchParams, 25);
  const [venues, markets] = await Promise.all([readApi(() => listVenues(page, limit)), readApi(() => listMarkets(1, 100))]);
  const marketName = new Map(markets.ok ? markets.data.items.map((m) => [m.id, m.name]) : []);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">Venues</h1>
        <p className="mt-1 text-sm text-slate-500">Venues visible to the selected entity (GET /v2/venues).</p>
      </div>
      {!venues.ok ? (
        <ErrorState title="Venues could not be listed" message={venues.error} />
      ) : venues.data.items.length === 0 ? (
        <p className="rounded-lg bg-white py-10 text-center text-sm text-slate-500 ring-1 ring-slate-200">No venues.</p>
      ) : (
        <div className="rounded-lg bg-white px-5 py-4 shadow-sm ring-1 ring-slate-200">
          <table className="w-full text-left text-sm" data-testid="venue-table">
            <thead className="text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="py-2 font-medium">Venue</th>
                <th className="py-2 font-medium">Market</th>
                <th className="py-2 font-medium">Address</th>
                <th className="py-2 font-medium">Seating areas</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {venues.data.items.map((v) => (
                <tr key={v.id}>
                  <td className="py-2.5">
                    <Link href={`/venues/${v.id}`} className="font-medium text-brand-700 hover:underline">
                      {v.name}
                    </Link>
                  </td>
                  <td className="py-2.5">{v.market_id ? (marketName.get(v.market_id) ?? '—') : '—'}</td>
                  <td className="py-2.5 text-slate-600">{v.address ? v.address.line1 : <span className="text-slate-400">no address</span>}</td>
                  <td className="py-2.5">{v.seating_areas?.length ?? 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager page={venues.data.page} totalPages={venues.data.totalPages} totalItems={venues.data.totalItems} basePath="/venues" />
        </div>
      )}
    </div>
  );
}
