import 'server-only';

import { seatsInUseByCommitment, type SeatsInUse } from '../../allocation/seats-in-use';
import { listPages } from '../../guestbook';
import type { Condition } from '../../guestbook/filters';
import { said } from '../../i18n/said';
import { apiFor, findAssignedEntities } from '../directory';
import { ActionError } from '../http';

/** At most this many pages of 100 assigned commitments, and of 100 upcoming reservations, are read per entity. */
const MAX_PAGES = 20;

/**
 * Seats already booked per commitment for one entity (its upcoming live reservations matched to
 * its assigned commitments), for the cells asked about. Costs one commitments read and one
 * reservation page per 100 upcoming reservations of the entity.
 */
export async function readSeatsInUse(
  entityId: string,
  commitmentIds: readonly string[],
  today = new Date().toISOString().slice(0, 10),
): Promise<Record<string, SeatsInUse>> {
  const entity = (await findAssignedEntities([entityId])).get(entityId);
  if (!entity) throw new ActionError(said('allocations.errors.entityIdNotAssigned', { entity: entityId }));
  const api = apiFor(entity);
  const rows = await listPages((page) => api.listCommitments({ status: ['assigned'], page, limit: 100 }), MAX_PAGES);
  const upcoming: Condition[] = [
    { attribute: 'date', modifier: 'gte', value: today },
    { attribute: 'status', modifier: 'nin', value: ['canceled', 'completed', 'no_show'] },
  ];
  const reservations = await listPages(
    (page) => api.listReservations({ filters: upcoming, page, limit: 100 }),
    MAX_PAGES,
  );
  const use = seatsInUseByCommitment(rows, reservations, today);
  return Object.fromEntries(commitmentIds.map((id) => [id, use.get(id) ?? { seats: 0, date: null, known: true }]));
}
