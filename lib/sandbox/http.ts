import type { Context } from 'hono';
import type { z } from 'zod';

import { Uuid } from '../guestbook/schemas';
import { ApiProblem, badRequest, problemFromZod } from './problem';

/** A problem+json response (the sandbox's definition of the unshown error body). */
export function problemResponse(c: Context, p: ApiProblem): Response {
  const requestId = (c.get('requestId') as string | undefined) ?? '';
  return new Response(
    JSON.stringify({
      type: 'about:blank',
      title: p.title,
      status: p.status,
      detail: p.detail,
      ...(p.errors ? { errors: p.errors } : {}),
      request_id: requestId,
    }),
    {
      status: p.status,
      headers: { 'content-type': 'application/problem+json', 'x-request-id': requestId, ...p.headers },
    },
  );
}

/** Reads a JSON body; 400 when it is not JSON, and the zod schema decides the rest. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S, what: string): Promise<z.infer<S>> {
  const text = await c.req.text();
  if (text.length > 1_000_000) throw new ApiProblem(413, 'The request body is larger than 1 MB.');
  let json: unknown;
  try {
    json = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw badRequest(`${what}: the body is not valid JSON.`);
  }
  if (json === undefined) throw badRequest(`${what}: a JSON body is required.`);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw problemFromZod(parsed.error, what);
  return parsed.data;
}

/** A UUID path parameter, lower-cased; 400 naming it otherwise. */
export function pathId(c: Context, name = 'id'): string {
  const raw = c.req.param(name) ?? '';
  const parsed = Uuid.safeParse(raw);
  if (!parsed.success)
    throw badRequest(`${name}: "${raw.slice(0, 60)}" is not a UUID`, [{ field: name, message: 'must be a UUID' }]);
  return parsed.data.toLowerCase();
}

export const searchParams = (c: Context) => new URL(c.req.url).searchParams;
