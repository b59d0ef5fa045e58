import { DEMO_PARTNER, type SeedOptions } from './seed/demo';
import { startSandbox, type RunningSandbox } from './server';

/** A sandbox in memory on a free port, for tests. */
export function startTestSandbox(seedOptions?: SeedOptions): Promise<RunningSandbox> {
  return startSandbox({ port: 0, memory: true, quiet: true, seedOptions });
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

export async function call(sandbox: RunningSandbox, token: string, path: string, init: RequestInit & { entityId?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('authorization', `Bearer ${token}`);
  if (init.entityId) headers.set('x-entity-id', init.entityId);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  return fetch(`${sandbox.url}${path}`, { ...init, headers });
}

/** Token requests the sandbox has received so far. */
export async function tokenRequestCount(sandbox: RunningSandbox): Promise<number> {
  const res = await fetch(`${sandbox.url}/_sandbox/requests`);
  const { data } = (await res.json()) as { data: { path: string }[] };
  return data.filter((r) => r.path === '/oauth/token').length;
}
