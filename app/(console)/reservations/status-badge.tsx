import { useTranslations } from 'next-intl';

import { Badge } from '@/components/ui/badge';
import type { Tone } from '@/components/ui/tone';
import { isKnownStatus, type ReservationStatus } from '@/lib/guestbook/reservation-statuses';

type Status = ReservationStatus;

export const STATUS_TONE: Record<Status, Tone> = {
  confirmed: 'success',
  pending: 'warning',
  canceled: 'danger',
  completed: 'neutral',
  no_show: 'accent',
};

/** A reservation's status, named in the console's language (a status the console does not know, as the API spells it). */
export function StatusBadge({ status }: { status: string }) {
  const t = useTranslations('reservations.status');
  if (!isKnownStatus(status)) return <Badge tone="neutral">{status.replace('_', '-')}</Badge>;
  return <Badge tone={STATUS_TONE[status]}>{t(status)}</Badge>;
}
