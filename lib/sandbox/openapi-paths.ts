import { MARKET_FILTERS, RESERVATION_FILTERS, VENUE_FILTERS } from '../guestbook/filters';
import {
  body,
  dataOf,
  entityHeader,
  filterParams,
  idParam,
  listOf,
  ok,
  op,
  pageParams,
  problem,
  RATE_HEADERS,
  ref,
  type Json,
} from './openapi-parts';

/** The paths of the booking side of the API (commitments, venues, markets, availability, holds, reservations), which all act for one entity. */
export function bookingPaths(): Json {
  return {
    '/v2/commitments': {
      get: op('listCommitments', "The calling entity's commitment rows", 'commitments:read', {
        parameters: [
          entityHeader,
          {
            name: 'status[]',
            in: 'query',
            style: 'form',
            explode: true,
            schema: { type: 'array', items: { type: 'string', enum: ['assigned', 'unassigned', 'ended'] } },
            description: 'default assigned; several values give the union',
          },
          { name: 'venue_id', in: 'query', schema: { type: 'string', format: 'uuid' } },
          { name: 'program_id', in: 'query', schema: { type: 'string', format: 'uuid' } },
          ...pageParams,
        ],
        responses: ok('Rows', listOf('CommitmentRow')),
      }),
      put: op('replaceCommitments', "Replace the calling entity's complete set of allocations", 'commitments:update', {
        parameters: [entityHeader],
        ...body('CommitmentsPutBody'),
        responses: {
          ...ok("The entity's assigned rows after the change", {
            type: 'object',
            required: ['data'],
            properties: { data: { type: 'array', items: ref('CommitmentRow') } },
          }),
          '422': problem('Ineligible commitment (named) or over-allocation'),
        },
      }),
    },
    '/v2/commitments/{id}': {
      get: op('getCommitment', 'One commitment row, any status', 'commitments:read', {
        parameters: [idParam, entityHeader],
        responses: ok('Row', dataOf('CommitmentRow')),
      }),
    },
    '/v2/venues': {
      get: op('listVenues', 'Venues', 'venues:read', {
        parameters: [entityHeader, ...pageParams, ...filterParams(VENUE_FILTERS)],
        responses: ok('Venues', listOf('Venue')),
      }),
    },
    '/v2/venues/{id}': {
      get: op('getVenue', 'One venue, with the deprecated seat_commitments block', 'venues:read', {
        parameters: [idParam, entityHeader],
        responses: ok('Venue', dataOf('Venue')),
      }),
    },
    '/v2/markets': {
      get: op('listMarkets', 'Markets', 'markets:read', {
        parameters: [entityHeader, ...pageParams, ...filterParams(MARKET_FILTERS)],
        responses: ok('Markets', listOf('Market')),
      }),
    },
    '/v2/availability': {
      get: op('listAvailability', 'Availability options bound by the allocation', 'availability:read', {
        parameters: [
          entityHeader,
          { name: 'venue_id', in: 'query', schema: { type: 'string', format: 'uuid' } },
          { name: 'market_id', in: 'query', schema: { type: 'string', format: 'uuid' } },
          { name: 'date', in: 'query', required: true, schema: { type: 'string', format: 'date' } },
          { name: 'party_size', in: 'query', required: true, schema: { type: 'integer', minimum: 1, maximum: 50 } },
          { name: 'time', in: 'query', schema: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' } },
          ...pageParams,
        ],
        description:
          'A list like every other (data and pagination), ordered by time. seating_area is the area the commitment is scoped to, null when it is scoped to none (even at a venue with seating areas).',
        responses: { ...ok('Options', listOf('AvailabilityOption')), '422': problem('Validation failure') },
      }),
    },
    '/v2/holds': {
      post: op('createHold', 'Hold seats for 10 minutes (bare object, no envelope)', 'holds:create', {
        parameters: [entityHeader],
        ...body('HoldCreateBody'),
        responses: { ...ok('Hold', ref('Hold'), '201'), '422': problem('No availability') },
      }),
    },
    '/v2/holds/{id}': {
      delete: op('releaseHold', 'Release a hold early', 'holds:delete', {
        parameters: [idParam, entityHeader],
        responses: { '204': { description: 'Released', headers: RATE_HEADERS } },
      }),
    },
    '/v2/reservations': {
      get: op('listReservations', "The entity's reservations, with filter modifiers", 'reservations:read', {
        parameters: [
          entityHeader,
          ...pageParams,
          {
            name: 'sort',
            in: 'query',
            schema: {
              type: 'string',
              enum: [
                'date',
                '-date',
                'created_at',
                '-created_at',
                'party_size',
                '-party_size',
                'status',
                '-status',
                'guest_last_name',
                '-guest_last_name',
              ],
              default: 'date',
            },
          },
          ...filterParams(RESERVATION_FILTERS),
        ],
        responses: ok('Reservations', listOf('Reservation')),
      }),
      post: op('createReservation', 'Create a reservation from a hold', 'reservations:create', {
        parameters: [entityHeader],
        ...body('ReservationCreateBody'),
        responses: {
          ...ok('Reservation', dataOf('Reservation'), '201'),
          '422': problem('Unknown, used or expired hold'),
        },
      }),
    },
    '/v2/reservations/{id}': {
      get: op('getReservation', 'One reservation', 'reservations:read', {
        parameters: [idParam, entityHeader],
        responses: ok('Reservation', dataOf('Reservation')),
      }),
      patch: op('updateReservation', 'Modify a reservation', 'reservations:update', {
        parameters: [idParam, entityHeader],
        ...body('ReservationUpdateBody'),
        responses: { ...ok('Reservation', dataOf('Reservation')), '422': problem('Not modifiable, or no seats left') },
      }),
    },
    '/v2/reservations/{id}/cancel': {
      post: op('cancelReservation', 'Cancel a reservation', 'reservations:cancel', {
        parameters: [idParam, entityHeader],
        responses: {
          ...ok('Reservation', dataOf('Reservation')),
          '422': problem('Already canceled, completed or no-show'),
        },
      }),
    },
  };
}
