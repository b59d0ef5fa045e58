import { z } from 'zod';

import { said, saidList, validationMessage } from '@/lib/i18n/said';
import { PAGE_SIZES } from '@/lib/preferences/table-preferences';
import { parseReservationSearch } from '@/lib/reservations/search-query';
import type { RequestLane } from '@/lib/server/budget';
import { ActionError, staffReadRoute } from '@/lib/server/http';
import { readSearchPage } from '@/lib/server/reservations';

const SearchPageInputSchema = z.strictObject({
  query: z.string().max(4000, { error: validationMessage('atMostChars', 4000) }),
  page: z
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be at least 1' })
    .max(100_000, { error: 'must be at most 100000' }),
  /** rows per page: the member's page size */
  limit: z
    .union(
      PAGE_SIZES.map((n) => z.literal(n)),
      { error: `must be one of ${PAGE_SIZES.join(', ')}` },
    )
    .optional(),
  /** the page read ahead (the one after the page shown) is background work; a page asked for is a view */
  lane: z.enum(['view', 'background'], { error: 'must be view or background' }).optional(),
});

const routeIn = (lane: RequestLane) =>
  staffReadRoute(
    { name: 'search-reservation-page', role: 'viewer', input: SearchPageInputSchema, lane },
    { numbers: ['page', 'limit'] },
    async ({ query, page, limit }) => {
      const params = new URLSearchParams(query);
      if (params.has('page') || params.has('limit'))
        throw new ActionError(said('reservations.errors.pageNamedSeparately'), {
          query: [said('reservations.errors.holdsPageOrLimit')],
        });
      const { conditions, sort, problemsSaid: problems } = parseReservationSearch(params);
      if (problems.length)
        throw new ActionError(
          said('reservations.errors.cannotRun', {
            problems: saidList(problems, 'reservations.errors.problemSeparator'),
          }),
          { query: problems },
        );
      return readSearchPage({ conditions, page, sort, limit });
    },
  );
const inView = routeIn('view');
const inBackground = routeIn('background');

/**
 * GET /api/reservations/search?query=<the canonical filters and sort>&page=N[&lane=background]:
 * one page of a reservation search, read by the browser when staff page through results (the
 * first page a visit shows is rendered by the server). `query` is checked as the page checks its
 * address.
 */
export const GET = (request: Request) =>
  (new URL(request.url).searchParams.get('lane') === 'background' ? inBackground : inView)(request);
