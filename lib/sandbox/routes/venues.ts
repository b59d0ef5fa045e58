import { MARKET_FILTERS, VENUE_FILTERS } from '../../guestbook/filters';
import { venueView } from '../bookings';
import { pathId, searchParams } from '../http';
import { notFound } from '../problem';
import { matches, paginate, readFilters, readPaging } from '../query';
import type { Routes } from './context';

/** Venues and markets, read in an entity's context. */
export function venueRoutes({ app, world, need, entityOf }: Routes): void {
  app.get('/v2/venues', (c) => {
    need(c, 'venues:read');
    entityOf(c);
    const params = searchParams(c);
    const paging = readPaging(params);
    const conditions = readFilters(params, VENUE_FILTERS);
    const venues = [...world.data.venues.values()]
      .filter((v) =>
        conditions.every((cond) =>
          matches(cond.attribute === 'name' ? v.name : v.market_id, cond, cond.attribute === 'name'),
        ),
      )
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((v) => venueView(world, v.id, false)!);
    return c.json(paginate(venues, paging));
  });

  app.get('/v2/venues/:id', (c) => {
    need(c, 'venues:read');
    entityOf(c);
    const id = pathId(c);
    const venue = venueView(world, id, true);
    if (!venue) throw notFound(`Venue ${id} does not exist.`);
    return c.json({ data: venue });
  });

  app.get('/v2/markets', (c) => {
    need(c, 'markets:read');
    entityOf(c);
    const params = searchParams(c);
    const paging = readPaging(params);
    const conditions = readFilters(params, MARKET_FILTERS);
    const markets = [...world.data.markets.values()]
      .filter((m) => conditions.every((cond) => matches(m.name, cond, true)))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((m) => ({
        id: m.id,
        name: m.name,
        country: m.country,
        venue_count: [...world.data.venues.values()].filter((v) => v.market_id === m.id).length,
      }));
    return c.json(paginate(markets, paging));
  });
}
