import { expect, type APIRequestContext } from '@playwright/test';
import { SANDBOX_URL } from './env';

/** Calls a sandbox control (outside /v2) and fails the test when it does not succeed. */
export async function sandboxControl(request: APIRequestContext, method: 'GET' | 'POST' | 'DELETE', path: string, data?: unknown) {
  const res = await request.fetch(`${SANDBOX_URL}${path}`, { method, data });
  expect(res.ok(), `${method} ${path} → ${res.status()} ${await res.text()}`).toBe(true);
  return res.status() === 204 ? null : res.json();
}

/** An access token of the demo credentials from the sandbox's token service, org-bound when asked. */
async function sandboxToken(request: APIRequestContext, credentials: { clientId: string; clientSecret: string }, orgId?: string | null): Promise<string> {
  const tokenRes = await request.post(`${SANDBOX_URL}/oauth/token`, {
    data: {
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      audience: `${SANDBOX_URL}/`,
      grant_type: 'client_credentials',
      ...(orgId ? { organization: orgId } : {}),
    },
  });
  expect(tokenRes.ok(), await tokenRes.text()).toBe(true);
  return ((await tokenRes.json()) as { access_token: string }).access_token;
}

const contextHeaders = (token: string, context: { orgId?: string | null; entityId?: string }) => ({
  Authorization: `Bearer ${token}`,
  ...(context.entityId && !context.orgId ? { 'X-Entity-Id': context.entityId } : {}),
});

/** Reads /v2 as the demo partner directly from the sandbox, to compare with what the dashboard did. */
export async function sandboxApi(
  request: APIRequestContext,
  path: string,
  credentials: { clientId: string; clientSecret: string },
  context: { orgId?: string | null; entityId?: string } = {},
) {
  const token = await sandboxToken(request, credentials, context.orgId);
  const res = await request.get(`${SANDBOX_URL}${path}`, { headers: contextHeaders(token, context) });
  expect(res.ok(), `${path} → ${res.status()}`).toBe(true);
  return res.json();
}

interface LoggedRequest {
  seq: number;
  method: string;
  path: string;
  /** the query string, with its leading "?" (or empty) */
  query: string;
}

/** The sandbox's request log position now, to read what was sent after it. */
export async function sandboxRequestMark(request: APIRequestContext): Promise<number> {
  const log = await readRequestLog(request);
  return log.reduce((max, r) => Math.max(max, r.seq), 0);
}

export async function sandboxRequestsSince(request: APIRequestContext, mark: number): Promise<LoggedRequest[]> {
  return (await readRequestLog(request)).filter((r) => r.seq > mark);
}

async function readRequestLog(request: APIRequestContext): Promise<LoggedRequest[]> {
  const body = (await sandboxControl(request, 'GET', '/_sandbox/requests')) as { data: LoggedRequest[] } | LoggedRequest[];
  return Array.isArray(body) ? body : body.data;
}

/** PUTs /v2/commitments as the demo partner acting for an entity, like another client of the API would. */
export async function sandboxPutCommitments(
  request: APIRequestContext,
  credentials: { clientId: string; clientSecret: string },
  context: { orgId: string | null; entityId: string },
  data: { id: string; entity_seats: number }[],
) {
  const token = await sandboxToken(request, credentials, context.orgId);
  const res = await request.put(`${SANDBOX_URL}/v2/commitments`, { headers: contextHeaders(token, context), data: { data } });
  expect(res.ok(), `PUT /v2/commitments → ${res.status()} ${await res.text()}`).toBe(true);
}

/** PATCHes a reservation as the demo partner directly (as a guest's channel would change it), returning the reservation. */
export async function sandboxPatchReservation(
  request: APIRequestContext,
  credentials: { clientId: string; clientSecret: string },
  context: { orgId: string | null; entityId?: string },
  id: string,
  data: unknown,
) {
  const token = await sandboxToken(request, credentials, context.orgId);
  const res = await request.patch(`${SANDBOX_URL}/v2/reservations/${id}`, { headers: contextHeaders(token, context), data });
  expect(res.ok(), `PATCH /v2/reservations/${id} → ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}
