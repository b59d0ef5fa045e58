'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useReducer, useRef } from 'react';

import { applyFieldErrors } from '@/components/forms/apply-field-errors';
import { Card } from '@/components/ui/card';
import { notify } from '@/components/ui/toast';
import { createBookingAction, placeHoldAction, releaseHoldAction } from '@/lib/actions/booking';
import { clockOffset, isHoldExpired } from '@/lib/booking/hold-clock';
import { slotKey, type AvailabilityAnswer, type SlotOption } from '@/lib/booking/slot-option';
import type { LocaleCode } from '@/lib/guestbook/locales';
import { readFailureText } from '@/lib/queries/get-json';
import { fetchAvailability } from '@/lib/queries/reads';

import { AvailabilityForm, type AvailabilityCriteria } from './availability-form';
import { BookingNotices } from './booking-notices';
import {
  bookingReducer,
  guestFormOpen,
  holdToRelease,
  initialBookingState,
  shownHold,
  type BookingAction,
  type BookingState,
  type Held,
} from './booking-reducer';
import { GUEST_FIELDS, GuestForm } from './guest-form';
import { HoldSummary } from './hold-summary';
import { releaseInBackground } from './release-beacon';
import { SlotPicker } from './slot-picker';

export function BookingFlow({
  entity,
  venues,
  markets,
  programs,
  today,
}: {
  entity: { id: string; name: string; defaultLocale: LocaleCode; defaultLocaleName: string };
  venues: { id: string; name: string; marketId: string | null }[];
  markets: { id: string; name: string }[];
  programs: Record<string, string>;
  today: string;
}) {
  const t = useTranslations('booking');
  const tAll = useTranslations();
  const router = useRouter();
  const venueNames = Object.fromEntries(venues.map((v) => [v.id, v.name]));
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
      if (h) releaseInBackground(entity.id, h.id, 'page-closed');
      toRelease.current = null;
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      const h = toRelease.current;
      if (h) releaseInBackground(entity.id, h.id, 'form-left');
      toRelease.current = null;
    };
  }, [entity.id]);

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
      await releaseHoldAction({ entityId: entity.id, holdId, reason: 'expired' }).catch(() => undefined);
      const stillFree = await fetchAvailability({
        entityId: entity.id,
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
  }, [expiring, entity.id]);

  const search = async (criteria: AvailabilityCriteria) => {
    const held = holdToRelease(state);
    if (!accept({ type: 'search' })) return;
    if (held) await releaseHoldAction({ entityId: entity.id, holdId: held.id, reason: 'slot-changed' });
    let answer: AvailabilityAnswer;
    try {
      answer = await fetchAvailability({ entityId: entity.id, ...criteria });
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
      await releaseHoldAction({ entityId: entity.id, holdId: held.id, reason: gone ? 'expired' : 'slot-changed' });
    }
    const r = await placeHoldAction({
      entityId: entity.id,
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

  const confirm: React.ComponentProps<typeof GuestForm>['onConfirm'] = async (values, setError) => {
    const next = accept({ type: 'confirm', now: Date.now() });
    if (next?.step !== 'confirming') return;
    const { hold } = next;
    const r = await createBookingAction({
      entityId: entity.id,
      hold: { id: hold.id, expires_at: hold.expiresAt },
      guest: values,
    });
    if (r.ok) {
      // The hold became the reservation: nothing is left to release.
      dispatch({ type: 'booked', reservationId: r.data.id });
      notify(t('guest.bookedToast', { first: values.first_name, last: values.last_name }));
      router.push(`/reservations/${r.data.id}?booked=1`);
      return;
    }
    notify(r.error, 'error');
    if (r.reason === 'expired') return dispatch({ type: 'expired' });
    dispatch({
      type: 'confirmFailed',
      message: r.error,
      holdGone: r.reason === 'hold-used' || r.reason === 'hold-gone',
    });
    applyFieldErrors(r.fieldErrors, GUEST_FIELDS, setError);
  };

  const hold = shownHold(state);
  return (
    <div className="space-y-6">
      <AvailabilityForm
        venues={venues}
        markets={markets}
        today={today}
        busy={state.step === 'searching'}
        onSearch={search}
      />

      <BookingNotices
        problem={state.problem}
        empty={state.empty}
        expired={state.step === 'expired' ? state : null}
        onHoldAgain={(o) => void pick(o)}
      />

      {state.options && state.options.length > 0 && (
        <Card aria-label={t('slots.cardLabel')}>
          <SlotPicker
            options={state.options}
            venueNames={venueNames}
            programs={programs}
            chosen={hold ? slotKey(hold.option) : null}
            busy={state.step === 'holding'}
            onPick={pick}
          />
        </Card>
      )}

      {guestFormOpen(state) && (
        <Card aria-label={t('guest.cardLabel')}>
          {hold && (
            <div className="mb-4">
              <HoldSummary hold={hold} venueName={venueNames[hold.option.venueId]} />
            </div>
          )}
          <GuestForm
            defaultLocale={entity.defaultLocale}
            defaultLocaleName={entity.defaultLocaleName}
            disabled={!hold}
            confirmLabel={t('guest.confirm')}
            onConfirm={confirm}
          />
        </Card>
      )}
    </div>
  );
}
