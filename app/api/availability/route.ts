import { AvailabilitySearchSchema } from '@/lib/booking/schemas';
import type { AvailabilityAnswer } from '@/lib/booking/slot-option';
import { staffReadRoute } from '@/lib/server/http';
import { bookingContext, explainEmptySearch, readOptions } from '@/lib/server/reservations';

/**
 * GET /api/availability?entityId=&venueId=|marketId=&date=&partySize=[&time=]: GET /v2/availability
 * for the booking form's filters; when nothing fits, says which filter to widen or which
 * allocation is used up.
 */
export const GET = staffReadRoute(
  { name: 'search-availability', role: 'operator', input: AvailabilitySearchSchema },
  { numbers: ['partySize'], nullable: ['venueId', 'marketId', 'time'] },
  async (s): Promise<AvailabilityAnswer> => {
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
