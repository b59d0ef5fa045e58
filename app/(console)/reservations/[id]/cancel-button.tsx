'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState } from 'react';

import { ConfirmButton } from '@/components/ui/confirm-button';
import { notify } from '@/components/ui/toast';
import { cancelReservationAction } from '@/lib/actions/reservations';
import { invalidateAfterReservationChange } from '@/lib/queries/invalidate';

export function CancelButton({
  id,
  context,
  guest,
  when,
}: {
  id: string;
  /** the entity context its reservation searches are cached under */
  context: string;
  guest: { first: string; last: string };
  /** "4 guests on Sat, 5 Dec 2026 at 19:30", formatted on the server in the staff member's locale */
  when: string;
}) {
  const t = useTranslations('booking.cancel');
  const router = useRouter();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const question = t('question', { first: guest.first, last: guest.last, when });

  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      <ConfirmButton
        data-command="cancel-reservation"
        title={<span data-testid="cancel-confirmation">{question}</span>}
        description={t('description')}
        confirmLabel={t('confirm')}
        cancelLabel={t('keep')}
        onConfirm={async () => {
          const result = await cancelReservationAction({ id });
          if (!result.ok) {
            notify(result.error, 'error');
            setError(result.error);
            return;
          }
          setError(null);
          void invalidateAfterReservationChange(queryClient, context);
          notify(t('done', { first: guest.first, last: guest.last }));
          router.refresh();
        }}
      >
        {t('button')}
      </ConfirmButton>
      <p aria-live="polite" data-testid="cancel-error" className="max-w-md text-sm text-rose-700 empty:hidden">
        {error ?? ''}
      </p>
    </div>
  );
}
