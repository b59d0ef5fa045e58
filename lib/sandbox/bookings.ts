import type { Context, Hono } from 'hono';
import type { z } from 'zod';
import type { AvailabilityQuery, HoldCreateBody, ReservationCreateBody, ReservationUpdateBody } from '../guestbook/schemas';
import type { Scope } from '../guestbook/token-schemas';
import { newId } from './ids';
import type { EntityRecord, ReservationRecord } from './model';
import { ApiProblem, badRequest, notFound, problemFromZod, unprocessable } from './problem';
import { paginate, readPaging } from './query';
import { iso, type World } from './world';

/** How long a hold keeps its seats. */
export const HOLD_TTL_MS = 10 * 60_000;

interface Deps {
  world: World;
  need: (c: never, scope: Scope) => unknown;
  entityOf: (c: never) => EntityRecord;
  readJson: <S extends z.ZodType>(c: Context, schema: S, what: string) => Promise<z.infer<S>>;
  pathId: (c: Context, name?: string) => string;
  schemas: {
    AvailabilityQuery: typeof AvailabilityQuery;
    HoldCreateBody: typeof HoldCreateBody;
    ReservationCreateBody: typeof ReservationCreateBody;
    ReservationUpdateBody: typeof ReservationUpdateBody;
  };
}

