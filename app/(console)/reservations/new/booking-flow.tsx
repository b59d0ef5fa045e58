'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';

import { applyFieldErrors } from '@/components/forms/apply-field-errors';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { clockOffset, formatRemaining, holdRemainingMs, isHoldExpired } from '@/lib/booking/hold-clock';
import type { NoAvailability } from '@/lib/booking/no-availability';
import type { AvailabilityAnswer, SlotOption } from '@/lib/booking/slot-option';
import type { LocaleCode } from '@/lib/guestbook/locales';
import { fetchAvailability } from '@/lib/queries/reads';

import { createBookingAction, placeHoldAction, releaseHoldAction } from './actions';
import { AvailabilityForm, type AvailabilityCriteria } from './availability-form';
import { GridLinks } from './grid-links';
import { GUEST_FIELDS, GuestForm } from './guest-form';
import { releaseInBackground } from './release-beacon';
import { slotKey, SlotPicker } from './slot-picker';

interface Held {
  id: string;
  expiresAt: string;
  option: SlotOption;
}
type Problem = { message: string; gridFor?: SlotOption | NoAvailability } | null;

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
  const router = useRouter();
  const venueNames = Object.fromEntries(venues.map((v) => [v.id, v.name]));
  const [searching, setSearching] = useState(false);
  const [options, setOptions] = useState<SlotOption[] | null>(null);
  const [empty, setEmpty] = useState<NoAvailability | null>(null);
  const [problem, setProblem] = useState<Problem>(null);
  const [held, setHeld] = useState<Held | null>(null);
  const [holding, setHolding] = useState(false);
  const [expired, setExpired] = useState<{ option: SlotOption; stillFree: boolean | null } | null>(null);
  const [offset, setOffset] = useState(0);
  /** the guest form stays open (with what was typed) while a hold is replaced, until a new search */
  const [formOpen, setFormOpen] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const heldRef = useRef<Held | null>(null);
  const track = (h: Held | null) => {
    heldRef.current = h;
    setHeld(h);
  };

  // Leaving the form (navigation in the app) or the page (tab closed, reload) releases the hold.
  useEffect(() => {
    const onPageHide = () => {
      const h = heldRef.current;
      if (h) releaseInBackground(entity.id, h.id, 'page-closed');
      heldRef.current = null;
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      const h = heldRef.current;
      if (h) releaseInBackground(entity.id, h.id, 'form-left');
      heldRef.current = null;
    };
  }, [entity.id]);

  useEffect(() => {
    if (!held) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [held]);
  const serverNow = now + offset;
  const remaining = held ? holdRemainingMs(held.expiresAt, serverNow) : 0;
  const heldExpired = !!held && isHoldExpired(held.expiresAt, serverNow, 0);

  const release = async (reason: 'slot-changed' | 'expired') => {
    const h = heldRef.current;
    if (!h) return;
    track(null);
    await releaseHoldAction({ entityId: entity.id, holdId: h.id, reason });
  };

  const search = async (criteria: AvailabilityCriteria) => {
    setSearching(true);
    setProblem(null);
    setExpired(null);
    setFormOpen(false);
    await release('slot-changed');
    let found: AvailabilityAnswer;
    try {
      found = await fetchAvailability({ entityId: entity.id, ...criteria });
    } catch (e) {
      setSearching(false);
      setOptions(null);
      setEmpty(null);
      setProblem({ message: (e as Error).message });
      return;
    }
    setSearching(false);
    setOptions(found.options);
    setEmpty(found.empty);
  };

  const pick = async (o: SlotOption) => {
    if (held && slotKey(held.option) === slotKey(o) && !heldExpired) return;
    setHolding(true);
    setProblem(null);
    setExpired(null);
    await release(held && isHoldExpired(held.expiresAt, serverNow, 0) ? 'expired' : 'slot-changed');
    const r = await placeHoldAction({
      entityId: entity.id,
      venueId: o.venueId,
      date: o.date,
      time: o.time,
      partySize: o.partySize,
      seatingAreaId: o.seatingArea?.id ?? null,
      commitmentId: o.commitmentId,
    });
    setHolding(false);
    if (!r.ok) {
      setProblem({ message: r.error, gridFor: r.fieldErrors?.slot?.[0] === 'allocation-used-up' ? o : undefined });
      return;
    }
    setOffset(clockOffset(r.data.serverNow, Date.now()));
    setNow(Date.now());
    track({ id: r.data.hold.id, expiresAt: r.data.hold.expiresAt, option: o });
    setFormOpen(true);
  };

  const onExpired = async (option: SlotOption) => {
    await release('expired');
    setExpired({ option, stillFree: null });
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
    setExpired({ option, stillFree });
  };

  // A hold that runs out while the form is open is reported at once, with the offer of a new one.
  useEffect(() => {
    if (heldExpired && heldRef.current) void onExpired(heldRef.current.option);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the hold runs out
  }, [heldExpired]);

  const confirm: React.ComponentProps<typeof GuestForm>['onConfirm'] = async (values, setError) => {
    const h = heldRef.current;
    if (!h) return;
    setProblem(null);
    if (isHoldExpired(h.expiresAt, Date.now() + offset)) return onExpired(h.option);
    const r = await createBookingAction({
      entityId: entity.id,
      hold: { id: h.id, expires_at: h.expiresAt },
      guest: values,
    });
    if (r.ok) {
      // The hold became the reservation: nothing is left to release.
      heldRef.current = null;
      router.push(`/reservations/${r.data.id}?booked=1`);
      return;
    }
    const why = r.fieldErrors?.hold?.[0];
    if (why === 'expired') return onExpired(h.option);
    if (why) track(null);
    setProblem({ message: r.error });
    applyFieldErrors(r.fieldErrors, GUEST_FIELDS, setError);
  };

  return (
    <div className="space-y-6">
      <AvailabilityForm venues={venues} markets={markets} today={today} busy={searching} onSearch={search} />

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
              <p>{empty.message}</p>
              <GridLinks about={empty} />
            </Notice>
          </div>
        )}
        {expired && (
          <Notice tone="warning" role="status" data-testid="hold-expired">
            <p>
              The hold on {expired.option.time} expired before the booking was confirmed. No reservation was made.
              {expired.stillFree === false && ' That time is no longer free: choose another.'}
            </p>
            {expired.stillFree && (
              <Button className="mt-2" onClick={() => pick(expired.option)} disabled={holding} data-testid="hold-again">
                Hold {expired.option.time} again
              </Button>
            )}
          </Notice>
        )}
      </div>

      {options && options.length > 0 && (
        <section aria-label="Times" className="rounded-lg bg-surface p-5 shadow-sm ring-1 ring-slate-200">
          <SlotPicker
            options={options}
            venueNames={venueNames}
            programs={programs}
            chosen={held ? slotKey(held.option) : null}
            busy={holding}
            onPick={pick}
          />
        </section>
      )}

      {formOpen && (
        <section
          aria-label="Guest and confirmation"
          className="space-y-4 rounded-lg bg-surface p-5 shadow-sm ring-1 ring-slate-200"
        >
          {held && (
            <p className="text-sm text-slate-700" data-testid="hold-summary">
              Holding {held.option.partySize} {held.option.partySize === 1 ? 'seat' : 'seats'} at{' '}
              {venueNames[held.option.venueId] ?? 'the venue'}, {held.option.date} {held.option.time}
              {' — '}
              <span
                role="timer"
                aria-live="off"
                className={`font-semibold tabular-nums ${remaining < 60_000 ? 'text-rose-700' : 'text-slate-900'}`}
                data-testid="hold-countdown"
                data-hold-id={held.id}
              >
                {heldExpired ? 'expired' : `${formatRemaining(remaining)} left`}
              </span>
            </p>
          )}
          <GuestForm
            defaultLocale={entity.defaultLocale}
            defaultLocaleName={entity.defaultLocaleName}
            disabled={holding || !held}
            confirmLabel="Confirm reservation"
            onConfirm={confirm}
          />
        </section>
      )}
    </div>
  );
}
