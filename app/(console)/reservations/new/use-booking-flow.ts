'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useReducer, useRef } from 'react';

import { notify } from '@/components/ui/toast';
import { placeHoldAction, releaseHoldAction } from '@/lib/actions/booking';
import { clockOffset, isHoldExpired } from '@/lib/booking/hold-clock';
import { slotKey, type AvailabilityAnswer, type SlotOption } from '@/lib/booking/slot-option';
import { readFailureText } from '@/lib/queries/get-json';
import { fetchAvailability } from '@/lib/queries/reads';

import type { AvailabilityCriteria } from './availability-form';
import {
  bookingReducer,
  holdToRelease,
  initialBookingState,
  type BookingAction,
  type BookingState,
  type Held,
} from './booking-reducer';
import type { GuestFormSubmit } from './guest-form';
import { releaseInBackground } from './release-beacon';

/**
 * The booking flow's state and what moves it: a search of availability, a pick (which holds the
 * time, releasing the hold before it), and the guest's confirmation. Its effects: the hold is
 * released when the form or the page is left, its countdown ticks while it is held, and a hold
 * that ran out is released and its time looked up again.
 */
export function useBookingFlow(entityId: string) {
  const t = useTranslations('booking');
  const tAll = useTranslations();
  const router = useRouter();
  const [state, dispatch] = useReducer(bookingReducer, initialBookingState);
  /** Sends an event the current step accepts; answers the next state, or null when it is ignored. */
  const accept = (action: BookingAction): BookingState | null => {
    const next = bookingReducer(state, action);
    if (next === state) return null;
    dispatch(action);
    return next;
  };

  // The pagehide and unmount handlers run outside any render, once for the page: they read the
  // hold to release from this ref, which follows the committed state.
  const toRelease = useRef<Held | null>(null);
  const releasable = holdToRelease(state);
  useEffect(() => {
    toRelease.current = releasable;
  }, [releasable]);

  // Leaving the form (navigation in the app) or the page (tab closed, reload) releases the hold.
  useEffect(() => {
    const onPageHide = () => {
      const h = toRelease.current;
      if (h) releaseInBackground(entityId, h.id, 'page-closed');
      toRelease.current = null;
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      const h = toRelease.current;
      if (h) releaseInBackground(entityId, h.id, 'form-left');
      toRelease.current = null;
    };
  }, [entityId]);

  // The countdown: a tick a second while a hold is held; the reducer ends it when the hold runs out.
  const ticking = releasable?.id ?? null;
  useEffect(() => {
    if (!ticking) return;
    const t = setInterval(() => dispatch({ type: 'tick', now: Date.now() }), 1000);
    return () => clearInterval(t);
  }, [ticking]);

  // A hold that ran out is released, then its time looked up again: "hold again" only if still free.
  const expiring = state.step === 'expired' && state.stillFree === null ? state : null;
  useEffect(() => {
    if (!expiring) return;
    const { holdId, option } = expiring;
    void (async () => {
      await releaseHoldAction({ entityId: entityId, holdId, reason: 'expired' }).catch(() => undefined);
      const stillFree = await fetchAvailability({
        entityId: entityId,
        venueId: option.venueId,
        marketId: null,
        date: option.date,
        partySize: option.partySize,
        time: option.time,
      }).then(
        (found) => found.options.some((o) => slotKey(o) === slotKey(option)),
        () => false,
      );
      dispatch({ type: 'checked', holdId, stillFree });
    })();
  }, [expiring, entityId]);

  const search = async (criteria: AvailabilityCriteria) => {
    const held = holdToRelease(state);
    if (!accept({ type: 'search' })) return;
    if (held) await releaseHoldAction({ entityId: entityId, holdId: held.id, reason: 'slot-changed' });
    let answer: AvailabilityAnswer;
    try {
      answer = await fetchAvailability({ entityId: entityId, ...criteria });
    } catch (e) {
      dispatch({ type: 'searchFailed', message: readFailureText(e, tAll) });
      return;
    }
    dispatch({ type: 'found', answer });
  };

  const pick = async (o: SlotOption) => {
    const held = holdToRelease(state);
    if (!accept({ type: 'pick', option: o })) return;
    if (held) {
      const gone = isHoldExpired(held.expiresAt, held.now + held.offset, 0);
      await releaseHoldAction({ entityId: entityId, holdId: held.id, reason: gone ? 'expired' : 'slot-changed' });
    }
    const r = await placeHoldAction({
      entityId: entityId,
      venueId: o.venueId,
      date: o.date,
      time: o.time,
      partySize: o.partySize,
      seatingAreaId: o.seatingArea?.id ?? null,
      commitmentId: o.commitmentId,
    });
    if (!r.ok) {
      notify(r.error, 'error');
      const usedUp = r.reason === 'allocation-used-up';
      dispatch({ type: 'holdRefused', problem: { message: r.error, gridFor: usedUp ? o : undefined } });
      return;
    }
    const now = Date.now();
    const { hold, serverNow } = r.data;
    dispatch({ type: 'held', id: hold.id, expiresAt: hold.expiresAt, offset: clockOffset(serverNow, now), now });
  };

  /** The guest form's submit (useActionForm): the booking is sent only while the time is held. */
  const confirm: GuestFormSubmit = {
    confirm: () => {
      const next = accept({ type: 'confirm', now: Date.now() });
      return next?.step === 'confirming' ? next.hold : null;
    },
    booked: ({ id }, values) => {
      // The hold became the reservation: nothing is left to release.
      dispatch({ type: 'booked', reservationId: id });
      notify(t('guest.bookedToast', { first: values.first_name, last: values.last_name }));
      router.push(`/reservations/${id}?booked=1`);
    },
    refused: (r) => {
      if (r.reason === 'expired') return dispatch({ type: 'expired' });
      dispatch({
        type: 'confirmFailed',
        message: r.error,
        holdGone: r.reason === 'hold-used' || r.reason === 'hold-gone',
      });
    },
  };

  return { state, search, pick, confirm };
}