const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
/** ISO day of week, 1 = Monday … 7 = Sunday */
const isoDay = (date: string) => ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** Availability, holds and reservations: the booking flow bound by the allocations. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function bookingRoutes(app: Hono<any>, deps: Deps): void {
  const { world, schemas } = deps;
  const need = deps.need as (c: Context, scope: Scope) => { credential: { client_id: string } };
  const entityOf = deps.entityOf as (c: Context) => EntityRecord;

  /** Commitments of a venue open on the date and time for the entity, with the seats it can book. */
  function options(entity: EntityRecord, venueId: string, date: string, partySize: number, time?: string) {
    const venue = world.data.venues.get(venueId)!;
    const out = [];
    for (const c of world.data.commitments.values()) {
      if (c.venue_id !== venueId || !c.days_of_week.includes(isoDay(date)) || !world.isEligible(entity, c)) continue;
      const seats = world.seatsBookable(entity, c, date);
      if (seats < partySize) continue;
      for (let m = minutes(c.start_time); m + 30 <= minutes(c.end_time) || (m === minutes(c.start_time) && m < minutes(c.end_time)); m += 30) {
        if (time && hhmm(m) !== time) continue;
        out.push({
          venue_id: venueId,
          date,
          time: hhmm(m),
          party_size: partySize,
          seats_available: seats,
          commitment_id: c.id,
          program_id: c.program_id,
          // Spec: null "when the venue has seating areas but the allocation is not scoped to one".
          seating_area: (c.seating_area_id && venue.seating_areas.find((a) => a.id === c.seating_area_id)) || null,
        });
      }
    }
    return out.sort((a, b) => a.time.localeCompare(b.time));
  }

  app.get('/v2/availability', (c) => {
    need(c, 'availability:read');
    const entity = entityOf(c);
    const params = new URL(c.req.url).searchParams;
    // Spec: "A list response is { data, pagination }", and availability is a list.
    const paging = readPaging(params);
    const { page: _page, limit: _limit, ...raw } = Object.fromEntries(params);
    const parsed = schemas.AvailabilityQuery.safeParse(raw);
    if (!parsed.success) throw problemFromZod(parsed.error, 'availability query');
    const q = parsed.data;
    const venueIds = q.venue_id ? [q.venue_id] : [...world.data.venues.values()].filter((v) => v.market_id === q.market_id).map((v) => v.id);
    if (q.venue_id && !world.data.venues.has(q.venue_id)) throw notFound(`Venue ${q.venue_id} does not exist.`);
    if (q.market_id && !world.data.markets.has(q.market_id)) throw notFound(`Market ${q.market_id} does not exist.`);
    return c.json(paginate(venueIds.flatMap((v) => options(entity, v, q.date, q.party_size, q.time)), paging));
  });

  app.post('/v2/holds', async (c) => {
    need(c, 'holds:create');
    const entity = entityOf(c);
    const body = await deps.readJson(c, schemas.HoldCreateBody, 'hold');
    if (!world.data.venues.has(body.venue_id)) throw notFound(`Venue ${body.venue_id} does not exist.`);
    const option = options(entity, body.venue_id, body.date, body.party_size, body.time)[0];
    if (!option) throw unprocessable(`No seats for ${body.party_size} at ${body.time} on ${body.date} are available to this entity.`, [{ field: 'time', message: 'no availability' }]);
    const id = newId();
    const hold = {
      id,
      entity_id: entity.id,
      venue_id: body.venue_id,
      commitment_id: option.commitment_id,
      program_id: option.program_id,
      seating_area_id: body.seating_area_id ?? option.seating_area?.id ?? null,
      date: body.date,
      time: body.time,
      party_size: body.party_size,
      expires_at: iso(new Date(world.now().getTime() + HOLD_TTL_MS)),
      consumed: false,
    };
    world.put('holds', id, hold);
    const { entity_id: _e, consumed: _c, ...view } = hold;
    return c.json(view, 201);
  });

  app.delete('/v2/holds/:id', (c) => {
    need(c, 'holds:delete');
    const entity = entityOf(c);
    const id = deps.pathId(c);
    const hold = world.data.holds.get(id);
    if (!hold || hold.entity_id !== entity.id || hold.consumed) throw notFound(`Hold ${id} does not exist or is already used.`);
    world.remove('holds', id);
    return c.body(null, 204);
  });

  app.post('/v2/reservations', async (c) => {
    need(c, 'reservations:create');
    const entity = entityOf(c);
    const body = await deps.readJson(c, schemas.ReservationCreateBody, 'reservation');
    const hold = world.data.holds.get(body.hold_id);
    if (!hold || hold.entity_id !== entity.id) throw unprocessable(`Hold ${body.hold_id} does not exist for this entity.`, [{ field: 'hold_id', message: 'unknown hold' }]);
    if (hold.consumed) throw unprocessable(`Hold ${body.hold_id} has already been used.`, [{ field: 'hold_id', message: 'already used' }]);
    if (Date.parse(hold.expires_at) <= world.now().getTime()) throw unprocessable(`Hold ${body.hold_id} expired at ${hold.expires_at}.`, [{ field: 'hold_id', message: 'expired' }]);
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
      guest: { first_name: body.guest.first_name, last_name: body.guest.last_name, email: body.guest.email, phone: body.guest.phone ?? null },
      notes: body.notes ?? null,
      locale: body.locale ?? entity.default_locale,
      created_at: at,
      updated_at: at,
      canceled_at: null,
    };
    world.put('holds', hold.id, { ...hold, consumed: true });
    world.put('reservations', r.id, r);
    world.sendEmail(r, 'confirmation');
    return c.json({ data: world.reservationView(r) }, 201);
  });

  app.get('/v2/reservations/:id', (c) => {
    need(c, 'reservations:read');
    return c.json({ data: world.reservationView(world.getReservation(entityOf(c), deps.pathId(c))) });
  });

  app.patch('/v2/reservations/:id', async (c) => {
    need(c, 'reservations:update');
    const entity = entityOf(c);
    const r = world.getReservation(entity, deps.pathId(c));
    const body = await deps.readJson(c, schemas.ReservationUpdateBody, 'reservation update');
    if (r.status === 'canceled' || r.status === 'completed' || r.status === 'no_show') {
      throw new ApiProblem(422, `Reservation ${r.id} is ${r.status} and can no longer be modified.`, [{ field: 'status', message: `is ${r.status}` }]);
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
      if (!commitment.days_of_week.includes(isoDay(next.date)) || minutes(next.time) < minutes(commitment.start_time) || minutes(next.time) >= minutes(commitment.end_time)) {
        throw unprocessable(`The commitment of this reservation does not cover ${next.date} at ${next.time}.`, [{ field: next.date !== r.date ? 'date' : 'time', message: 'outside the commitment’s days or time window' }]);
      }
      if (world.seatsBookable(entity, commitment, next.date, r.id) < next.party_size) {
        throw unprocessable(`Not enough seats left on commitment ${commitment.id} for ${next.party_size} guests on ${next.date}.`, [{ field: 'party_size', message: 'exceeds the seats left' }]);
      }
    }
    if (next.party_size !== r.party_size && !moved && next.party_size < 1) throw badRequest('party_size must be at least 1');
    world.put('reservations', r.id, next);
    world.sendEmail(next, 'modification');
    return c.json({ data: world.reservationView(next) });
  });

  app.post('/v2/reservations/:id/cancel', (c) => {
    need(c, 'reservations:cancel');
    const r = world.getReservation(entityOf(c), deps.pathId(c));
    if (r.status === 'canceled') throw unprocessable(`Reservation ${r.id} is already canceled (at ${r.canceled_at}).`, [{ field: 'status', message: 'already canceled' }]);
    if (r.status === 'completed' || r.status === 'no_show') throw unprocessable(`Reservation ${r.id} is ${r.status} and cannot be canceled.`, [{ field: 'status', message: `is ${r.status}` }]);
    const at = iso(world.now());
    const next = { ...r, status: 'canceled', canceled_at: at, updated_at: at };
    world.put('reservations', r.id, next);
    world.sendEmail(next, 'cancellation');
    return c.json({ data: world.reservationView(next) });
  });
}
