import 'server-only';

import type { z } from 'zod';

import { staffRoute, type ActionContext, type RouteDefinition } from './action';

/** How a read route's search params map onto its input schema's fields. */
export interface ParamShape {
  /** fields that are numbers (a value that is not one is left as text, for the schema to refuse by name) */
  numbers?: readonly string[];
  /** fields that are lists: the param repeated, or absent for an empty list */
  lists?: readonly string[];
  /** fields that may be null: absent means null */
  nullable?: readonly string[];
}

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A URL's search params as the input object its schema checks. Every param is kept (an unknown
 * one is refused by the strict schema, naming it); a param given twice that is not a list stays
 * a list, which the schema refuses as the wrong type.
 */
export function inputFromSearchParams(params: URLSearchParams, shape: ParamShape = {}): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key).map((v) => (shape.numbers?.includes(key) && NUMBER.test(v) ? Number(v) : v));
    out[key] = shape.lists?.includes(key) || values.length > 1 ? values : values[0];
  }
  for (const key of shape.lists ?? []) out[key] ??= [];
  for (const key of shape.nullable ?? []) out[key] ??= null;
  return out;
}

/**
 * A read the browser makes after the page loaded, as a GET route handler (not a server action:
 * Next's client sends those one at a time, so a read would hold up the next Save). The same guard
 * as every action (session, role, the input schema, now read from the search params), only from
 * the dashboard's own pages, and never stored by a cache between the server and the browser.
 */
export function staffReadRoute<S extends z.ZodType, T, A extends unknown[]>(
  def: Omit<RouteDefinition<S>, 'mutates' | 'sameOriginGet' | 'audited'>,
  shape: ParamShape,
  handler: (input: z.output<S>, ctx: ActionContext) => Promise<T>,
  pathParams: (...rest: A) => Promise<Record<string, unknown>> = async () => ({}),
): (request: Request, ...rest: A) => Promise<Response> {
  const route = staffRoute(
    { ...def, mutates: false, sameOriginGet: true },
    async (request: Request, ...rest: A) => ({
      ...inputFromSearchParams(new URL(request.url).searchParams, shape),
      ...(await pathParams(...rest)),
    }),
    handler,
  );
  return async (request, ...rest) => {
    const response = await route(request, ...rest);
    response.headers.set('Cache-Control', 'private, no-store');
    return response;
  };
}
