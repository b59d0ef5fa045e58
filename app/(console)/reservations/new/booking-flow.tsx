'use client';

import { useTranslations } from 'next-intl';

import { Card } from '@/components/ui/card';
import { slotKey } from '@/lib/booking/slot-option';
import type { LocaleCode } from '@/lib/guestbook/locales';

import { AvailabilityForm } from './availability-form';
import { BookingNotices } from './booking-notices';
import { guestFormOpen, shownHold } from './booking-reducer';
import { GuestForm } from './guest-form';
import { HoldSummary } from './hold-summary';
import { SlotPicker } from './slot-picker';
import { useBookingFlow } from './use-booking-flow';

export function BookingFlow({
  entity,
  venues,
  markets,
  programs,
  today,
}: {
  entity: { id: string; name: string; defaultLocale: LocaleCode; defaultLocaleName: string };
  venues: { id: string; name: string; marketId: string | null }[];
  markets: { id: string; name: string }[];
  programs: Record<string, string>;
  today: string;
}) {
  const t = useTranslations('booking');
  const venueNames = Object.fromEntries(venues.map((v) => [v.id, v.name]));
  const { state, search, pick, confirm } = useBookingFlow(entity.id);
  const hold = shownHold(state);
  return (
    <div className="space-y-6">
      <AvailabilityForm
        venues={venues}
        markets={markets}
        today={today}
        busy={state.step === 'searching'}
        onSearch={search}
      />

      <BookingNotices
        problem={state.problem}
        empty={state.empty}
        expired={state.step === 'expired' ? state : null}
        onHoldAgain={(o) => void pick(o)}
      />

      {state.options && state.options.length > 0 && (
        <Card aria-label={t('slots.cardLabel')}>
          <SlotPicker
            options={state.options}
            venueNames={venueNames}
            programs={programs}
            chosen={hold ? slotKey(hold.option) : null}
            busy={state.step === 'holding'}
            onPick={pick}
          />
        </Card>
      )}

      {guestFormOpen(state) && (
        <Card aria-label={t('guest.cardLabel')}>
          {hold && (
            <div className="mb-4">
              <HoldSummary hold={hold} venueName={venueNames[hold.option.venueId]} />
            </div>
          )}
          <GuestForm
            entityId={entity.id}
            defaultLocale={entity.defaultLocale}
            defaultLocaleName={entity.defaultLocaleName}
            disabled={!hold}
            confirmLabel={t('guest.confirm')}
            onConfirm={confirm}
          />
        </Card>
      )}
    </div>
  );
}
