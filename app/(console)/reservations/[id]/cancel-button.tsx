'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { invalidateAfterReservationChange } from '@/lib/queries/invalidate';
import { cancelReservation } from '../actions';

function formatDate(date: string | null): string {
  if (!date) return 'an unknown date';
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) ? date : new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(d);
}

export function CancelButton({ id, context, guest, partySize, date, time }: { id: string; context: string; guest: { first: string; last: string }; partySize: number | null; date: string | null; time: string | null }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const guests = partySize === null ? 'an unknown number of guests' : `${partySize} ${partySize === 1 ? 'guest' : 'guests'}`;
  const question = `Cancel the reservation for ${guest.first} ${guest.last}, ${guests} on ${formatDate(date)} at ${time ?? 'an unknown time'}?`;

  const confirm = () =>
    startTransition(async () => {
      const result = await cancelReservation({ id });
      if (result.ok) {
        setConfirming(false);
        setError(null);
        void invalidateAfterReservationChange(queryClient, context);
        router.refresh();
      } else {
        setError(result.error);
      }
    });

  return (
    <div className="flex flex-col items-end gap-2">
      {!confirming ? (
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Cancel reservation
        </Button>
      ) : (
        <div role="alertdialog" aria-labelledby="cancel-question" className="max-w-md rounded-lg bg-rose-50 px-4 py-3 ring-1 ring-rose-200">
          <p id="cancel-question" data-testid="cancel-confirmation" className="text-sm font-medium text-rose-900">
            {question}
          </p>
          <p className="mt-1 text-xs text-rose-800">The guest is sent a cancellation e-mail in the reservation’s language.</p>
          <div className="mt-3 flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setConfirming(false)} disabled={pending}>
              Keep
            </Button>
            <Button variant="danger" onClick={confirm} disabled={pending}>
              {pending ? 'Canceling…' : 'Confirm'}
            </Button>
          </div>
        </div>
      )}
      <p aria-live="polite" data-testid="cancel-error" className="max-w-md text-sm text-rose-700 empty:hidden">
        {error ?? ''}
      </p>
    </div>
  );
}
