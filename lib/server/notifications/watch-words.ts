import 'server-only';

import { getTranslations } from 'next-intl/server';

import type { WatchWords } from '@/components/notifications/watch-button';

/** The Watch button's words in the member's language: for a reservation, or for the venue named. */
export async function watchWords(of: 'reservation' | { venue: string }): Promise<WatchWords> {
  const t = await getTranslations('watch');
  return {
    watch: t('watch'),
    label: of === 'reservation' ? t('reservationLabel') : t('venueLabel', { venue: of.venue }),
    hint: t(of === 'reservation' ? 'reservationHint' : 'venueHint'),
    nowWatching: t('nowWatching'),
    stopped: t('stopped'),
  };
}
