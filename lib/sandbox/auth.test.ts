import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { DEMO_DELEGATES, DEMO_PARTNER } from './seed/demo';
import type { RunningSandbox } from './server';
import { accessToken, call, startTestSandbox, tokenFor } from './testing';

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
});

const decode = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('POST /oauth/token', () => {
  it('issues an RS256 JWT with every claim of the spec', async () => {
    const res = await tokenFor(sandbox);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 86_400 });
    expect(String(body.scope).split(' ')).toContain('commitments:update');
    const header = JSON.parse(Buffer.from(String(body.access_token).split('.')[0]!, 'base64url').toString());
    expect(header.alg).toBe('RS256');
    const claims = decode(String(body.access_token));
    expect(claims).toMatchObject({
      iss: sandbox.url,
      sub: `${DEMO_PARTNER.clientId}@clients`,
      aud: `${sandbox.url}/`,
      gty: 'client-credentials',
      azp: DEMO_PARTNER.clientId,
      scope: body.scope,
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(86_400);
    expect(claims).not.toHaveProperty('org_id');
  });

  it('binds a token to an assigned organization', async () => {
    const claims = decode(await accessToken(sandbox, { organization: 'org_tablefinder' }));
    expect(claims.org_id).toBe('org_tablefinder');
  });

  it('accepts the RFC 6749 form encoding', async () => {
    const res = await fetch(`${sandbox.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: DEMO_PARTNER.clientId,
        client_secret: DEMO_PARTNER.clientSecret,
        audience: `${sandbox.url}/`,
        grant_type: 'client_credentials',
      }),
    });
    expect(res.status).toBe(200);
  });

  it.each([
    ['a wrong secret', { client_secret: 'not-the-secret' }, 401, 'invalid_client'],
    ['an unknown client', { client_id: 'gb_nobody' }, 401, 'invalid_client'],
    ['a wrong audience', { audience: 'https://api.example.com/' }, 403, 'access_denied'],
    ['a wrong grant_type', { grant_type: 'password' }, 400, 'unsupported_grant_type'],
    ['an organization not assigned to the credentials', { organization: 'org_somebody_else' }, 403, 'access_denied'],
    ['a malformed organization', { organization: 'tablefinder' }, 400, 'invalid_request'],
  ])('refuses %s with %i and no token', async (_name, body, status, error) => {
    const res = await tokenFor(sandbox, body);
    expect(res.status).toBe(status);
    const json = (await res.json()) as Record<string, unknown>;
    expect(json.error).toBe(error);
    expect(json).not.toHaveProperty('access_token');
  });

  it('refuses a delegate an organization of another delegate', async () => {
    const [a, b] = DEMO_DELEGATES;
    const res = await tokenFor(sandbox, {
      client_id: a!.clientId,
      client_secret: a!.clientSecret,
      organization: b!.orgId ?? 'org_x',
    });
    expect(res.status).toBe(403);
  });
});

describe('bearer verification', () => {
  const me = (token: string) => call(sandbox, token, '/v2/identities/me');

  it('answers a valid token with the identity', async () => {
    const res = await me(await accessToken(sandbox));
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { name: string } }).data.name).toBe(DEMO_PARTNER.name);
  });

  it('refuses a missing token, a bad signature, a wrong audience and a past exp with 401', async () => {
    const good = await accessToken(sandbox);
    const [h, p] = good.split('.');
    const now = Math.floor(Date.now() / 1000);
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(decode(good))
      .setProtectedHeader({ alg: 'RS256', kid: JSON.parse(Buffer.from(h!, 'base64url').toString()).kid })
      .sign(privateKey);
    const claims = { scope: 'venues:read', gty: 'client-credentials' as const, azp: DEMO_PARTNER.clientId };
    const sign = (audience: string, iat: number, exp: number) =>
      sandbox.state.signer.sign(claims, {
        issuer: sandbox.url,
        audience,
        subject: `${DEMO_PARTNER.clientId}@clients`,
        issuedAt: iat,
        expiresAt: exp,
      });
    const cases = {
      missing: await fetch(`${sandbox.url}/v2/identities/me`),
      tamperedPayload: await me(
        `${h}.${Buffer.from(JSON.stringify({ ...decode(good), scope: 'everything' })).toString('base64url')}.${good.split('.')[2]}`,
      ),
      otherKey: await me(forged),
      wrongAudience: await me(await sign('https://api.example.com/', now, now + 3600)),
      expired: await me(await sign(`${sandbox.url}/`, now - 7200, now - 3600)),
      notAJwt: await me('abc.def'),
    };
    for (const [name, res] of Object.entries(cases)) {
      expect(res.status, name).toBe(401);
      expect(res.headers.get('www-authenticate'), name).toMatch(/^Bearer/);
      expect(p).toBeTruthy();
    }
    expect(cases.expired.headers.get('www-authenticate')).toContain('expired');
  });
});

describe('identities', () => {
  it('pages the partner’s delegates and gives a delegate caller an empty list', async () => {
    const partner = await accessToken(sandbox);
    const page1 = (await (await call(sandbox, partner, '/v2/identities/me/delegates?limit=2')).json()) as {
      data: { type: string }[];
      pagination: Record<string, number>;
    };
    expect(page1.data).toHaveLength(2);
    expect(page1.data.every((d) => d.type === 'delegate')).toBe(true);
    expect(page1.pagination).toEqual({
      current_page: 1,
      total_pages: Math.ceil(DEMO_DELEGATES.length / 2),
      total_items: DEMO_DELEGATES.length,
      items_per_page: 2,
    });

    const d = DEMO_DELEGATES[0]!;
    const delegate = await accessToken(sandbox, { client_id: d.clientId, client_secret: d.clientSecret });
    const res = await call(sandbox, delegate, '/v2/identities/me/delegates');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      data: [],
      pagination: { current_page: 1, total_pages: 1, total_items: 0, items_per_page: 25 },
    });
    // Another delegate's id is 404 (not 403) so existence cannot be probed.
    expect((await call(sandbox, delegate, `/v2/identities/me/delegates/${DEMO_DELEGATES[1]!.identityId}`)).status).toBe(
      404,
    );
    expect((await call(sandbox, partner, `/v2/identities/me/delegates/${DEMO_DELEGATES[1]!.identityId}`)).status).toBe(
      200,
    );
  });

  it('reports suspension on /me with 200 and refuses other endpoints with 403', async () => {
    const token = await accessToken(sandbox);
    await fetch(`${sandbox.url}/_sandbox/identities/${DEMO_PARTNER.identityId}/suspend`, { method: 'POST' });
    const me = (await (await call(sandbox, token, '/v2/identities/me')).json()) as { data: Record<string, unknown> };
    expect(me.data).toMatchObject({ status: 'suspended', suspension_source: 'self' });
    expect(me.data.suspended_at).toMatch(/Z$/);
    expect((await call(sandbox, token, '/v2/venues')).status).toBe(403);
    // A delegate of a suspended partner reads as suspended by its parent.
    const d = DEMO_DELEGATES[0]!;
    const delegate = await accessToken(sandbox, { client_id: d.clientId, client_secret: d.clientSecret });
    const dm = (await (await call(sandbox, delegate, '/v2/identities/me')).json()) as { data: Record<string, unknown> };
    expect(dm.data).toMatchObject({ status: 'suspended', suspension_source: 'parent' });
  });
});

describe('entity context', () => {
  it('uses X-Entity-Id without org_id, ignores it with org_id, and refuses unassigned entities', async () => {
    const partner = await accessToken(sandbox);
    const tablefinder = DEMO_DELEGATES[0]!;
    const other = DEMO_DELEGATES[1]!;
    const rows = async (token: string, entityId?: string) => {
      const res = await call(sandbox, token, '/v2/commitments?status[]=assigned&status[]=unassigned&limit=100', {
        entityId,
      });
      return { status: res.status, body: (await res.json()) as { data: { entity_seats: number | null }[] } };
    };
    const asHeader = await rows(partner, tablefinder.entityId);
    const asOrg = await rows(await accessToken(sandbox, { organization: tablefinder.orgId! }), other.entityId);
    expect(asHeader.status).toBe(200);
    expect(asOrg.body).toEqual(asHeader.body); // the header is silently ignored under an org-bound token

    const delegate = await accessToken(sandbox, {
      client_id: tablefinder.clientId,
      client_secret: tablefinder.clientSecret,
    });
    expect((await call(sandbox, delegate, '/v2/reservations', { entityId: other.entityId })).status).toBe(403);
    expect(
      (await call(sandbox, partner, '/v2/reservations', { entityId: '00000000-0000-4000-8000-000000000000' })).status,
    ).toBe(403);
    expect((await call(sandbox, partner, '/v2/reservations', { entityId: 'not-a-uuid' })).status).toBe(400);
  });

  it('answers scopes per endpoint with 403', async () => {
    const d = DEMO_DELEGATES.find((x) => !x.suspended)!;
    const delegate = await accessToken(sandbox, { client_id: d.clientId, client_secret: d.clientSecret });
    const res = await call(sandbox, delegate, '/v2/commitments', { method: 'PUT', body: JSON.stringify({ data: [] }) });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { detail: string }).detail).toContain('commitments:update');
    expect((await call(sandbox, delegate, '/v2/identities/me')).status).toBe(200);
  });
});
