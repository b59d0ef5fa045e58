import { z } from 'zod';
import {
  AvailabilityOption,
  CommitmentRow,
  CommitmentsPutBody,
  Entity,
  EntityCreateBody,
  EntityProgramsBody,
  EntityUpdateBody,
  Hold,
  HoldCreateBody,
  Identity,
  Market,
  PAGE_DEFAULT_LIMIT,
  PAGE_MAX_LIMIT,
  Pagination,
  ProblemDetails,
  Reservation,
  ReservationCreateBody,
  ReservationUpdateBody,
  Venue,
} from '../guestbook/schemas';
import { RESERVATION_FILTERS, VENUE_FILTERS, ENTITY_FILTERS, MARKET_FILTERS, MODIFIERS_BY_TYPE, type FilterSchema } from '../guestbook/filters';
import { SCOPES, TokenRequest, TokenResponse } from '../guestbook/token-schemas';

type Json = Record<string, unknown>;

/** A zod schema as an OpenAPI 3.1 (JSON Schema 2020-12) schema object. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' }) as Json;
  return json;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const dataOf = (name: string) => ({ type: 'object', required: ['data'], properties: { data: ref(name) } });
const listOf = (name: string) => ({ type: 'object', required: ['data', 'pagination'], properties: { data: { type: 'array', items: ref(name) }, pagination: ref('Pagination') } });
const json = (schema: Json) => ({ content: { 'application/json': { schema } } });

const RATE_HEADERS = {
  'X-RateLimit-Limit': { schema: { type: 'integer' }, description: 'limit of the current window' },
  'X-RateLimit-Remaining': { schema: { type: 'integer' }, description: 'requests left in the window' },
  'X-RateLimit-Reset': { schema: { type: 'integer' }, description: 'Unix time of the next reset' },
};
/** An error answer; every one but a 401 (no client to count yet) carries the rate-limit headers. */
const problem = (description: string, headers: Json | null = RATE_HEADERS) => ({ description, ...(headers ? { headers } : {}), content: { 'application/problem+json': { schema: ref('ProblemDetails') } } });
const ERRORS = {
  '400': problem('Malformed value (uuid, date, modifier, limit, unknown field); the errors list names each field.'),
  '401': problem('Missing, expired, wrongly signed or wrong-audience bearer token. The only answer without rate-limit headers: nothing identifies the client to count.', null),
  '403': problem("Scope missing, entity not assigned to the credentials, identity suspended, or a delegate's PUT /v2/commitments (a delegated identity has no commitments:update, whatever its token says)."),
  '404': problem('Not found, the resolved entity does not exist, or the calling identity cannot be resolved (a valid token whose credentials no longer exist).'),
  '429': problem('Rate limit exceeded; see Retry-After and X-RateLimit-Reset.'),
};
const ok = (description: string, schema: Json, status = '200') => ({ [status]: { description, headers: RATE_HEADERS, ...json(schema) } });

const pageParams = [
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
  { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: PAGE_MAX_LIMIT, default: PAGE_DEFAULT_LIMIT } },
];
const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
const entityHeader = {
  name: 'X-Entity-Id',
  in: 'header',
  deprecated: true,
  description: 'Entity context when the token has no org_id claim; ignored when it has one.',
  schema: { type: 'string', format: 'uuid' },
};

/** One query parameter per filter attribute and modifier: `status`, `status[neq]`, `status[in]`, … */
function filterParams(schema: FilterSchema): Json[] {
  return Object.entries(schema).flatMap(([attribute, spec]) =>
    MODIFIERS_BY_TYPE[spec.type].map((m) => ({
      name: m === 'eq' ? attribute : `${attribute}[${m}]`,
      in: 'query',
      description: `${spec.label ?? attribute}: ${m}${m === 'in' || m === 'nin' ? ' (comma-separated list)' : ''}`,
      schema: spec.values ? (m === 'in' || m === 'nin' ? { type: 'string' } : { type: 'string', enum: spec.values }) : { type: 'string' },
    })),
  );
}

function op(summary: string, scope: string | null, extra: Json): Json {
  return {
    summary,
    ...(scope ? { security: [{ clientCredentials: [scope] }] } : { security: [{ clientCredentials: [] }] }),
    ...extra,
    responses: { ...(extra.responses as Json), ...ERRORS },
  };
}

