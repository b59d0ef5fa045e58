'use server';

import { revalidatePath } from 'next/cache';

import { classifyBookingRefusal } from '@/lib/booking/failures';
import { isHoldExpired } from '@/lib/booking/hold-clock';
import type { NoAvailability } from '@/lib/booking/no-availability';
import { GuestbookApiError } from '@/lib/guestbook/errors';
import { ActionError, staffAction } from '@/lib/server/action';
import { describeApiError } from '@/lib/server/api-errors';
import { bookingContext, explainEmptySearch, readOptions } from '@/lib/server/booking';
import { getSelectedEntity } from '@/lib/server/entity-context';
import { releaseHoldFor } from '@/lib/server/hold-release';
import { reservationChanged } from '@/lib/server/reservations';

import {
  AvailabilitySearchSchema,
  CreateBookingInputSchema,
  PlaceHoldInputSchema,
  ReleaseHoldInputSchema,
} from './schemas';

export interface SlotOption {
  venueId: string;
  date: string;
  time: string;
  partySize: number;
  seatsAvailable: number;
  commitmentId: string | null;
  programId: string | null;
  seatingArea: { id: string; name: string } | null;
}

/** GET /v2/availability for the form's filters; when nothing fits, says which filter to widen or which allocation is used up. */
export const searchAvailabilityAction = staffAction(
  { name: 'search-availability', role: 'operator', input: AvailabilitySearchSchema, mutates: false },
  async (s): Promise<{ options: SlotOption[]; empty: NoAvailability | null }> => {
    const ctx = await bookingContext(s.entityId);
    const filters = {
      venueId: s.venueId,
      marketId: s.marketId,
      date: s.date,
      partySize: s.partySize,
      time: s.time || null,
    };
    const options = await readOptions(ctx.api, filters);
    if (options.length === 0) return { options: [], empty: await explainEmptySearch(ctx, filters) };
    return {
      empty: null,
      options: options.map((o) => ({
        venueId: o.venue_id,
        date: o.date,
        time: o.time,
        partySize: o.party_size,
        seatsAvailable: o.seats_available,
        commitmentId: o.commitment_id,
        programId: o.program_id,
        seatingArea: o.seating_area ? { id: o.seating_area.id, name: o.seating_area.name } : null,
      })),
    };
  },
);

/**
 * POST /v2/holds for the chosen time. Answers the hold and the server's clock, which the
 * countdown runs on. When the seats went in the meantime, says why (the allocation named).
 */
export const placeHoldAction = staffAction(
  { name: 'place-hold', role: 'operator', input: PlaceHoldInputSchema, mutates: true },
  async (h, { setAuditTarget }) => {
    const ctx = await bookingContext(h.entityId);
    setAuditTarget({
      entityId: ctx.entity.id,
      resourceType: 'hold',
      before: { venue_id: h.venueId, date: h.date, time: h.time, party_size: h.partySize },
    });
    try {
      const hold = await ctx.api.createHold({
        venue_id: h.venueId,
        date: h.date,
        time: h.time,
        party_size: h.partySize,
        ...(h.seatingAreaId ? { seating_area_id: h.seatingAreaId } : {}),
      });
      setAuditTarget({
        resourceId: hold.id,
        after: { id: hold.id, commitment_id: hold.commitment_id, expires_at: hold.expires_at },
      });
      return {
        ok: true as const,
        hold: {
          id: hold.id,
          expiresAt: hold.expires_at,
          venueId: hold.venue_id,
          date: hold.date,
          time: hold.time,
          partySize: hold.party_size,
        },
        serverNow: Date.now(),
      };
    } catch (e) {
      if (!(e instanceof GuestbookApiError) || classifyBookingRefusal(e) !== 'no-seats') throw e;
      const why = await explainEmptySearch(ctx, {
        venueId: h.venueId,
        date: h.date,
        partySize: h.partySize,
        time: h.time,
      });
      throw new ActionError(`The ${h.time} table is no longer free. ${why.message}`, { slot: [why.kind] });
    }
  },
);

/** DELETE /v2/holds/{id}: the user picked another time or left the form. The audit row says no booking was made. */
export const releaseHoldAction = staffAction(
  { name: 'release-hold', role: 'operator', input: ReleaseHoldInputSchema, mutates: true },
  async (r, ctx) => releaseHoldFor(r, ctx),
);

/**
 * POST /v2/reservations with the hold. A hold past its expires_at on the server's clock is
 * refused before the API is called; the API's own "expired" answer is reported the same way,
 * so the form can offer a new hold. Never books without a live hold.
 */
export const createBookingAction = staffAction(
  { name: 'create-reservation', role: 'operator', input: CreateBookingInputSchema, mutates: true },
  async ({ entityId, hold, guest }, { setAuditTarget }) => {
    const ctx = await bookingContext(entityId);
    const usesDefault = guest.locale === ctx.entity.default_locale;
    setAuditTarget({
      entityId,
      resourceType: 'reservation',
      before: { hold_id: hold.id, hold_expires_at: hold.expires_at },
    });
    const expired = () =>
      new ActionError(
        `The hold expired at ${hold.expires_at.slice(11, 19)} UTC before the booking was confirmed, so no reservation was made.`,
        { hold: ['expired'] },
      );
    if (isHoldExpired(hold.expires_at, Date.now())) throw expired();
    let reservation;
    try {
      reservation = await ctx.api.createReservation({
        hold_id: hold.id,
        guest: {
          first_name: guest.first_name,
          last_name: guest.last_name,
          email: guest.email,
          phone: guest.phone || null,
        },
        notes: guest.notes || null,
        // Left out when it is the entity's own: the API then applies its default_locale.
        ...(usesDefault ? {} : { locale: guest.locale }),
      });
    } catch (e) {
      if (!(e instanceof GuestbookApiError)) throw e;
      const kind = classifyBookingRefusal(e);
      if (kind === 'hold-expired') throw expired();
      if (kind === 'hold-used' || kind === 'hold-gone')
        throw new ActionError(
          'The hold was already used or released, so no reservation was made. Choose the time again.',
          { hold: [kind] },
        );
      const { message, fieldErrors } = describeApiError(e);
      throw new ActionError(
        message,
        fieldErrors && Object.fromEntries(Object.entries(fieldErrors).map(([k, v]) => [k.replace(/^guest\./, ''), v])),
        e.status >= 400 && e.status < 500 ? e.status : 502,
      );
    }
    setAuditTarget({
      resourceId: reservation.id,
      after: {
        id: reservation.id,
        status: reservation.status,
        locale: reservation.locale,
        locale_source: usesDefault ? 'entity default' : 'chosen',
      },
    });
    if ((await getSelectedEntity())?.id === entityId) await reservationChanged(reservation);
    revalidatePath('/reservations');
    return { id: reservation.id, locale: reservation.locale };
  },
);
