import type { Metadata } from 'next';
import { ErrorState } from '@/components/ui/error-state';
import { Pager } from '@/components/ui/pager';
import { listMarkets } from '@/lib/server/directory';
import { pageParams, type SearchParams } from '@/lib/server/params';
import { readApi } from '@/lib/server/read';
import { requireStaff } from '@/lib/server/session';

export const metadata: Metadata = { title: 'Markets' };

export default async function MarketsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireStaff('viewer');
  const { page, limit } = await pageParams(searchParams, 25);
  const markets = await readApi(() => listMarkets(page, limit));
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-xl font-semibold text-slate-900">Markets</h1>
        <p className="mt-1 text-sm text-slate-500">Geographic markets used for multi-venue search (GET /v2/markets).</p>
      </div>
      {!markets.ok ? (
        <ErrorState title="Markets could not be listed" message={markets.error} />
      ) : markets.data.items.length === 0 ? (
        <p className="rounded-lg bg-white py-10 text-center text-sm text-slate-500 ring-1 ring-slate-200">No markets.</p>
      ) : (
        <div className="rounded-lg bg-white px-5 py-4 shadow-sm ring-1 ring-slate-200">
          <ul className="divide-y divide-slate-100 text-sm" data-testid="market-list">
            {markets.data.items.map((m) => (
              <li key={m.id} className="flex justify-between py-2.5">
                <span className="font-medium">{m.name}</span>
                <code className="font-mono text-xs text-slate-500">{m.id}</code>
              </li>
            ))}
          </ul>
          <Pager page={markets.data.page} totalPages={markets.data.totalPages} totalItems={markets.data.totalItems} basePath="/markets" />
        </div>
      )}
    </div>
  );
}
