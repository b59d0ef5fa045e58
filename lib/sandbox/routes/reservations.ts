import { isoWeekday as isoDay, minutesOfDay as minutes } from '../../format/days';
import { RESERVATION_FILTERS } from '../../guestbook/filters';
import { ReservationCreateBody, ReservationUpdateBody } from '../../guestbook/schemas';
import { getReservation, reservationView, seatsBookable, sendEmail } from '../bookings';
import { pathId, readJson, searchParams } from '../http';
import { newId } from '../ids';
import type { ReservationRecord } from '../model';
import { ApiProblem, badRequest, unprocessable } from '../problem';
import { readFilters, readPaging, readSort } from '../query';
import { reservationOrder, searchReservations } from '../reservation-search';
import { iso } from '../world';
import type { Routes } from './context';

/** Reservations: the search, booking from a hold, modification and cancellation. */
export function reservationRoutes({ app, world, need, entityOf }: Routes): void {
  app.get('/v2/reservations', (c) => {
    need(c, 'reservations:read');
    const entity = entityOf(c);
    const params = searchParams(c);
    const paging = readPaging(params);
    const conditions = readFilters(params, RESERVATION_FILTERS);
    const sort = readSort(params, ['date', 'created_at', 'party_size', 'status', 'guest_last_name'], 'date');
    const sorted = world.reservationsSorted(entity.id, sort.field, reservationOrder(sort.field));
    const { rows, total } = searchReservations(sorted, conditions, sort.field, sort.descending, paging);
    return c.json({
      data: rows.map((r) => reservationView(world, r)),
      pagination: {
        current_page: paging.page,
        total_pages: Math.max(1, Math.ceil(total / paging.limit)),
        total_items: total,
        items_per_page: paging.limit,
      },
    });
  });

  app.post('/v2/reservations', async (c) => {
    need(c, 'reservations:create');
    const entity = entityOf(c);
    const body = await readJson(c, ReservationCreateBody, 'reservation');
    const hold = world.data.holds.get(body.hold_id);
    if (!hold || hold.entity_id !== entity.id)
      throw unprocessable(`Hold ${body.hold_id} does not exist for this entity.`, [
        { field: 'hold_id', message: 'unknown hold' },
      ]);
    if (hold.consumed)
      throw unprocessable(`Hold ${body.hold_id} has already been used.`, [
        { field: 'hold_id', message: 'already used' },
      ]);
    if (Date.parse(hold.expires_at) <= world.now().getTime())
      throw unprocessable(`Hold ${body.hold_id} expired at ${hold.expires_at}.`, [
        { field: 'hold_id', message: 'expired' },
      ]);
    const at = iso(world.now());
    const r: ReservationRecord = {
      id: newId(),
      entity_id: entity.id,
      venue_id: hold.venue_id,
      commitment_id: hold.commitment_id,
      program_id: hold.program_id,
      seating_area_id: hold.seating_area_id,
      status: 'confirmed',
      date: hold.date,
      time: hold.time,
      party_size: hold.party_size,
      guest: {
        first_name: body.guest.first_name,
        last_name: body.guest.last_name,
        email: body.guest.email,
        phone: body.guest.phone ?? null,
      },
      notes: body.notes ?? null,
      locale: body.locale ?? entity.default_locale,
      created_at: at,
      updated_at: at,
      canceled_at: null,
    };
    world.put('holds', hold.id, { ...hold, consumed: true });
    world.put('reservations', r.id, r);
    sendEmail(world, r, 'confirmation');
    return c.json({ data: reservationView(world, r) }, 201);
  });

  app.get('/v2/reservations/:id', (c) => {
    need(c, 'reservations:read');
    return c.json({ data: reservationView(world, getReservation(world, entityOf(c), pathId(c))) });
  });

  app.patch('/v2/reservations/:id', async (c) => {
    need(c, 'reservations:update');
    const entity = entityOf(c);
    const r = getReservation(world, entity, pathId(c));
    const body = await readJson(c, ReservationUpdateBody, 'reservation update');
    if (r.status === 'canceled' || r.status === 'completed' || r.status === 'no_show') {
      throw new ApiProblem(422, `Reservation ${r.id} is ${r.status} and can no longer be modified.`, [
        { field: 'status', message: `is ${r.status}` },
      ]);
    }
    const next: ReservationRecord = {
      ...r,
      ...(body.party_size !== undefined ? { party_size: body.party_size } : {}),
      ...(body.date !== undefined ? { date: body.date } : {}),
      ...(body.time !== undefined ? { time: body.time } : {}),
      ...(body.notes !== undefined ? { notes: body.notes } : {}),
      ...(body.locale !== undefined ? { locale: body.locale } : {}),
      guest: { ...r.guest, ...(body.guest ?? {}) } as ReservationRecord['guest'],
      updated_at: iso(world.now()),
    };
    const moved = next.date !== r.date || next.time !== r.time || next.party_size > r.party_size;
    if (moved && r.commitment_id) {
      const commitment = world.data.commitments.get(r.commitment_id)!;
      if (
        !commitment.days_of_week.includes(isoDay(next.date)) ||
        minutes(next.time) < minutes(commitment.start_time) ||
        minutes(next.time) >= minutes(commitment.end_time)
      ) {
        throw unprocessable(`The commitment of this reservation does not cover ${next.date} at ${next.time}.`, [
          { field: next.date !== r.date ? 'date' : 'time', message: 'outside the commitment’s days or time window' },
        ]);
      }
      if (seatsBookable(world, entity, commitment, next.date, r.id) < next.party_size) {
        throw unprocessable(
          `Not enough seats left on commitment ${commitment.id} for ${next.party_size} guests on ${next.date}.`,
          [{ field: 'party_size', message: 'exceeds the seats left' }],
        );
      }
    }
    if (next.party_size !== r.party_size && !moved && next.party_size < 1)
      throw badRequest('party_size must be at least 1');
    world.put('reservations', r.id, next);
    sendEmail(world, next, 'modification');
    return c.json({ data: reservationView(world, next) });
  });

  app.post('/v2/reservations/:id/cancel', (c) => {
    need(c, 'reservations:cancel');
    const r = getReservation(world, entityOf(c), pathId(c));
    if (r.status === 'canceled')
      throw unprocessable(`Reservation ${r.id} is already canceled (at ${r.canceled_at}).`, [
        { field: 'status', message: 'already canceled' },
      ]);
    if (r.status === 'completed' || r.status === 'no_show')
      throw unprocessable(`Reservation ${r.id} is ${r.status} and cannot be canceled.`, [
        { field: 'status', message: `is ${r.status}` },
      ]);
    const at = iso(world.now());
    const next = { ...r, status: 'canceled', canceled_at: at, updated_at: at };
    world.put('reservations', r.id, next);
    sendEmail(world, next, 'cancellation');
    return c.json({ data: reservationView(world, next) });
  });
}
