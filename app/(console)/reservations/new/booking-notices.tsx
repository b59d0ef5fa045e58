import { useLocale, useTranslations } from 'next-intl';

import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { describeNoAvailability, listFormat, type NoAvailability } from '@/lib/booking/no-availability';
import type { SlotOption } from '@/lib/booking/slot-option';

import type { Problem } from './booking-reducer';
import { GridLinks } from './grid-links';

/** What went wrong, why a search found nothing, and a hold that ran out (with "hold again"). */
export function BookingNotices({
  problem,
  empty,
  expired,
  onHoldAgain,
}: {
  problem: Problem;
  empty: NoAvailability | null;
  expired: { option: SlotOption; stillFree: boolean | null } | null;
  onHoldAgain: (option: SlotOption) => void;
}) {
  const t = useTranslations('booking.hold');
  const tr = useTranslations();
  const locale = useLocale();
  return (
    <div aria-live="polite" className="space-y-3">
      {problem && (
        <Notice tone="danger" role="alert" data-testid="booking-error">
          <p>{problem.message}</p>
          {problem.gridFor && <GridLinks about={problem.gridFor} />}
        </Notice>
      )}
      {empty && (
        <div data-kind={empty.kind} data-testid="booking-empty">
          <Notice tone="warning" role="status">
            <p>{describeNoAvailability(empty, tr, listFormat(locale))}</p>
            <GridLinks about={empty} />
          </Notice>
        </div>
      )}
      {expired && (
        <Notice tone="warning" role="status" data-testid="hold-expired">
          <p>
            {t(expired.stillFree === false ? 'expiredNoticeTaken' : 'expiredNotice', { time: expired.option.time })}
          </p>
          {expired.stillFree && (
            <Button className="mt-2" onClick={() => onHoldAgain(expired.option)} data-testid="hold-again">
              {t('holdAgain', { time: expired.option.time })}
            </Button>
          )}
        </Notice>
      )}
    </div>
  );
}
