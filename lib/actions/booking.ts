'use server';

import { revalidatePath } from 'next/cache';

import { classifyBookingRefusal } from '@/lib/booking/failures';
import { isHoldExpired } from '@/lib/booking/hold-clock';
import { describeNoAvailability, listFormat, withDateIn } from '@/lib/booking/no-availability';
import { CreateBookingInputSchema, PlaceHoldInputSchema, ReleaseHoldInputSchema } from '@/lib/booking/schemas';
import { createFormatter } from '@/lib/format';
import { GuestbookApiError } from '@/lib/guestbook/errors';
import { formatLocaleFor } from '@/lib/i18n/locales';
import { said } from '@/lib/i18n/said';
import { noteWrite } from '@/lib/server/changes/under-way';
import { getDb } from '@/lib/server/db';
import { getSelectedEntity } from '@/lib/server/directory';
import { ActionError, BOOKING_LIMIT, getFormatter, HOLD_LIMIT, staffAction } from '@/lib/server/http';
import { logUnexpected } from '@/lib/server/log';
import {
  bookingContext,
  composedRefusal,
  explainEmptySearch,
  keepWrittenInCopy,
  releaseHoldFor,
  reservationChanged,
} from '@/lib/server/reservations';

/**
 * POST /v2/holds for the chosen time. Answers the hold and the server's clock, which the
 * countdown runs on. When the seats went in the meantime, says why (the allocation named).
 */
export const placeHoldAction = staffAction(
  { name: 'place-hold', role: 'operator', input: PlaceHoldInputSchema, mutates: true, memberLimit: HOLD_LIMIT },
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
      throw await composedRefusal(
        'booking.errors.slotTaken',
        (t, locale) => ({
          time: h.time,
          why: describeNoAvailability(
            withDateIn(why, createFormatter(formatLocaleFor(locale, undefined)).calendarDate),
            t,
            listFormat(locale),
          ),
        }),
        why.kind,
      );
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
  {
    name: 'create-reservation',
    role: 'operator',
    input: CreateBookingInputSchema,
    mutates: true,
    memberLimit: BOOKING_LIMIT,
  },
  async ({ entityId, hold, guest }, { setAuditTarget, staff }) => {
    const ctx = await bookingContext(entityId);
    const usesDefault = guest.locale === ctx.entity.default_locale;
    setAuditTarget({
      entityId,
      resourceType: 'reservation',
      before: { hold_id: hold.id, hold_expires_at: hold.expires_at },
    });
    // when it expired, in the member's zone and named, as the countdown they watched
    const expiredAt = (await getFormatter()).momentTime(hold.expires_at);
    const expired = () =>
      new ActionError(said('booking.errors.holdExpired', { time: expiredAt }), undefined, 422, 'expired');
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
        throw new ActionError(said('booking.errors.holdGone'), undefined, 422, kind);
      // The API's own refusal, told as every action tells one; its fields named as the guest form names them.
      throw new GuestbookApiError({
        status: e.status,
        method: e.method,
        path: e.path,
        title: e.title,
        detail: e.detail,
        requestId: e.requestId,
        code: e.code,
        retryAt: e.retryAt,
        fieldErrors: e.fieldErrors.map((f) => ({ ...f, field: f.field.replace(/^guest\./, '') })),
        cause: e,
      });
    }
    // Noted at once: a sync turn that finds the booking before its change event is recorded takes it
    // for this member's. The booking is made whatever happens to the note.
    await noteWrite(await getDb(), {
      reservationId: reservation.id,
      kind: 'reservation.created',
      staffId: staff.id,
    }).catch((e: unknown) => void logUnexpected('booking noted under way', e));
    setAuditTarget({
      resourceId: reservation.id,
      // What was booked, as the log shows it and as a notification reads it before the copy has it.
      after: {
        id: reservation.id,
        status: reservation.status,
        venue_id: reservation.venue_id,
        date: reservation.date,
        time: reservation.time,
        party_size: reservation.party_size,
        locale: reservation.locale,
        locale_source: usesDefault ? 'entity default' : 'chosen',
      },
    });
    if ((await getSelectedEntity())?.id === entityId) await reservationChanged(reservation);
    else await keepWrittenInCopy(entityId, reservation);
    revalidatePath('/reservations');
    return { id: reservation.id, locale: reservation.locale };
  },
);
