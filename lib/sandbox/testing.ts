import { createGuestbookClient, type GuestbookClient, type GuestbookClientOptions } from '../guestbook';
import { sandboxControls } from './control-client';
import { DEMO_PARTNER, type SeedOptions } from './seed/demo';
import { startSandbox, type RunningSandbox } from './server';

/**
 * A sandbox in memory on a free port, for tests. Its controls need no X-Sandbox-Token (the Host
 * and Content-Type rules still hold): it lives only as long as the test process that started
 * it. A test of the token itself starts one with `controlToken`.
 */
export function startTestSandbox(
  seedOptions?: SeedOptions,
  options: { controlToken?: string; startsAt?: Date } = {},
): Promise<RunningSandbox> {
  return startSandbox({ port: 0, memory: true, quiet: true, seedOptions, ...options });
}

/** The demo partner's API client on the sandbox at `sandboxUrl`, with its credentials as the dashboard holds them. */
export function partnerClient(sandboxUrl: string, options: Partial<GuestbookClientOptions> = {}): GuestbookClient {
  return createGuestbookClient({
    baseUrl: sandboxUrl,
    authUrl: sandboxUrl,
    audience: `${sandboxUrl}/`,
    clientId: DEMO_PARTNER.clientId,
    clientSecret: DEMO_PARTNER.clientSecret,
    ...options,
  });
}

export async function tokenFor(sandbox: RunningSandbox, body: Record<string, unknown> = {}): Promise<Response> {
  return fetch(`${sandbox.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_id: DEMO_PARTNER.clientId,
      client_secret: DEMO_PARTNER.clientSecret,
      audience: `${sandbox.url}/`,
      grant_type: 'client_credentials',
      ...body,
    }),
  });
}

export async function accessToken(sandbox: RunningSandbox, body: Record<string, unknown> = {}): Promise<string> {
  const res = await tokenFor(sandbox, body);
  if (!res.ok) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function call(
  sandbox: RunningSandbox,
  token: string,
  path: string,
  init: RequestInit & { entityId?: string } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${token}`);
  if (init.entityId) headers.set('x-entity-id', init.entityId);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  return fetch(`${sandbox.url}${path}`, { ...init, headers });
}

/** Token requests the sandbox has received so far. */
export async function tokenRequestCount(sandbox: RunningSandbox): Promise<number> {
  const data = await sandboxControls(sandbox.url, { token: sandbox.controlToken }).requests();
  return data.filter((r) => r.path === '/oauth/token').length;
}
