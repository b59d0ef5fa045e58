import { useTranslations } from 'next-intl';

import { formatRemaining, holdRemainingMs, isHoldExpired } from '@/lib/booking/hold-clock';

import type { Held } from './booking-reducer';

/** What is held, where and when, with the time left on the server's clock. */
export function HoldSummary({ hold, venueName }: { hold: Held; venueName: string | undefined }) {
  const t = useTranslations('booking.hold');
  const serverNow = hold.now + hold.offset;
  const remaining = holdRemainingMs(hold.expiresAt, serverNow);
  const { option } = hold;
  return (
    <p className="text-sm text-slate-700" data-testid="hold-summary">
      {t.rich('summary', {
        count: option.partySize,
        venue: venueName ?? t('theVenue'),
        date: option.date,
        time: option.time,
        timer: () => (
          <span
            role="timer"
            aria-live="off"
            className={`font-semibold tabular-nums ${remaining < 60_000 ? 'text-rose-700' : 'text-slate-900'}`}
            data-testid="hold-countdown"
            data-hold-id={hold.id}
          >
            {isHoldExpired(hold.expiresAt, serverNow, 0)
              ? t('expired')
              : t('remaining', { remaining: formatRemaining(remaining) })}
          </span>
        ),
      })}
    </p>
  );
}