/** The OpenAPI 3.1 document of the sandbox, generated from the shared zod schemas. */
export function openApiDocument(publicUrl: string): Json {
  const components: Json = {
    Identity: schemaOf(Identity, 'output'),
    Entity: schemaOf(Entity, 'output'),
    CommitmentRow: schemaOf(CommitmentRow, 'output'),
    Venue: schemaOf(Venue, 'output'),
    Market: schemaOf(Market, 'output'),
    AvailabilityOption: schemaOf(AvailabilityOption, 'output'),
    Hold: schemaOf(Hold, 'output'),
    Reservation: schemaOf(Reservation, 'output'),
    Pagination: schemaOf(Pagination, 'output'),
    ProblemDetails: schemaOf(ProblemDetails, 'output'),
    TokenRequest: schemaOf(TokenRequest, 'input'),
    TokenResponse: schemaOf(TokenResponse, 'output'),
    EntityCreateBody: schemaOf(EntityCreateBody, 'input'),
    EntityUpdateBody: schemaOf(EntityUpdateBody, 'input'),
    EntityProgramsBody: schemaOf(EntityProgramsBody, 'input'),
    CommitmentsPutBody: schemaOf(CommitmentsPutBody, 'input'),
    HoldCreateBody: schemaOf(HoldCreateBody, 'input'),
    ReservationCreateBody: schemaOf(ReservationCreateBody, 'input'),
    ReservationUpdateBody: schemaOf(ReservationUpdateBody, 'input'),
  };
  const body = (name: string) => ({ requestBody: { required: true, ...json(ref(name)) } });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Guest Book Reservation Service API (sandbox)',
      version: '2.2.1',
      description: 'The sandbox emulation of API v2. Shapes the specification leaves unshown (errors, availability, holds, reservation bodies, logo upload) are defined here.',
    },
    servers: [{ url: publicUrl }],
    components: {
      schemas: components,
      securitySchemes: {
        clientCredentials: {
          type: 'oauth2',
          flows: { clientCredentials: { tokenUrl: `${publicUrl}/oauth/token`, scopes: Object.fromEntries(SCOPES.map((s) => [s, s])) } },
        },
      },
    },
    paths: {
      '/oauth/token': {
        post: {
          summary: 'Client-credentials token (JSON or form encoded)',
          security: [],
          requestBody: { required: true, content: { 'application/json': { schema: ref('TokenRequest') }, 'application/x-www-form-urlencoded': { schema: ref('TokenRequest') } } },
          responses: {
            '200': { description: 'An RS256 access token', ...json(ref('TokenResponse')) },
            '400': { description: 'invalid_request or unsupported_grant_type (RFC 6749)' },
            '401': { description: 'invalid_client' },
            '403': { description: 'access_denied: wrong audience or organization not assigned' },
          },
        },
      },
      '/.well-known/jwks.json': { get: { summary: 'JSON Web Key Set', security: [], responses: { '200': { description: 'RS256 public keys', ...json({ type: 'object' }) } } } },
      '/v2/identities/me': { get: op('The calling identity', null, { responses: ok('Identity', dataOf('Identity')) }) },
      '/v2/identities/me/delegates': { get: op('Delegates of the calling partner', null, { parameters: pageParams, responses: ok('Delegates (empty for a delegate caller)', listOf('Identity')) }) },
      '/v2/identities/me/delegates/{id}': { get: op('One delegate of the caller (404 otherwise)', null, { parameters: [idParam], responses: ok('Identity', dataOf('Identity')) }) },
      '/v2/entities': {
        get: op('Entities assigned to the calling identity', null, { parameters: [...pageParams, ...filterParams(ENTITY_FILTERS)], responses: ok('Entities', listOf('Entity')) }),
        post: op('Create an entity', 'entities:create', {
          description:
            'default_program_id is a uuid, never null: when the body has none, the entity gets the first of its `programs`, else the default program of the caller\'s default entity; with neither, 422 naming default_program_id. When given with `programs`, it must be one of them.',
          ...body('EntityCreateBody'), responses: { ...ok('Entity', dataOf('Entity'), '201'), '422': problem('Validation failure') } }),
      },
      '/v2/entities/{id}': {
        get: op('One entity', 'entities:read', { parameters: [idParam], responses: ok('Entity', dataOf('Entity')) }),
        patch: op('Update an entity', 'entities:update', { parameters: [idParam], ...body('EntityUpdateBody'), responses: { ...ok('Entity', dataOf('Entity')), '422': problem('Validation failure') } }),
      },
      '/v2/entities/{id}/programs': {
        put: op("Replace the entity's programs", 'entities:update', {
          description: 'Replaces the programs only: default_program_id is kept, even when the new list leaves its program out (it is changed by PATCH, where it must be one of the assigned programs).',
          parameters: [idParam], ...body('EntityProgramsBody'), responses: { ...ok('Entity', dataOf('Entity')), '422': problem('Unknown program') } }),
      },
      '/v2/entities/{id}/logo': {
        post: op('Upload a logo (PNG, JPEG or WebP, at most 2 MB)', 'entities:upload_logo', {
          parameters: [idParam],
          requestBody: {
            required: true,
            content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } } } } },
          },
          responses: { ...ok('Entity; logo width/height/aspect_ratio are null until processed', dataOf('Entity')), '413': problem('Larger than 2 MB'), '415': problem('Not multipart/form-data'), '422': problem('Not a PNG, JPEG or WebP image') },
        }),
      },
      '/v2/commitments': {
        get: op("The calling entity's commitment rows", 'commitments:read', {
          parameters: [
            entityHeader,
            { name: 'status[]', in: 'query', style: 'form', explode: true, schema: { type: 'array', items: { type: 'string', enum: ['assigned', 'unassigned', 'ended'] } }, description: 'default assigned; several values give the union' },
            { name: 'venue_id', in: 'query', schema: { type: 'string', format: 'uuid' } },
            { name: 'program_id', in: 'query', schema: { type: 'string', format: 'uuid' } },
            ...pageParams,
          ],
          responses: ok('Rows', listOf('CommitmentRow')),
        }),
        put: op("Replace the calling entity's complete set of allocations", 'commitments:update', {
          parameters: [entityHeader],
          ...body('CommitmentsPutBody'),
          responses: { ...ok("The entity's assigned rows after the change", { type: 'object', required: ['data'], properties: { data: { type: 'array', items: ref('CommitmentRow') } } }), '422': problem('Ineligible commitment (named) or over-allocation') },
        }),
      },
      '/v2/commitments/{id}': { get: op('One commitment row, any status', 'commitments:read', { parameters: [idParam, entityHeader], responses: ok('Row', dataOf('CommitmentRow')) }) },
      '/v2/venues': { get: op('Venues', 'venues:read', { parameters: [entityHeader, ...pageParams, ...filterParams(VENUE_FILTERS)], responses: ok('Venues', listOf('Venue')) }) },
      '/v2/venues/{id}': { get: op('One venue, with the deprecated seat_commitments block', 'venues:read', { parameters: [idParam, entityHeader], responses: ok('Venue', dataOf('Venue')) }) },
      '/v2/markets': { get: op('Markets', 'markets:read', { parameters: [entityHeader, ...pageParams, ...filterParams(MARKET_FILTERS)], responses: ok('Markets', listOf('Market')) }) },
      '/v2/availability': {
        get: op('Availability options bound by the allocation', 'availability:read', {
          parameters: [
            entityHeader,
            { name: 'venue_id', in: 'query', schema: { type: 'string', format: 'uuid' } },
            { name: 'market_id', in: 'query', schema: { type: 'string', format: 'uuid' } },
            { name: 'date', in: 'query', required: true, schema: { type: 'string', format: 'date' } },
            { name: 'party_size', in: 'query', required: true, schema: { type: 'integer', minimum: 1, maximum: 50 } },
            { name: 'time', in: 'query', schema: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d$' } },
            ...pageParams,
          ],
          description: 'A list like every other (data and pagination), ordered by time. seating_area is the area the commitment is scoped to, null when it is scoped to none (even at a venue with seating areas).',
          responses: { ...ok('Options', listOf('AvailabilityOption')), '422': problem('Validation failure') },
        }),
      },
      '/v2/holds': { post: op('Hold seats for 10 minutes (bare object, no envelope)', 'holds:create', { parameters: [entityHeader], ...body('HoldCreateBody'), responses: { ...ok('Hold', ref('Hold'), '201'), '422': problem('No availability') } }) },
      '/v2/holds/{id}': { delete: op('Release a hold early', 'holds:delete', { parameters: [idParam, entityHeader], responses: { '204': { description: 'Released', headers: RATE_HEADERS } } }) },
      '/v2/reservations': {
        get: op("The entity's reservations, with filter modifiers", 'reservations:read', {
          parameters: [entityHeader, ...pageParams, { name: 'sort', in: 'query', schema: { type: 'string', enum: ['date', '-date', 'created_at', '-created_at', 'party_size', '-party_size', 'status', '-status', 'guest_last_name', '-guest_last_name'], default: 'date' } }, ...filterParams(RESERVATION_FILTERS)],
          responses: ok('Reservations', listOf('Reservation')),
        }),
        post: op('Create a reservation from a hold', 'reservations:create', { parameters: [entityHeader], ...body('ReservationCreateBody'), responses: { ...ok('Reservation', dataOf('Reservation'), '201'), '422': problem('Unknown, used or expired hold') } }),
      },
      '/v2/reservations/{id}': {
        get: op('One reservation', 'reservations:read', { parameters: [idParam, entityHeader], responses: ok('Reservation', dataOf('Reservation')) }),
        patch: op('Modify a reservation', 'reservations:update', { parameters: [idParam, entityHeader], ...body('ReservationUpdateBody'), responses: { ...ok('Reservation', dataOf('Reservation')), '422': problem('Not modifiable, or no seats left') } }),
      },
      '/v2/reservations/{id}/cancel': {
        post: op('Cancel a reservation', 'reservations:cancel', { parameters: [idParam, entityHeader], responses: { ...ok('Reservation', dataOf('Reservation')), '422': problem('Already canceled, completed or no-show') } }),
      },
    },
  };
}
