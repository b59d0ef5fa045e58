import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { ENTITY_FILTERS, MARKET_FILTERS, RESERVATION_FILTERS, VENUE_FILTERS } from '../guestbook/filters';
import {
  AvailabilityQuery,
  CommitmentsPutBody,
  EntityCreateBody,
  EntityProgramsBody,
  EntityUpdateBody,
  HoldCreateBody,
  LOGO_CONTENT_TYPES,
  LOGO_FIELD,
  LOGO_MAX_BYTES,
  OrgId,
  ReservationCreateBody,
  ReservationUpdateBody,
  Uuid,
} from '../guestbook/schemas';
import type { Scope } from '../guestbook/token-schemas';
import { newId } from './ids';
import { imageDimensions, sniffImageType } from './images';
import type { CredentialRecord, EntityRecord, IdentityRecord } from './model';
import { ApiProblem, badRequest, forbidden, notFound, problemFromZod, unprocessable } from './problem';
import { matches, paginate, readFilters, readPaging, readSort } from './query';
import { reservationOrder, searchReservations } from './reservation-search';
import type { Signer, TokenClaims } from './signing';
import { iso, type World } from './world';
import { registerControls, type Faults, type RequestLog } from './controls';
import { bookingRoutes } from './bookings';
import { openApiDocument } from './openapi';

export interface SandboxState {
  world: World;
  signer: Signer;
  /** the origin clients reach the sandbox at: the tokens' iss, and aud with a trailing slash */
  publicUrl: string;
  /** persists what a request changed; awaited before the response leaves */
  flush(): Promise<void>;
  reset(): Promise<void>;
  requests: RequestLog;
  faults: Faults;
}

export interface Caller {
  credential: CredentialRecord;
  identity: IdentityRecord;
  claims: TokenClaims;
  scopes: ReadonlySet<string>;
}

type Env = { Variables: { caller: Caller; requestId: string; rateHeaders?: Record<string, string> } };

/** The rate limit of credentials a token names but the world no longer has. */
const DEFAULT_RATE_LIMIT = 1_000;
export type SandboxContext = Context<Env>;

