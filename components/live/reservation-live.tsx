'use client';

import { useTranslations } from 'next-intl';

import { idOf } from '@/lib/changes/events';

import { ChangedBanner, useLiveFollow } from './live-follow';

/**
 * A reservation's page following its changes (and staff's notes and tags on its guest): refreshed in place, or, while its Modify form has
 * unsaved edits, a banner naming who changed it.
 */
export function ReservationLive({ id, guestEmail }: { id: string; guestEmail?: string }) {
  const t = useTranslations('shell.live');
  const guest = guestEmail?.trim().toLowerCase();
  const { pending, showNewVersion } = useLiveFollow(
    (e) => idOf(e, 'reservation') === id || (!!guest && idOf(e, 'guest') === guest),
  );
  const last = pending.at(-1);
  if (!last) return null;
  return (
    <ChangedBanner
      text={last.who ? t('banner.reservationBy', { name: last.who.name }) : t('banner.reservationOutside')}
      onShow={showNewVersion}
    />
  );
}
