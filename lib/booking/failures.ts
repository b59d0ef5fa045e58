/**
 * What a refused hold or booking means for the person at the desk, from the API's answer
 * (status and the field errors of its problem+json body).
 */

export interface ApiRefusal {
  status: number;
  detail?: string;
  fieldErrors?: readonly { field: string; message: string }[];
}

export type BookingFailure = 'hold-expired' | 'hold-used' | 'hold-gone' | 'no-seats' | 'other';

export function classifyBookingRefusal(e: ApiRefusal): BookingFailure {
  if (e.status !== 422 && e.status !== 409 && e.status !== 410) return 'other';
  const hold = e.fieldErrors?.find((f) => f.field === 'hold_id');
  const text = `${hold?.message ?? ''} ${e.detail ?? ''}`.toLowerCase();
  if (e.status === 410 || /expired/.test(text)) return 'hold-expired';
  if (hold && /used/.test(text)) return 'hold-used';
  if (hold) return 'hold-gone';
  if (e.fieldErrors?.some((f) => f.field === 'time' || f.field === 'party_size') || /no seats|availability/.test(text))
    return 'no-seats';
  return 'other';
}
