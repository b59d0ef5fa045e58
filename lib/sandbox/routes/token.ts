import { z } from 'zod';

import { OrgId } from '../../guestbook/schemas';
import { authenticateClient, entityByOrg, isAssigned } from '../identities';
import type { Routes } from './context';

const TokenBody = z.looseObject({
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  audience: z.string().optional(),
  grant_type: z.string().optional(),
  organization: z.string().optional(),
  scope: z.string().optional(),
});

function oauthError(status: number, error: string, description: string, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error, error_description: description }), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store', ...extra },
  });
}

/** The token service (POST /oauth/token) and its JSON Web Key Set. */
export function tokenRoutes({ app, state, world }: Routes): void {
  const audience = () => `${state.publicUrl}/`;
  app.post('/oauth/token', async (c) => {
    if (state.faults.tokenDown)
      return oauthError(503, 'temporarily_unavailable', 'The token service is down (sandbox fault).');
    const type = c.req.header('content-type') ?? '';
    let raw: unknown;
    try {
      if (type.includes('application/x-www-form-urlencoded'))
        raw = Object.fromEntries(new URLSearchParams(await c.req.text()));
      else if (type.includes('application/json')) raw = JSON.parse(await c.req.text());
      else
        return oauthError(
          400,
          'invalid_request',
          'Send the token request as application/json or application/x-www-form-urlencoded.',
        );
    } catch {
      return oauthError(400, 'invalid_request', 'The body is not valid JSON.');
    }
    const parsed = TokenBody.safeParse(raw);
    if (!parsed.success)
      return oauthError(400, 'invalid_request', 'The token request must be a JSON object of strings.');
    const body = parsed.data;
    // RFC 6749 §2.3.1: credentials may also come as HTTP Basic.
    const basic = /^Basic\s+(.+)$/i.exec(c.req.header('authorization') ?? '');
    if (basic) {
      const [id, secret] = Buffer.from(basic[1]!, 'base64').toString().split(':').map(decodeURIComponent);
      body.client_id ??= id;
      body.client_secret ??= secret;
    }
    if (!body.grant_type) return oauthError(400, 'invalid_request', 'grant_type is required.');
    if (body.grant_type !== 'client_credentials')
      return oauthError(
        400,
        'unsupported_grant_type',
        `grant_type "${body.grant_type.slice(0, 40)}" is not supported; use client_credentials.`,
      );
    if (!body.client_id || !body.client_secret)
      return oauthError(401, 'invalid_client', 'client_id and client_secret are required.', {
        'www-authenticate': 'Basic realm="guestbook"',
      });
    const credential = authenticateClient(world, body.client_id, body.client_secret);
    if (!credential)
      return oauthError(401, 'invalid_client', 'Client authentication failed.', {
        'www-authenticate': 'Basic realm="guestbook"',
      });
    if (body.audience !== audience()) return oauthError(403, 'access_denied', `The audience must be ${audience()}.`);
    const identity = world.data.identities.get(credential.identity_id);
    if (!identity) return oauthError(401, 'invalid_client', 'Client authentication failed.');
    let orgId: string | undefined;
    if (body.organization !== undefined) {
      if (!OrgId.safeParse(body.organization).success)
        return oauthError(400, 'invalid_request', 'organization must be an org_id (org_<identifier>).');
      const entity = entityByOrg(world, body.organization);
      if (!entity || !isAssigned(world, identity, entity.id))
        return oauthError(
          403,
          'access_denied',
          `Organization ${body.organization} is not an entity assigned to these credentials.`,
        );
      orgId = body.organization;
    }
    const now = Math.floor(world.now().getTime() / 1000);
    // A delegated identity has no commitments:update (spec), even if stored credentials grant it.
    const scope = credential.scopes.filter((s) => identity.type !== 'delegate' || s !== 'commitments:update').join(' ');
    const accessToken = await state.signer.sign(
      { scope, gty: 'client-credentials', azp: credential.client_id, ...(orgId ? { org_id: orgId } : {}) },
      {
        issuer: state.publicUrl,
        audience: audience(),
        subject: `${credential.client_id}@clients`,
        issuedAt: now,
        expiresAt: now + credential.token_lifetime_seconds,
      },
    );
    return new Response(
      JSON.stringify({
        access_token: accessToken,
        scope,
        expires_in: credential.token_lifetime_seconds,
        token_type: 'Bearer',
      }),
      {
        headers: { 'content-type': 'application/json', 'cache-control': 'no-store', pragma: 'no-cache' },
      },
    );
  });

  app.get('/.well-known/jwks.json', (c) =>
    c.json(state.signer.jwks(), 200, { 'cache-control': 'public, max-age=300' }),
  );
}
