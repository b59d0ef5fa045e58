import { dehydrate, QueryClient } from '@tanstack/react-query';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';

import { LiveRefresh } from '@/components/live/live-follow';
import { ShownAddress } from '@/components/navigation/shown-address';
import { AsOfNote } from '@/components/ui/as-of-note';
import { ErrorState } from '@/components/ui/error-state';
import { Link } from '@/components/ui/link';
import { PageHeader } from '@/components/ui/page-header';
import { hasRole } from '@/lib/auth/roles';
import { buildFilterParams, RESERVATION_FILTERS, toQueryString } from '@/lib/guestbook/filters';
import { LOCALE_CODES, localeName } from '@/lib/guestbook/locales';
import { translateSaid } from '@/lib/i18n/said';
import { translatorFor } from '@/lib/i18n/translator';
import { todayOf } from '@/lib/overview/figures';
import { PAGE_SIZES, type PageSize } from '@/lib/preferences/table-preferences';
import { queryKeys } from '@/lib/queries/keys';
import { openingSearchHref, searchPageHref } from '@/lib/reservations/search-page';
import { parseReservationSearch } from '@/lib/reservations/search-query';
import { oldestAsOf, readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { selectedContextKey } from '@/lib/server/directory';
import { getFormatter, getUiLocale, pageParams, type SearchParams } from '@/lib/server/http';
import { myTablePreferences } from '@/lib/server/preferences';
import { readSearchPage, venuesToday } from '@/lib/server/reservations';
import { applicableSearch, myViews } from '@/lib/server/views';

import { FilterBuilder } from './filter-builder';
import { NewReservationLink } from './new/new-reservation-link';
import { ReservationResults } from './reservation-results';
import { ResultsSkeleton } from './results-skeleton';
import { OpenView, ViewsMenu } from './views-menu';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('reservations');
  return { title: t('metaTitle') };
}

/** The page's query as URLSearchParams, repeated keys kept (so a duplicate is reported, not dropped). */
function toSearchParams(raw: Record<string, string | string[] | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(raw)) {
    for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, v);
  }
  return params;
}

/**
 * What the address may carry besides the search: the page, and the view it was opened from.
 * (`dropped`, which older links to a view carry, is accepted and ignored: what a view dropped is
 * worked out from the view, so that no text of the address shows as the dashboard's.)
 */
const SEARCH_PASSTHROUGH = ['page', 'limit', 'sort', 'view', 'dropped'] as const;

/** The venues' date (the UTC date when it cannot be read). */
const venuesDay = () => readApi(venuesToday).then((r) => (r.ok ? r.data : todayOf([], new Date())));

