import type { Metadata } from 'next';
import Link from 'next/link';
import { ErrorState } from '@/components/ui/error-state';
import { buildFilterParams, parseFilterQuery, RESERVATION_FILTERS, toQueryString } from '@/lib/guestbook/filters';
import { pageParams, type SearchParams } from '@/lib/server/params';
import { readApi } from '@/lib/server/read';
import { checkReservationSort, searchReservations, venueDirectory } from '@/lib/server/reservations';
import { hasRole } from '@/lib/server/roles';
import { requireStaff } from '@/lib/server/session';
import { NewReservationLink } from './new/new-reservation-link';
import { FilterBuilder } from './filter-builder';
import { ResultsTable, type ReservationRow } from './results-table';

export const metadata: Metadata = { title: 'Reservations' };

/** The page's query as URLSearchParams, repeated keys kept (so a duplicate is reported, not dropped). */
function toSearchParams(raw: Record<string, string | string[] | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, v);
  }
  return params;
}

export default async function ReservationsPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('viewer');
  const params = toSearchParams(await searchParams);
  const { page } = await pageParams(searchParams);
  const { conditions, errors } = parseFilterQuery(params, RESERVATION_FILTERS);
  const sortCheck = checkReservationSort(params.get('sort') ?? undefined);
  const messages = [...errors.map((e) => e.message), ...(sortCheck.error ? [sortCheck.error] : [])];
  const sort = sortCheck.sort;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-xl font-semibold text-slate-900">Reservations</h1>
          <p className="mt-1 text-sm text-slate-500">
            The selected entity’s reservations (GET /v2/reservations). The address of this page is the API’s own filter syntax, so a search can be shared as a link.
          </p>
        </div>
        {hasRole(staff.role, 'operator') && <NewReservationLink />}
      </div>

      <FilterBuilder key={params.toString()} initialConditions={conditions} sort={sort ?? null} />

      {messages.length > 0 ? (
        <div role="alert" className="rounded-lg bg-rose-50 px-5 py-4 ring-1 ring-rose-200">
          <p className="text-sm font-semibold text-rose-900">This search cannot be run</p>
          <ul data-testid="filter-errors" className="mt-2 list-disc space-y-1 pl-5 text-sm text-rose-800">
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
          <Link href="/reservations" className="mt-3 inline-block text-sm font-medium text-rose-900 underline">
            Clear the search
          </Link>
        </div>
      ) : (
        <Results filterQuery={toQueryString(buildFilterParams(conditions, RESERVATION_FILTERS))} conditions={conditions} page={page} sort={sort} />
      )}
    </div>
  );
}

async function Results({ filterQuery, conditions, page, sort }: { filterQuery: string; conditions: Parameters<typeof searchReservations>[0]['conditions']; page: number; sort: string | undefined }) {
  const [result, venues] = await Promise.all([readApi(() => searchReservations({ conditions, page, sort })), readApi(venueDirectory)]);
  if (!result.ok) return <ErrorState title="Reservations could not be listed" message={result.error} />;
  const names = venues.ok ? venues.data : {};
  const rows: ReservationRow[] = result.data.items.map((r) => ({
    id: r.id,
    guestName: r.guest ? `${r.guest.first_name} ${r.guest.last_name}` : '—',
    status: r.status,
    date: r.date ?? '',
    time: r.time ?? '',
    partySize: r.party_size ?? null,
    venueName: r.venue_id ? (names[r.venue_id]?.name ?? r.venue_id) : '—',
    timeZone: r.venue_id ? (names[r.venue_id]?.timeZone ?? null) : null,
    locale: r.locale,
  }));
  return (
    <ResultsTable
      rows={rows}
      filterQuery={filterQuery}
      sort={sort ?? null}
      page={result.data.page}
      totalPages={result.data.totalPages}
      totalItems={result.data.totalItems}
    />
  );
}
