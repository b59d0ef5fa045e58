import { z } from 'zod';

import { MODIFIERS_BY_TYPE, type FilterSchema } from '../guestbook/filters';
import { PAGE_DEFAULT_LIMIT, PAGE_MAX_LIMIT } from '../guestbook/schemas';

/** The building blocks of the OpenAPI document (openapi.ts): schema references, the shared parameters and the error answers every operation carries. */

export type Json = Record<string, unknown>;

/** A zod schema as an OpenAPI 3.1 (JSON Schema 2020-12) schema object. */
export function schemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as Json;
  return json;
}

export const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
export const dataOf = (name: string) => ({ type: 'object', required: ['data'], properties: { data: ref(name) } });
export const listOf = (name: string) => ({
  type: 'object',
  required: ['data', 'pagination'],
  properties: { data: { type: 'array', items: ref(name) }, pagination: ref('Pagination') },
});
export const json = (schema: Json) => ({ content: { 'application/json': { schema } } });

export const RATE_HEADERS = {
  'X-RateLimit-Limit': { schema: { type: 'integer' }, description: 'limit of the current window' },
  'X-RateLimit-Remaining': { schema: { type: 'integer' }, description: 'requests left in the window' },
  'X-RateLimit-Reset': { schema: { type: 'integer' }, description: 'Unix time of the next reset' },
};
/** An error answer; every one but a 401 (no client to count yet) carries the rate-limit headers. */
export const problem = (description: string, headers: Json | null = RATE_HEADERS) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/problem+json': { schema: ref('ProblemDetails') } },
});
const ERRORS = {
  '400': problem('Malformed value (uuid, date, modifier, limit, unknown field); the errors list names each field.'),
  '401': problem(
    'Missing, expired, wrongly signed or wrong-audience bearer token. The only answer without rate-limit headers: nothing identifies the client to count.',
    null,
  ),
  '403': problem(
    "Scope missing, entity not assigned to the credentials, identity suspended, or a delegate's PUT /v2/commitments (a delegated identity has no commitments:update, whatever its token says).",
  ),
  '404': problem(
    'Not found, the resolved entity does not exist, or the calling identity cannot be resolved (a valid token whose credentials no longer exist).',
  ),
  '429': problem('Rate limit exceeded; see Retry-After and X-RateLimit-Reset.'),
};
export const ok = (description: string, schema: Json, status = '200') => ({
  [status]: { description, headers: RATE_HEADERS, ...json(schema) },
});

export const pageParams = [
  { name: 'page', in: 'query', schema: { type: 'integer', minimum: 1, default: 1 } },
  {
    name: 'limit',
    in: 'query',
    schema: { type: 'integer', minimum: 1, maximum: PAGE_MAX_LIMIT, default: PAGE_DEFAULT_LIMIT },
  },
];
/** A required JSON request body of the named component. */
export const body = (name: string) => ({ requestBody: { required: true, ...json(ref(name)) } });

export const idParam = { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } };
export const entityHeader = {
  name: 'X-Entity-Id',
  in: 'header',
  deprecated: true,
  description: 'Entity context when the token has no org_id claim; ignored when it has one.',
  schema: { type: 'string', format: 'uuid' },
};

/** One query parameter per filter attribute and modifier: `status`, `status[neq]`, `status[in]`, … */
export function filterParams(schema: FilterSchema): Json[] {
  return Object.entries(schema).flatMap(([attribute, spec]) =>
    MODIFIERS_BY_TYPE[spec.type].map((m) => ({
      name: m === 'eq' ? attribute : `${attribute}[${m}]`,
      in: 'query',
      description: `${attribute}: ${m}${m === 'in' || m === 'nin' ? ' (comma-separated list)' : ''}`,
      schema: spec.values
        ? m === 'in' || m === 'nin'
          ? { type: 'string' }
          : { type: 'string', enum: spec.values }
        : { type: 'string' },
    })),
  );
}

/**
 * One operation of the API: `operationId` is what a client generator names its method after, the
 * tag groups it on the reference page (by the path's resource, see `tagOf`), and the description
 * says which scope it needs.
 */
export function op(operationId: string, summary: string, scope: string | null, extra: Json): Json {
  const needs = scope ? `Needs the \`${scope}\` scope.` : 'Needs a valid token; no scope is checked.';
  return {
    operationId,
    summary,
    ...extra,
    description: extra.description ? `${String(extra.description)}\n\n${needs}` : `${summary}. ${needs}`,
    security: [{ clientCredentials: scope ? [scope] : [] }],
    responses: { ...(extra.responses as Json), ...ERRORS },
  };
}

/** The reference page's groups, in the order the specification presents the resources. */
export const TAGS = [
  { name: 'Authorization', description: 'The token service: client-credentials tokens and the keys that sign them.' },
  { name: 'Identities', description: 'The calling partner or delegate, and the delegates a partner manages.' },
  { name: 'Entities', description: "The partner's brands or distribution channels, their programs and logos." },
  { name: 'Commitments', description: 'Seat allocations: how many seats each entity holds at a venue and program.' },
  { name: 'Venues', description: 'The venues an entity can book, and their seating areas.' },
  { name: 'Markets', description: 'The markets venues belong to.' },
  { name: 'Availability', description: 'Bookable times, bound by the calling entity’s allocation.' },
  { name: 'Holds', description: 'Seats held for ten minutes while a guest books.' },
  { name: 'Reservations', description: 'Guest reservations: search with filter modifiers, book, modify and cancel.' },
] as const;

/** The tag of a path: its resource (`/v2/entities/{id}/logo` → Entities; the token service's paths → Authorization). */
export function tagOf(path: string): string {
  const resource = /^\/v2\/([a-z]+)/.exec(path)?.[1];
  const tag = TAGS.find((t) => t.name.toLowerCase() === resource);
  return tag?.name ?? 'Authorization';
}

/** Every operation of `paths` with its tag. */
export function tagged(paths: Record<string, Json>): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(paths).map(([path, item]) => [
      path,
      Object.fromEntries(Object.entries(item).map(([method, o]) => [method, { tags: [tagOf(path)], ...(o as Json) }])),
    ]),
  );
}