export default async function ReservationsPage({ searchParams }: { searchParams: SearchParams }) {
  const staff = await requireStaff('viewer');
  const [t, tr, uiLocale] = await Promise.all([getTranslations('reservations'), getTranslations(), getUiLocale()]);
  // An address that names nothing opens on today and the days ahead, and is then made to say so
  // in the browser (a redirect would come after the loading state has streamed). The whole list
  // has an address of its own: searchPageHref.
  const asked = toSearchParams(await searchParams);
  const opening = asked.size === 0 ? openingSearchHref(await venuesDay()) : null;
  const params = opening ? new URL(opening, 'http://opening').searchParams : asked;
  const { page } = await pageParams(searchParams);
  // A page size the address names (a saved view opens with its own) wins over the member's.
  const named = Number(params.get('limit'));
  const addressLimit = (PAGE_SIZES as readonly number[]).includes(named) ? (named as PageSize) : undefined;
  const limit = addressLimit ?? (await myTablePreferences()).pageSize;
  const { conditions, sort, problemsSaid } = parseReservationSearch(params, SEARCH_PASSTHROUGH);
  const messages = problemsSaid.map((p) => translateSaid(tr, p));
  const views = await myViews();
  const viewId = params.get('view');
  const view = viewId ? (views.find((v) => v.id === viewId) ?? null) : null;
  const dropped = view ? (await applicableSearch(view.query, await translatorFor(await getUiLocale()))).dropped : [];
  const query = [
    toQueryString(buildFilterParams(conditions, RESERVATION_FILTERS)),
    sort ? toQueryString([['sort', sort]]) : '',
  ]
    .filter(Boolean)
    .join('&');

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      {opening && <ShownAddress href={opening} />}
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <>
            <ViewsMenu
              views={views.map((v) => ({ id: v.id, name: v.name, shared: v.shared, mine: v.owner.id === staff.id }))}
              query={messages.length ? null : query}
              canShare={hasRole(staff.role, 'admin')}
              pageSize={limit}
            />
            {hasRole(staff.role, 'operator') && <NewReservationLink />}
          </>
        }
      />

      {view && (
        <OpenView
          view={{ id: view.id, name: view.name, shared: view.shared, owner: view.owner.name }}
          mine={view.owner.id === staff.id}
          canDelete={view.owner.id === staff.id || (view.shared && hasRole(staff.role, 'admin'))}
          dropped={dropped}
        />
      )}

      <FilterBuilder
        key={params.toString()}
        initialConditions={conditions}
        sort={sort ?? null}
        today={venuesDay().then(async (date) => ({ date, label: (await getFormatter()).day(date) }))}
        localeNames={Object.fromEntries(LOCALE_CODES.map((code) => [code, localeName(code, uiLocale)]))}
      />

      {messages.length > 0 ? (
        <div role="alert" className="rounded-lg bg-rose-50 px-5 py-4 ring-1 ring-rose-200">
          <p className="text-sm font-semibold text-rose-900">{t('searchErrors.title')}</p>
          <ul data-testid="filter-errors" className="mt-2 list-disc space-y-1 pl-5 text-sm text-rose-800">
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
          <Link href={searchPageHref('', 1)} className="mt-3 inline-block text-sm font-medium text-rose-900 underline">
            {t('searchErrors.clear')}
          </Link>
        </div>
      ) : (
        // The heading and the filters show at once; the results follow when the API has answered.
        <Suspense key={`results?${params.toString()}`} fallback={<ResultsSkeleton />}>
          <Results
            filterQuery={toQueryString(buildFilterParams(conditions, RESERVATION_FILTERS))}
            conditions={conditions}
            page={page}
            sort={sort}
            canCancel={hasRole(staff.role, 'operator')}
            hiddenColumns={view?.hiddenColumns}
            limit={limit}
            addressLimit={addressLimit}
          />
        </Suspense>
      )}
    </div>
  );
}

async function Results({
  filterQuery,
  conditions,
  page,
  sort,
  canCancel,
  hiddenColumns,
  limit,
  addressLimit,
}: {
  filterQuery: string;
  conditions: Parameters<typeof readSearchPage>[0]['conditions'];
  page: number;
  sort: string | undefined;
  canCancel: boolean;
  /** the columns an opened view hides */
  hiddenColumns?: string[];
  /** rows per page: the address's, else the member's */
  limit: number;
  /** the page size the address names, if it names one */
  addressLimit?: number;
}) {
  const [result, context] = await Promise.all([
    readApi(() => readSearchPage({ conditions, page, sort, limit })),
    readApi(selectedContextKey),
  ]);
  const t = await getTranslations('reservations');
  if (!result.ok) return <ErrorState title={t('listError')} message={result.error} />;
  if (!context.ok) return <ErrorState title={t('listError')} message={context.error} />;
  const query = [filterQuery, sort ? toQueryString([['sort', sort]]) : ''].filter(Boolean).join('&');
  // The page the address names, read here, starts the browser's cache of this search's pages.
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.reservationSearch(context.data, query, page, limit), result.data);
  return (
    <>
      {/* A booking made elsewhere (another member, a guest's channel): the search is read again. */}
      <LiveRefresh entityId={context.data === 'default' ? null : context.data} kinds={['reservation.created']} />
      <AsOfNote asOf={oldestAsOf(result, context)} />
      <ReservationResults
        initial={result.data}
        state={dehydrate(queryClient)}
        context={context.data}
        query={query}
        filterQuery={filterQuery}
        sort={sort ?? null}
        canCancel={canCancel}
        limit={limit}
        addressLimit={addressLimit}
        hiddenColumns={hiddenColumns}
      />
    </>
  );
}
