import { isoWeekday as isoDay, minutesOfDay as minutes } from '../../format/days';
import { AvailabilityQuery, HoldCreateBody } from '../../guestbook/schemas';
import { seatsBookable } from '../bookings';
import { isEligible } from '../commitments';
import { pathId, readJson } from '../http';
import { newId } from '../ids';
import type { EntityRecord } from '../model';
import { notFound, problemFromZod, unprocessable } from '../problem';
import { paginate, readPaging } from '../query';
import { iso } from '../world';
import type { Routes } from './context';

/** How long a hold keeps its seats. */
export const HOLD_TTL_MS = 10 * 60_000;

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
/** ISO day of week, 1 = Monday … 7 = Sunday */

/** Availability and holds: the booking flow's first steps, bound by the allocations. */
export function availabilityRoutes({ app, world, need, entityOf }: Routes): void {
  /** Commitments of a venue open on the date and time for the entity, with the seats it can book. */
  function options(entity: EntityRecord, venueId: string, date: string, partySize: number, time?: string) {
    const venue = world.data.venues.get(venueId)!;
    const out = [];
    for (const c of world.data.commitments.values()) {
      if (c.venue_id !== venueId || !c.days_of_week.includes(isoDay(date)) || !isEligible(world, entity, c)) continue;
      const seats = seatsBookable(world, entity, c, date);
      if (seats < partySize) continue;
      for (
        let m = minutes(c.start_time);
        m + 30 <= minutes(c.end_time) || (m === minutes(c.start_time) && m < minutes(c.end_time));
        m += 30
      ) {
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
    const parsed = AvailabilityQuery.safeParse(raw);
    if (!parsed.success) throw problemFromZod(parsed.error, 'availability query');
    const q = parsed.data;
    const venueIds = q.venue_id
      ? [q.venue_id]
      : [...world.data.venues.values()].filter((v) => v.market_id === q.market_id).map((v) => v.id);
    if (q.venue_id && !world.data.venues.has(q.venue_id)) throw notFound(`Venue ${q.venue_id} does not exist.`);
    if (q.market_id && !world.data.markets.has(q.market_id)) throw notFound(`Market ${q.market_id} does not exist.`);
    return c.json(
      paginate(
        venueIds.flatMap((v) => options(entity, v, q.date, q.party_size, q.time)),
        paging,
      ),
    );
  });

  app.post('/v2/holds', async (c) => {
    need(c, 'holds:create');
    const entity = entityOf(c);
    const body = await readJson(c, HoldCreateBody, 'hold');
    if (!world.data.venues.has(body.venue_id)) throw notFound(`Venue ${body.venue_id} does not exist.`);
    const option = options(entity, body.venue_id, body.date, body.party_size, body.time)[0];
    if (!option)
      throw unprocessable(
        `No seats for ${body.party_size} at ${body.time} on ${body.date} are available to this entity.`,
        [{ field: 'time', message: 'no availability' }],
      );
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
    const id = pathId(c);
    const hold = world.data.holds.get(id);
    if (!hold || hold.entity_id !== entity.id || hold.consumed)
      throw notFound(`Hold ${id} does not exist or is already used.`);
    world.remove('holds', id);
    return c.body(null, 204);
  });
}
