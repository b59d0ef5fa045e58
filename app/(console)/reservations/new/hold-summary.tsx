import { formatRemaining, holdRemainingMs, isHoldExpired } from '@/lib/booking/hold-clock';

import type { Held } from './booking-reducer';

/** What is held, where and when, with the time left on the server's clock. */
export function HoldSummary({ hold, venueName }: { hold: Held; venueName: string | undefined }) {
  const serverNow = hold.now + hold.offset;
  const remaining = holdRemainingMs(hold.expiresAt, serverNow);
  const { option } = hold;
  return (
    <p className="text-sm text-slate-700" data-testid="hold-summary">
      Holding {option.partySize} {option.partySize === 1 ? 'seat' : 'seats'} at {venueName ?? 'the venue'},{' '}
      {option.date} {option.time}
      {' — '}
      <span
        role="timer"
        aria-live="off"
        className={`font-semibold tabular-nums ${remaining < 60_000 ? 'text-rose-700' : 'text-slate-900'}`}
        data-testid="hold-countdown"
        data-hold-id={hold.id}
      >
        {isHoldExpired(hold.expiresAt, serverNow, 0) ? 'expired' : `${formatRemaining(remaining)} left`}
      </span>
    </p>
  );
}
