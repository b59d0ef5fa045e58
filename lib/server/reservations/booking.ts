import 'server-only';

import {
  explainNoAvailability,
  withDateIn,
  type NoAvailability,
  type SearchFilters,
} from '../../booking/no-availability';
import { GuestbookApiError, listPages, type GuestbookClient } from '../../guestbook';
import type { AvailabilityOption, CommitmentRow, Entity, Venue } from '../../guestbook/schemas';
import { said } from '../../i18n/said';
import { allOf, apiFor, findAssignedEntities, listVenues } from '../directory';
import { ActionError, getFormatter } from '../http';

/** At most this many availability options are read for one search (a market over a long day). */
const MAX_OPTION_PAGES = 5;

export interface BookingContext {
  entity: Entity;
  api: GuestbookClient;
}

/**
 * The entity a booking step acts for, named by the form (the entity selected when it opened,
 * so a switch in another tab cannot move a hold or a booking to another entity); refused by
 * name, before anything is sent, when it is not assigned to the credentials.
 */
export async function bookingContext(entityId: string): Promise<BookingContext> {
  const entity = (await findAssignedEntities([entityId])).get(entityId);
  if (!entity)
    throw new ActionError(said('errors.entityNotAssigned'), { entityId: [said('booking.errors.notAssigned')] });
  return { entity, api: apiFor(entity) };
}

/** Every option of an availability search, page by page (a few pages at most). */
export async function readOptions(api: GuestbookClient, f: SearchFilters): Promise<AvailabilityOption[]> {
  const query = {
    ...(f.venueId ? { venue_id: f.venueId } : { market_id: f.marketId! }),
    date: f.date,
    party_size: f.partySize,
    ...(f.time ? { time: f.time } : {}),
  };
  return listPages((page) => api.listAvailability(query, { page, limit: 100 }), MAX_OPTION_PAGES);
}

/** The venues the selected entity sees (the copy's). */
export const readVenues = (): Promise<Venue[]> => allOf(listVenues);

/** The entity's assigned commitment rows at these venues, or null when it may not read them (no commitments:read). */
async function readAssignedRows(api: GuestbookClient, venueIds: string[]): Promise<CommitmentRow[] | null> {
  try {
    const rows: CommitmentRow[] = [];
    for (const venue_id of venueIds.slice(0, 10)) {
      rows.push(
        ...(await listPages((page) => api.listCommitments({ venue_id, status: ['assigned'], page, limit: 100 }), 5)),
      );
    }
    return rows;
  } catch (e) {
    if (e instanceof GuestbookApiError && e.status === 403) return null;
    throw e;
  }
}

/**
 * Why there is nothing to book for these filters: the same search for one guest at any time,
 * then (when that is empty too) the entity's commitments at the venues searched.
 */
export async function explainEmptySearch(ctx: BookingContext, f: SearchFilters): Promise<NoAvailability> {
  const venues = await readVenues();
  const names = Object.fromEntries(venues.map((v) => [v.id, v.name]));
  const venueIds = f.venueId ? [f.venueId] : venues.filter((v) => v.market_id === f.marketId).map((v) => v.id);
  const anyParty = await readOptions(ctx.api, { ...f, partySize: 1, time: null });
  const rows = anyParty.length > 0 ? [] : await readAssignedRows(ctx.api, venueIds);
  // Its date in the member's words: the booking form describes it in the browser.
  const format = await getFormatter();
  return withDateIn(explainNoAvailability(f, anyParty, rows, venueIds, names), format.calendarDate);
}