/** A problem+json response (the sandbox's definition of the unshown error body). */
export function problemResponse(c: Context, p: ApiProblem): Response {
  const requestId = (c.get('requestId') as string | undefined) ?? '';
  return new Response(
    JSON.stringify({ type: 'about:blank', title: p.title, status: p.status, detail: p.detail, ...(p.errors ? { errors: p.errors } : {}), request_id: requestId }),
    { status: p.status, headers: { 'content-type': 'application/problem+json', 'x-request-id': requestId, ...p.headers } },
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

export function pathId(c: Context, name = 'id'): string {
  const raw = c.req.param(name) ?? '';
  const parsed = Uuid.safeParse(raw);
  if (!parsed.success) throw badRequest(`${name}: "${raw.slice(0, 60)}" is not a UUID`, [{ field: name, message: 'must be a UUID' }]);
  return parsed.data.toLowerCase();
}

const searchParams = (c: Context) => new URL(c.req.url).searchParams;

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

/** The sandbox HTTP application: token service, JWKS, /v2 and the /_sandbox controls on one origin. */
export function createSandboxApp(state: SandboxState): Hono<Env> {
  const app = new Hono<Env>();
  const { world } = state;
  const audience = () => `${state.publicUrl}/`;

  app.use('*', async (c, next) => {
    const requestId = newId();
    c.set('requestId', requestId);
    const url = new URL(c.req.url);
    const started = performance.now();
    const entry = state.requests.add({ method: c.req.method, path: url.pathname, query: url.search, at: iso(world.now()), started_ms: performance.timeOrigin + started });
    if (!url.pathname.startsWith('/_sandbox') && (await state.faults.before(c.req.method, url.pathname)) === 'drop') {
      // An injected dropped connection: the client sees the socket close with no response.
      (c.env as { outgoing?: { destroy(): void } } | undefined)?.outgoing?.destroy();
      return;
    }
    await next();
    await state.flush();
    entry.status = c.res.status;
    const caller = c.get('caller');
    entry.client_id = caller?.credential.client_id;
    if (caller) entry.context = caller.claims.org_id ?? c.req.header('x-entity-id') ?? null;
    entry.duration_ms = Math.round((performance.now() - started) * 100) / 100;
    c.res.headers.set('x-request-id', requestId);
    // Spec: "Rate-limit headers on every response", refusals included (a 401 has no client to count).
    for (const [k, v] of Object.entries(c.get('rateHeaders') ?? {})) c.res.headers.set(k, v);
  });

  app.onError((err, c) => {
    if (err instanceof ApiProblem) return problemResponse(c, err);
    world.takeChanges(); // a failed request persists nothing
    console.error(`sandbox: ${c.req.method} ${new URL(c.req.url).pathname} failed:`, err instanceof Error ? err.message : err);
    return problemResponse(c, new ApiProblem(500, 'The sandbox failed to handle the request.'));
  });

  app.notFound((c) => problemResponse(c, notFound(`No route ${c.req.method} ${new URL(c.req.url).pathname}.`)));

  // ── token service ───────────────────────────────────────────────────────────────────────
  app.post('/oauth/token', async (c) => {
    if (state.faults.tokenDown) return oauthError(503, 'temporarily_unavailable', 'The token service is down (sandbox fault).');
    const type = c.req.header('content-type') ?? '';
    let raw: unknown;
    try {
      if (type.includes('application/x-www-form-urlencoded')) raw = Object.fromEntries(new URLSearchParams(await c.req.text()));
      else if (type.includes('application/json')) raw = JSON.parse(await c.req.text());
      else return oauthError(400, 'invalid_request', 'Send the token request as application/json or application/x-www-form-urlencoded.');
    } catch {
      return oauthError(400, 'invalid_request', 'The body is not valid JSON.');
    }
    const parsed = TokenBody.safeParse(raw);
    if (!parsed.success) return oauthError(400, 'invalid_request', 'The token request must be a JSON object of strings.');
    const body = parsed.data;
    // RFC 6749 §2.3.1: credentials may also come as HTTP Basic.
    const basic = /^Basic\s+(.+)$/i.exec(c.req.header('authorization') ?? '');
    if (basic) {
      const [id, secret] = Buffer.from(basic[1]!, 'base64').toString().split(':').map(decodeURIComponent);
      body.client_id ??= id;
      body.client_secret ??= secret;
    }
    if (!body.grant_type) return oauthError(400, 'invalid_request', 'grant_type is required.');
    if (body.grant_type !== 'client_credentials') return oauthError(400, 'unsupported_grant_type', `grant_type "${body.grant_type.slice(0, 40)}" is not supported; use client_credentials.`);
    if (!body.client_id || !body.client_secret) return oauthError(401, 'invalid_client', 'client_id and client_secret are required.', { 'www-authenticate': 'Basic realm="guestbook"' });
    const credential = world.authenticateClient(body.client_id, body.client_secret);
    if (!credential) return oauthError(401, 'invalid_client', 'Client authentication failed.', { 'www-authenticate': 'Basic realm="guestbook"' });
    if (body.audience !== audience()) return oauthError(403, 'access_denied', `The audience must be ${audience()}.`);
    const identity = world.data.identities.get(credential.identity_id);
    if (!identity) return oauthError(401, 'invalid_client', 'Client authentication failed.');
    let orgId: string | undefined;
    if (body.organization !== undefined) {
      if (!OrgId.safeParse(body.organization).success) return oauthError(400, 'invalid_request', 'organization must be an org_id (org_<identifier>).');
      const entity = world.entityByOrg(body.organization);
      if (!entity || !world.isAssigned(identity, entity.id)) return oauthError(403, 'access_denied', `Organization ${body.organization} is not an entity assigned to these credentials.`);
      orgId = body.organization;
    }
    const now = Math.floor(world.now().getTime() / 1000);
    // A delegated identity has no commitments:update (spec), even if stored credentials grant it.
    const scope = credential.scopes.filter((s) => identity.type !== 'delegate' || s !== 'commitments:update').join(' ');
    const accessToken = await state.signer.sign(
      { scope, gty: 'client-credentials', azp: credential.client_id, ...(orgId ? { org_id: orgId } : {}) },
      { issuer: state.publicUrl, audience: audience(), subject: `${credential.client_id}@clients`, issuedAt: now, expiresAt: now + credential.token_lifetime_seconds },
    );
    return new Response(JSON.stringify({ access_token: accessToken, scope, expires_in: credential.token_lifetime_seconds, token_type: 'Bearer' }), {
      headers: { 'content-type': 'application/json', 'cache-control': 'no-store', pragma: 'no-cache' },
    });
  });

  app.get('/openapi.json', (c) => c.json(openApiDocument(state.publicUrl)));

  app.get('/.well-known/jwks.json', (c) => c.json(state.signer.jwks(), 200, { 'cache-control': 'public, max-age=300' }));

  // ── /v2: bearer verification, rate limit, suspension ────────────────────────────────────
  app.use('/v2/*', async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    const unauthorized = (detail: string) => new ApiProblem(401, detail, undefined, { 'www-authenticate': `Bearer error="invalid_token", error_description="${detail.replace(/"/g, "'")}"` });
    if (!match) throw new ApiProblem(401, 'A bearer token is required.', undefined, { 'www-authenticate': 'Bearer realm="guestbook"' });
    let claims: TokenClaims;
    try {
      claims = await state.signer.verify(match[1]!, { issuer: state.publicUrl, audience: audience(), now: world.now() });
    } catch (e) {
      const code = (e as { code?: string }).code;
      throw unauthorized(code === 'ERR_JWT_EXPIRED' ? 'The access token has expired.' : code === 'ERR_JWT_CLAIM_VALIDATION_FAILED' ? 'The access token was not issued for this API.' : 'The access token is not valid.');
    }
    const credential = world.data.credentials.get(claims.azp);
    // Counted before anything else can refuse the request, so every answer from here on tells
    // the client its budget (the outer middleware sets these headers on errors too).
    const limitPerMinute = credential?.rate_limit_per_minute ?? DEFAULT_RATE_LIMIT;
    const limit = state.faults.rateLimitStorm ? 0 : limitPerMinute;
    const window = state.requests.rateWindow(claims.azp, world.now());
    const headers = { 'x-ratelimit-limit': String(limitPerMinute), 'x-ratelimit-remaining': String(Math.max(0, limit - window.count)), 'x-ratelimit-reset': String(window.reset) };
    c.set('rateHeaders', headers);
    if (window.count > limit) {
      throw new ApiProblem(429, `Rate limit of ${limitPerMinute} requests per minute exceeded; the window resets at ${new Date(window.reset * 1000).toISOString()}.`, undefined, {
        'retry-after': String(Math.max(1, window.reset - Math.floor(world.now().getTime() / 1000))),
      });
    }
    // Spec, "Errors": 404 when "the calling identity cannot be resolved" (a validly signed token
    // whose credentials or identity a reset removed).
    const identity = world.identityOf(claims.azp);
    c.set('caller', { credential: credential!, identity, claims, scopes: new Set(String(claims.scope ?? '').split(' ')) });
    const path = new URL(c.req.url).pathname;
    if (path !== '/v2/identities/me') world.assertNotSuspended(identity);
    await next();
  });

  const caller = (c: SandboxContext) => c.get('caller');
  const need = (c: SandboxContext, scope: Scope) => {
    if (!caller(c).scopes.has(scope)) throw forbidden(`The credentials lack the scope ${scope}.`);
    return caller(c);
  };
  /** The request's entity, resolved by org_id claim, then X-Entity-Id, then the default. */
  const entityOf = (c: SandboxContext): EntityRecord => {
    const { identity, claims } = caller(c);
    const header = claims.org_id ? undefined : c.req.header('x-entity-id');
    if (header !== undefined && !Uuid.safeParse(header).success) throw badRequest(`X-Entity-Id: "${header.slice(0, 60)}" is not a UUID`, [{ field: 'X-Entity-Id', message: 'must be a UUID' }]);
    return world.resolveEntity(identity, claims.org_id, header?.toLowerCase());
  };

  // ── identities ──────────────────────────────────────────────────────────────────────────
  app.get('/v2/identities/me', (c) => c.json({ data: world.identityView(caller(c).identity) }));

  app.get('/v2/identities/me/delegates', (c) => {
    const paging = readPaging(searchParams(c));
    return c.json(paginate(world.delegatesOf(caller(c).identity).map((d) => world.identityView(d)), paging));
  });

  app.get('/v2/identities/me/delegates/:id', (c) => {
    const id = pathId(c);
    const delegate = world.delegatesOf(caller(c).identity).find((d) => d.id === id);
    if (!delegate) throw notFound(`No delegate ${id} belongs to the calling identity.`);
    return c.json({ data: world.identityView(delegate) });
  });

  // ── entities ────────────────────────────────────────────────────────────────────────────
  app.get('/v2/entities', (c) => {
    const params = searchParams(c);
    const paging = readPaging(params);
    const conditions = readFilters(params, ENTITY_FILTERS);
    const { identity } = caller(c);
    const rows = world
      .entitiesOf(identity)
      .filter((e) => conditions.every((cond) => matches(cond.attribute === 'name' ? e.name : e.default_locale, cond, cond.attribute === 'name')))
      .map((e) => world.entityView(e));
    return c.json(paginate(rows, paging));
  });

  app.post('/v2/entities', async (c) => {
    const { identity } = need(c, 'entities:create');
    const body = await readJson(c, EntityCreateBody, 'entity');
    const entity = world.createEntity(identity, body);
    return c.json({ data: world.entityView(entity) }, 201);
  });

  app.get('/v2/entities/:id', (c) => {
    const { identity } = need(c, 'entities:read');
    return c.json({ data: world.entityView(world.getAssignedEntity(identity, pathId(c))) });
  });

  app.patch('/v2/entities/:id', async (c) => {
    const { identity } = need(c, 'entities:update');
    const entity = world.getAssignedEntity(identity, pathId(c));
    const body = await readJson(c, EntityUpdateBody, 'entity update');
    return c.json({ data: world.entityView(world.updateEntity(entity, body)) });
  });

  app.put('/v2/entities/:id/programs', async (c) => {
    const { identity } = need(c, 'entities:update');
    const entity = world.getAssignedEntity(identity, pathId(c));
    const body = await readJson(c, EntityProgramsBody, 'programs');
    return c.json({ data: world.entityView(world.replacePrograms(entity, body.data)) });
  });

  app.post('/v2/entities/:id/logo', async (c) => {
    const { identity } = need(c, 'entities:upload_logo');
    const entity = world.getAssignedEntity(identity, pathId(c));
    const length = Number(c.req.header('content-length') ?? 0);
    if (length > LOGO_MAX_BYTES + 64 * 1024) throw new ApiProblem(413, `The logo is larger than ${LOGO_MAX_BYTES / 1024 / 1024} MB.`, [{ field: LOGO_FIELD, message: 'must be at most 2 MB' }]);
    if (!(c.req.header('content-type') ?? '').startsWith('multipart/form-data')) {
      throw new ApiProblem(415, `Send the logo as multipart/form-data with the file in the field "${LOGO_FIELD}".`, [{ field: LOGO_FIELD, message: 'multipart/form-data required' }]);
    }
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      throw badRequest('The multipart body cannot be read.');
    }
    const file = form.get(LOGO_FIELD);
    if (!(file instanceof Blob)) throw unprocessable(`The form has no file in the field "${LOGO_FIELD}".`, [{ field: LOGO_FIELD, message: 'is required' }]);
    if (file.size > LOGO_MAX_BYTES) throw new ApiProblem(413, `The logo is ${(file.size / 1024 / 1024).toFixed(1)} MB; at most 2 MB is accepted.`, [{ field: LOGO_FIELD, message: 'must be at most 2 MB' }]);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffImageType(bytes);
    if (!type) throw unprocessable(`The logo must be ${LOGO_CONTENT_TYPES.join(', ')}; the file's content is none of these.`, [{ field: LOGO_FIELD, message: 'must be a PNG, JPEG or WebP image' }]);
    const dims = imageDimensions(bytes, type);
    if (!dims) throw unprocessable('The image header is damaged: its dimensions cannot be read.', [{ field: LOGO_FIELD, message: 'is not a readable image' }]);
    const fileId = newId();
    world.put('files', fileId, { id: fileId, content_type: type, base64: Buffer.from(bytes).toString('base64') });
    const updated = world.setLogo(entity, { contentType: type, size: bytes.length, ...dims }, `${state.publicUrl}/_sandbox/files/${fileId}`);
    return c.json({ data: world.entityView(updated) });
  });

  // ── commitments ─────────────────────────────────────────────────────────────────────────
  app.get('/v2/commitments', (c) => {
    need(c, 'commitments:read');
    const params = searchParams(c);
    const known = new Set(['status[]', 'status', 'venue_id', 'program_id', 'page', 'limit']);
    const unknown = [...params.keys()].filter((k) => !known.has(k));
    if (unknown.length) throw badRequest(`Unknown query parameter ${unknown.join(', ')}; use status[], venue_id, program_id, page, limit.`, unknown.map((k) => ({ field: k, message: 'is not a parameter of this list' })));
    const statuses = [...params.getAll('status[]'), ...params.getAll('status')];
    const bad = statuses.filter((s) => !['assigned', 'unassigned', 'ended'].includes(s));
    if (bad.length) throw badRequest(`status[]: "${bad[0]!.slice(0, 40)}" is not one of assigned, unassigned, ended`, [{ field: 'status[]', message: 'must be assigned, unassigned or ended' }]);
    const venueId = params.get('venue_id') ?? undefined;
    const programId = params.get('program_id') ?? undefined;
    for (const [field, v] of [['venue_id', venueId], ['program_id', programId]] as const) {
      if (v !== undefined && !Uuid.safeParse(v).success) throw badRequest(`${field}: "${v.slice(0, 60)}" is not a UUID`, [{ field, message: 'must be a UUID' }]);
    }
    const paging = readPaging(params);
    const entity = entityOf(c);
    const page = paginate(world.commitmentsListed(entity, { statuses: statuses.length ? [...new Set(statuses)] : ['assigned'], venueId, programId }), paging);
    return c.json({ ...page, data: page.data.map((commitment) => world.commitmentRow(entity, commitment)!) });
  });

  app.get('/v2/commitments/:id', (c) => {
    need(c, 'commitments:read');
    const id = pathId(c);
    const commitment = world.data.commitments.get(id);
    const row = commitment && world.commitmentRow(entityOf(c), commitment);
    if (!row) throw notFound(`Commitment ${id} is not among this entity's commitments.`);
    return c.json({ data: row });
  });

  app.put('/v2/commitments', async (c) => {
    const { credential, identity } = need(c, 'commitments:update');
    // Spec: "A delegated identity … has no commitments:update", whatever its token says.
    if (identity.type === 'delegate') throw forbidden('A delegated identity has no commitments:update: it consumes its allocation through availability and reservations.');
    const entity = entityOf(c);
    const body = await readJson(c, CommitmentsPutBody, 'commitments');
    return c.json({ data: world.putCommitments(entity, credential.client_id, body.data) });
  });

  // ── venues and markets ──────────────────────────────────────────────────────────────────
  app.get('/v2/venues', (c) => {
    need(c, 'venues:read');
    entityOf(c);
    const params = searchParams(c);
    const paging = readPaging(params);
    const conditions = readFilters(params, VENUE_FILTERS);
    const venues = [...world.data.venues.values()]
      .filter((v) => conditions.every((cond) => matches(cond.attribute === 'name' ? v.name : v.market_id, cond, cond.attribute === 'name')))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((v) => world.venueView(v.id, false)!);
    return c.json(paginate(venues, paging));
  });

  app.get('/v2/venues/:id', (c) => {
    need(c, 'venues:read');
    entityOf(c);
    const id = pathId(c);
    const venue = world.venueView(id, true);
    if (!venue) throw notFound(`Venue ${id} does not exist.`);
    return c.json({ data: venue });
  });

  app.get('/v2/markets', (c) => {
    need(c, 'markets:read');
    entityOf(c);
    const params = searchParams(c);
    const paging = readPaging(params);
    const conditions = readFilters(params, MARKET_FILTERS);
    const markets = [...world.data.markets.values()]
      .filter((m) => conditions.every((cond) => matches(m.name, cond, true)))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((m) => ({ id: m.id, name: m.name, country: m.country, venue_count: [...world.data.venues.values()].filter((v) => v.market_id === m.id).length }));
    return c.json(paginate(markets, paging));
  });

  // ── reservations, availability, holds ───────────────────────────────────────────────────
  app.get('/v2/reservations', (c) => {
    need(c, 'reservations:read');
    const entity = entityOf(c);
    const params = searchParams(c);
    const paging = readPaging(params);
    const conditions = readFilters(params, RESERVATION_FILTERS);
    const sort = readSort(params, ['date', 'created_at', 'party_size', 'status', 'guest_last_name'], 'date');
    const sorted = world.reservationsSorted(entity.id, sort.field, reservationOrder(sort.field));
    const { rows, total } = searchReservations(sorted, conditions, sort.field, sort.descending, paging);
    return c.json({
      data: rows.map((r) => world.reservationView(r)),
      pagination: { current_page: paging.page, total_pages: Math.max(1, Math.ceil(total / paging.limit)), total_items: total, items_per_page: paging.limit },
    });
  });

  bookingRoutes(app, { world, need, entityOf, readJson, pathId, schemas: { AvailabilityQuery, HoldCreateBody, ReservationCreateBody, ReservationUpdateBody } });

  registerControls(app, state);
  return app;
}
