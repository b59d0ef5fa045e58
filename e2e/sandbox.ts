import { expect, type APIRequestContext } from '@playwright/test';

import { sandboxControls, type LoggedRequest } from '../lib/sandbox/control-client';
import { defaultEntity, partner, today } from './demo-world';
import { SANDBOX_URL } from './env';

/** The e2e sandbox's controls, with the X-Sandbox-Token the run shares (SANDBOX_CONTROL_TOKEN, set by playwright.config.ts). */
export const controls = sandboxControls(SANDBOX_URL);

/** Calls a sandbox control by path (`/_sandbox/...`); throws, failing the test, when it does not succeed. */
export async function sandboxControl(
  _request: APIRequestContext,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  data?: unknown,
) {
  return { data: await controls.send(method, path.replace(/^\/_sandbox/, ''), data) };
}

/** An access token of the demo credentials from the sandbox's token service, org-bound when asked. */
async function sandboxToken(
  request: APIRequestContext,
  credentials: { clientId: string; clientSecret: string },
  orgId?: string | null,
  base: string = SANDBOX_URL,
): Promise<string> {
  const tokenRes = await request.post(`${base}/oauth/token`, {
    data: {
      client_id: credentials.clientId,
      client_secret: credentials.clientSecret,
      audience: `${base}/`,
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

/** The demo entity's first `limit` confirmed reservations of today and after, as the sandbox holds them. */
export async function upcomingConfirmed(request: APIRequestContext, limit: number): Promise<SandboxReservation[]> {
  const path = `/v2/reservations?status=confirmed&date[gte]=${today()}&limit=${limit}`;
  return ((await sandboxApi(request, path, partner, defaultEntity)) as { data: SandboxReservation[] }).data;
}

/** The sandbox's request log position now, to read what was sent after it. */
export async function sandboxRequestMark(_request: APIRequestContext): Promise<number> {
  return controls.requestMark();
}

/**
 * The request log's position once no API request has arrived for `quietMs`: what an earlier
 * page's render still has in flight on the server (it goes on after the page closed) lands before
 * the mark, not in the spec that reads after it.
 */
export async function sandboxQuietMark(
  _request: APIRequestContext,
  quietMs = 1_500,
  timeoutMs = 30_000,
): Promise<number> {
  const until = Date.now() + timeoutMs;
  let mark = await controls.requestMark();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    // The log holds the control requests too (these included) and the sync's: only the pages' count.
    const api = (await sandboxRequestsSince(_request, mark)).filter((r) => !r.path.startsWith('/_sandbox'));
    if (!api.length || Date.now() > until) return mark;
    mark = Math.max(...api.map((r) => r.seq));
  }
}

/**
 * The requests logged after `mark`, less those of the dashboard's background sync (its User-Agent
 * says `(sync)`): it runs in every worker's dashboard on its own clock, and what a spec counts
 * is what the pages and actions sent.
 */
export async function sandboxRequestsSince(_request: APIRequestContext, mark: number): Promise<LoggedRequest[]> {
  return (await controls.requests(mark)).filter((r) => !r.user_agent?.endsWith('(sync)'));
}

/** PUTs /v2/commitments as the demo partner acting for an entity, like another client of the API would. */
export async function sandboxPutCommitments(
  request: APIRequestContext,
  credentials: { clientId: string; clientSecret: string },
  context: { orgId: string | null; entityId: string },
  data: { id: string; entity_seats: number }[],
) {
  const token = await sandboxToken(request, credentials, context.orgId);
  const res = await request.put(`${SANDBOX_URL}/v2/commitments`, {
    headers: contextHeaders(token, context),
    data: { data },
  });
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
  const res = await request.patch(`${SANDBOX_URL}/v2/reservations/${id}`, {
    headers: contextHeaders(token, context),
    data,
  });
  expect(res.ok(), `PATCH /v2/reservations/${id} → ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** Sends one /v2 request as the demo partner acting for an entity, like another channel of the partner would; answers the status and body. */
export async function sandboxSend(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  credentials: { clientId: string; clientSecret: string },
  context: { orgId?: string | null; entityId?: string },
  data?: unknown,
  base: string = SANDBOX_URL,
): Promise<{ status: number; body: unknown }> {
  const token = await sandboxToken(request, credentials, context.orgId, base);
  const res = await request.fetch(`${base}${path}`, {
    method,
    headers: contextHeaders(token, context),
    ...(data === undefined ? {} : { data }),
  });
  const text = await res.text();
  return { status: res.status(), body: text ? JSON.parse(text) : null };
}

/** A reservation as the sandbox returns it, with the fields the specs read. */
export interface SandboxReservation {
  id: string;
  status: string;
  date: string;
  time: string;
  party_size: number;
  locale: string;
  notes: string | null;
  venue_id: string;
  program_id: string | null;
  updated_at: string;
  guest: { first_name: string; last_name: string; email: string; phone: string | null };
  [key: string]: unknown;
}
