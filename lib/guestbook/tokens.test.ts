import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { DEMO_PARTNER } from '../sandbox/seed/demo';
import type { RunningSandbox } from '../sandbox/server';
import { startTestSandbox, tokenRequestCount } from '../sandbox/testing';
import { createGuestbookClient, GuestbookApiError, TOKEN_EXPIRY_SKEW_MS } from './index';

let sandbox: RunningSandbox;
let clock = 0;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  clock = 0;
  await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
});

function client(overrides: { clientSecret?: string; verifyTokens?: boolean } = {}) {
  return createGuestbookClient({
    baseUrl: sandbox.url,
    authUrl: sandbox.url,
    audience: `${sandbox.url}/`,
    clientId: DEMO_PARTNER.clientId,
    clientSecret: overrides.clientSecret ?? DEMO_PARTNER.clientSecret,
    verifyTokens: overrides.verifyTokens ?? true,
    now: () => Date.now() + clock,
  });
}

describe('token cache, counted at the sandbox token endpoint', () => {
  it('reuses one token for many calls', async () => {
    const before = await tokenRequestCount(sandbox);
    const api = client();
    for (let i = 0; i < 5; i++) expect((await api.getMe()).name).toBe(DEMO_PARTNER.name);
    expect((await tokenRequestCount(sandbox)) - before).toBe(1);
  });

  it('concurrent callers share one token request', async () => {
    const before = await tokenRequestCount(sandbox);
    const api = client();
    const names = await Promise.all(Array.from({ length: 20 }, () => api.getMe().then((me) => me.name)));
    expect(new Set(names)).toEqual(new Set([DEMO_PARTNER.name]));
    expect((await tokenRequestCount(sandbox)) - before).toBe(1);
  });

  it('renews a token 60 s before it expires, not earlier', async () => {
    const before = await tokenRequestCount(sandbox);
    const api = client();
    await api.getMe();
    clock = 86_400_000 - TOKEN_EXPIRY_SKEW_MS - 5_000; // 65 s before exp: still reused
    await api.getMe();
    expect((await tokenRequestCount(sandbox)) - before).toBe(1);
    clock = 86_400_000 - TOKEN_EXPIRY_SKEW_MS + 5_000; // 55 s before exp: renewed
    await api.getMe();
    expect((await tokenRequestCount(sandbox)) - before).toBe(2);
  });

  it('keeps one token per organization, and the default token for entities without org_id', async () => {
    const before = await tokenRequestCount(sandbox);
    const api = client();
    const { data: entities } = await api.listEntities({ limit: 100 });
    const bound = entities.filter((e) => e.org_id).slice(0, 2);
    const legacy = entities.find((e) => !e.org_id)!;
    for (const e of [...bound, ...bound]) expect((await api.asEntity(e).getEntity(e.id)).id).toBe(e.id);
    expect((await api.asEntity(legacy).getEntity(legacy.id)).org_id).toBeNull();
    // default + one per organization; the legacy entity rides on the default token
    expect((await tokenRequestCount(sandbox)) - before).toBe(1 + bound.length);
  });

  it('refreshes once and replays when the API refuses a cached token', async () => {
    const api = client({ verifyTokens: false });
    await api.getMe();
    const before = await tokenRequestCount(sandbox);
    // The sandbox's clock passes the token's exp while the client still holds it.
    await fetch(`${sandbox.url}/_sandbox/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advance_seconds: 86_400 + 10 }),
    });
    clock = 86_400_000 + 10_000 - 2 * TOKEN_EXPIRY_SKEW_MS; // the client thinks the token has 2 minutes left
    expect((await api.getMe()).name).toBe(DEMO_PARTNER.name);
    expect((await tokenRequestCount(sandbox)) - before).toBe(1);
  });

  it('reports a refused secret as a 401 from the token service', async () => {
    const error = await client({ clientSecret: 'wrong' })
      .getMe()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GuestbookApiError);
    expect((error as GuestbookApiError).status).toBe(401);
    expect((error as GuestbookApiError).path).toBe('/oauth/token');
  });
});

describe('secrets', () => {
  it('never prints the client secret or a token', async () => {
    const api = client();
    await api.getMe();
    const printed = [
      inspect(api, { depth: 10, showHidden: true }),
      JSON.stringify(api),
      String(api),
      inspect(api.tokens, { depth: 10 }),
    ].join('\n');
    expect(printed).not.toContain(DEMO_PARTNER.clientSecret);
    expect(printed).not.toMatch(/eyJ[\w-]+\.[\w-]+\.[\w-]+/);
    const error = await client({ clientSecret: 'a-wrong-secret-value' })
      .getMe()
      .catch((e: unknown) => e);
    expect(`${String(error)} ${inspect(error, { depth: 10 })}`).not.toContain('a-wrong-secret-value');
  });
});
