'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { notify } from '@/components/ui/toast';
import { createFormatter } from '@/lib/format';
import { invalidateAfterReservationChange } from '@/lib/queries/invalidate';
import { cancelReservation } from '../actions';

export function CancelButton({
  id,
  context,
  guest,
  partySize,
  date,
  time,
  locale,
}: {
  id: string;
  /** the entity context its reservation searches are cached under */
  context: string;
  guest: { first: string; last: string };
  partySize: number | null;
  date: string | null;
  time: string | null;
  /** the staff member's locale, for the date and time in the question */
  locale: string;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const format = createFormatter(locale);
  const guests = partySize === null ? 'an unknown number of guests' : format.count(partySize, 'guest');
  const question = `Cancel the reservation for ${guest.first} ${guest.last}, ${guests} on ${date ? format.day(date) : 'an unknown date'} at ${time ? format.wallTime(time) : 'an unknown time'}?`;

  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      <ConfirmButton
        title={<span data-testid="cancel-confirmation">{question}</span>}
        description="The guest is sent a cancellation e-mail in the reservation’s language. A canceled reservation cannot be restored."
        confirmLabel="Yes, cancel it"
        cancelLabel="Keep it"
        onConfirm={async () => {
          const result = await cancelReservation({ id });
          if (!result.ok) {
            setError(result.error);
            return;
          }
          setError(null);
          void invalidateAfterReservationChange(queryClient, context);
          notify(`Reservation for ${guest.first} ${guest.last} canceled; the guest is e-mailed.`);
          router.refresh();
        }}
      >
        Cancel reservation
      </ConfirmButton>
      <p aria-live="polite" data-testid="cancel-error" className="max-w-md text-sm text-rose-700 empty:hidden">
        {error ?? ''}
      </p>
    </div>
  );
}
