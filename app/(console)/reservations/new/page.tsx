import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';

import { ErrorState } from '@/components/ui/error-state';
import { PageHeader } from '@/components/ui/page-header';
import { localeName, type LocaleCode } from '@/lib/guestbook/locales';
import { todayOf } from '@/lib/overview/figures';
import { oldestAsOf, readApi } from '@/lib/server/api';
import { requireStaff } from '@/lib/server/auth';
import { allOf, getSelectedEntity, knownPrograms, listEntities, listMarkets } from '@/lib/server/directory';
import { readVenues } from '@/lib/server/reservations';

import { BookingFlow } from './booking-flow';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('booking');
  return { title: t('new.title') };
}

/**
 * Book for a guest, for the entity selected in the shell: availability, a hold with its
 * countdown, the guest, and the reservation. The page is rendered on the server; the flow is
 * one client island.
 */
export default async function NewReservationPage() {
  await requireStaff('operator');
  const t = await getTranslations('booking');
  const [selected, entities, venues, markets] = await Promise.all([
    readApi(getSelectedEntity),
    readApi(listEntities),
    readApi(readVenues),
    readApi(() => allOf(listMarkets)),
  ]);
  const failed = [selected, entities, venues, markets].find((r) => !r.ok);
  if (failed && !failed.ok) return <ErrorState title={t('new.prepareFailed')} message={failed.error} />;
  if (!selected.ok || !entities.ok || !venues.ok || !markets.ok) return null;
  const entity = selected.data ? entities.data.find((e) => e.id === selected.data!.id) : undefined;
  if (!entity) return <ErrorState title={t('new.noEntityTitle')} message={t('new.noEntityMessage')} />;
  const locale = entity.default_locale as LocaleCode;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader
        asOf={oldestAsOf(selected, entities, venues, markets)}
        title={t('new.title')}
        trail={[{ href: '/reservations', label: t('reservationsTrail') }]}
        description={t.rich('new.description', {
          name: entity.name,
          entity: (chunks) => (
            <span className="font-medium text-slate-800" data-testid="booking-entity">
              {chunks}
            </span>
          ),
        })}
      />
      <BookingFlow
        entity={{
          id: entity.id,
          name: entity.name,
          defaultLocale: locale,
          defaultLocaleName: localeName(locale, await getLocale()),
        }}
        venues={venues.data.map((v) => ({ id: v.id, name: v.name, marketId: v.market_id ?? null }))}
        markets={markets.data.map((m) => ({ id: m.id, name: m.name }))}
        programs={Object.fromEntries(knownPrograms(entities.data).map((p) => [p.id, p.name]))}
        today={todayOf(venues.data, new Date())}
      />
    </div>
  );
}
