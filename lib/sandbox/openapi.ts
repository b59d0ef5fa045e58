import { ENTITY_FILTERS } from '../guestbook/filters';
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
  Pagination,
  ProblemDetails,
  Reservation,
  ReservationCreateBody,
  ReservationUpdateBody,
  Venue,
} from '../guestbook/schemas';
import { SCOPES, TokenRequest, TokenResponse } from '../guestbook/token-schemas';
import {
  body,
  dataOf,
  filterParams,
  idParam,
  json,
  listOf,
  ok,
  op,
  pageParams,
  problem,
  ref,
  schemaOf,
  tagged,
  TAGS,
  type Json,
} from './openapi-parts';
import { bookingPaths } from './openapi-paths';

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
  return {
    openapi: '3.1.0',
    info: {
      title: 'Guest Book Reservation Service API (sandbox)',
      version: '2.2.1',
      description:
        'The sandbox emulation of API v2. Shapes the specification leaves unshown (errors, availability, holds, reservation bodies, logo upload) are defined here.',
      license: { name: 'Proprietary: for partners of the Guest Book Reservation Service' },
    },
    servers: [{ url: publicUrl }],
    tags: TAGS,
    components: {
      schemas: components,
      securitySchemes: {
        clientCredentials: {
          type: 'oauth2',
          flows: {
            clientCredentials: {
              tokenUrl: `${publicUrl}/oauth/token`,
              scopes: Object.fromEntries(SCOPES.map((s) => [s, s])),
            },
          },
        },
      },
    },
    paths: tagged({
      '/oauth/token': {
        post: {
          operationId: 'requestToken',
          summary: 'Client-credentials token (JSON or form encoded)',
          description:
            'Exchanges the client id and secret for an RS256 access token of the requested audience and, for an organization, its org_id claim. Needs no token.',
          security: [],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: ref('TokenRequest') },
              'application/x-www-form-urlencoded': { schema: ref('TokenRequest') },
            },
          },
          responses: {
            '200': { description: 'An RS256 access token', ...json(ref('TokenResponse')) },
            '400': { description: 'invalid_request or unsupported_grant_type (RFC 6749)' },
            '401': { description: 'invalid_client' },
            '403': { description: 'access_denied: wrong audience or organization not assigned' },
          },
        },
      },
      '/.well-known/jwks.json': {
        get: {
          operationId: 'getJwks',
          summary: 'JSON Web Key Set',
          description: 'The public keys that verify the access tokens the token service signs. Needs no token.',
          security: [],
          responses: { '200': { description: 'RS256 public keys', ...json({ type: 'object' }) } },
        },
      },
      '/v2/identities/me': {
        get: op('getMyIdentity', 'The calling identity', null, { responses: ok('Identity', dataOf('Identity')) }),
      },
      '/v2/identities/me/delegates': {
        get: op('listMyDelegates', 'Delegates of the calling partner', null, {
          parameters: pageParams,
          responses: ok('Delegates (empty for a delegate caller)', listOf('Identity')),
        }),
      },
      '/v2/identities/me/delegates/{id}': {
        get: op('getMyDelegate', 'One delegate of the caller (404 otherwise)', null, {
          parameters: [idParam],
          responses: ok('Identity', dataOf('Identity')),
        }),
      },
      '/v2/entities': {
        get: op('listEntities', 'Entities assigned to the calling identity', null, {
          parameters: [...pageParams, ...filterParams(ENTITY_FILTERS)],
          responses: ok('Entities', listOf('Entity')),
        }),
        post: op('createEntity', 'Create an entity', 'entities:create', {
          description:
            "default_program_id is a uuid, never null: when the body has none, the entity gets the first of its `programs`, else the default program of the caller's default entity; with neither, 422 naming default_program_id. When given with `programs`, it must be one of them.",
          ...body('EntityCreateBody'),
          responses: { ...ok('Entity', dataOf('Entity'), '201'), '422': problem('Validation failure') },
        }),
      },
      '/v2/entities/{id}': {
        get: op('getEntity', 'One entity', 'entities:read', {
          parameters: [idParam],
          responses: ok('Entity', dataOf('Entity')),
        }),
        patch: op('updateEntity', 'Update an entity', 'entities:update', {
          parameters: [idParam],
          ...body('EntityUpdateBody'),
          responses: { ...ok('Entity', dataOf('Entity')), '422': problem('Validation failure') },
        }),
      },
      '/v2/entities/{id}/programs': {
        put: op('replaceEntityPrograms', "Replace the entity's programs", 'entities:update', {
          description:
            'Replaces the programs only: default_program_id is kept, even when the new list leaves its program out (it is changed by PATCH, where it must be one of the assigned programs).',
          parameters: [idParam],
          ...body('EntityProgramsBody'),
          responses: { ...ok('Entity', dataOf('Entity')), '422': problem('Unknown program') },
        }),
      },
      '/v2/entities/{id}/logo': {
        post: op('uploadEntityLogo', 'Upload a logo (PNG, JPEG or WebP, at most 2 MB)', 'entities:upload_logo', {
          parameters: [idParam],
          requestBody: {
            required: true,
            content: {
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['file'],
                  properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
                },
              },
            },
          },
          responses: {
            ...ok('Entity; logo width/height/aspect_ratio are null until processed', dataOf('Entity')),
            '413': problem('Larger than 2 MB'),
            '415': problem('Not multipart/form-data'),
            '422': problem('Not a PNG, JPEG or WebP image'),
          },
        }),
      },
      ...bookingPaths(),
    }),
  };
}
