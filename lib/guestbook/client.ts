import { z } from 'zod';
import { GuestbookApiError, errorFromResponse } from './errors';
import { ENTITY_FILTERS, MARKET_FILTERS, RESERVATION_FILTERS, VENUE_FILTERS, buildFilterParams, type Condition, type FilterSchema } from './filters';
import { readRateLimit, RequestBudget, retryDelayMs, type RateLimitState, type SharedBudgetWindow } from './rate-limit';
import {
  AvailabilityOption,
  AvailabilityQuery,
  CommitmentRow,
  CommitmentsPutBody,
  CommitmentsPutResponse,
  CommitmentsQuery,
  Entity,
  EntityCreateBody,
  EntityProgramsBody,
  EntityUpdateBody,
  Hold,
  HoldCreateBody,
  Identity,
  LOGO_FIELD,
  Market,
  Pagination,
  Reservation,
  ReservationCreateBody,
  ReservationUpdateBody,
  Uuid,
  Venue,
  dataEnvelope,
  listEnvelope,
} from './schemas';
import { Secret } from './secret';
import { TokenManager, type TokenStats } from './tokens';

export interface GuestbookClientOptions {
  /** API base address, e.g. https://api.example.com (paths start with /v2) */
  baseUrl: string;
  /** token service address ({auth_url}) */
  authUrl: string;
  /** the API audience ({audience}): the API base address with a trailing slash */
  audience: string;
  clientId: string;
  clientSecret: string | Secret;
  /** verify every new token against the token service's JWKS */
  verifyTokens?: boolean;
  /** requests per minute this process allows itself (default 900: below the API's 1,000) */
  requestsPerMinute?: number;
  /** a window shared with the other processes of these credentials: `requestsPerMinute` is then for all of them together */
  sharedBudget?: SharedBudgetWindow;
  /** per-request timeout (default 15 s) */
  timeoutMs?: number;
  /** how often an idempotent request is retried after a 429, a 502/503/504 or a dropped connection (default 3) */
  maxRetries?: number;
  /**
   * The longest a call waits for the rate-limit window before giving up with a 429 that says
   * when requests resume (default 10 s): a page should say so, not hang for a minute.
   */
  maxRateLimitWaitMs?: number;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** called after every API response, with no headers and no body (for metrics) */
  onResponse?: (event: ResponseEvent) => void;
}

export interface ResponseEvent {
  method: string;
  path: string;
  status: number;
  durationMs: number;
  attempt: number;
}

/** Which entity a request acts for (spec: "Entity context resolution"). */
export interface EntityContext {
  id: string;
  /** the entity's org_id: an organization-bound token is used when set; null means the legacy header */
  org_id: string | null;
}

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}
export interface PageQuery {
  page?: number;
  limit?: number;
}
export interface FilteredQuery extends PageQuery {
  /** filter-modifier conditions (`status[in]=…`), checked against the endpoint's filter schema */
  filters?: readonly Condition[];
  /** `field` or `-field` */
  sort?: string;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Query = readonly (readonly [string, string])[];

interface RequestOptions {
  query?: Query;
  json?: unknown;
  form?: FormData;
}

interface Core {
  options: Required<Pick<GuestbookClientOptions, 'baseUrl' | 'timeoutMs' | 'maxRetries'>> & GuestbookClientOptions;
  fetch: typeof fetch;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  tokens: TokenManager;
  budget: RequestBudget;
  rateLimit: RateLimitState | null;
}

const IDEMPOTENT: ReadonlySet<Method> = new Set(['GET', 'PUT', 'DELETE']);
const RETRYABLE_STATUS = new Set([429, 502, 503, 504]);

const pageParams = (q: PageQuery = {}): [string, string][] => [
  ...(q.page !== undefined ? [['page', String(q.page)] as [string, string]] : []),
  ...(q.limit !== undefined ? [['limit', String(q.limit)] as [string, string]] : []),
];

function filteredParams(q: FilteredQuery = {}, schema: FilterSchema): [string, string][] {
  return [...buildFilterParams(q.filters ?? [], schema), ...(q.sort ? [['sort', q.sort] as [string, string]] : []), ...pageParams(q)];
}

const seg = (id: string) => encodeURIComponent(Uuid.parse(id));

/** Describes the first problem of a failed parse by its path, e.g. "data[3].org_id: …". */
function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'unexpected shape';
  const path = issue.path.reduce<string>((acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)), '');
  return `${path || '(body)'}: ${issue.message}`;
}

/**
 * The typed client of Guest Book API v2. Framework-free: usable from any Node server code.
 * One instance per credential and process: it owns the token cache and the request budget.
 */
export class GuestbookClient {
  readonly #core: Core;
  readonly #context: EntityContext | null;
  readonly #signal: AbortSignal | undefined;

  constructor(core: Core, context: EntityContext | null, signal?: AbortSignal) {
    this.#core = core;
    this.#context = context;
    this.#signal = signal;
  }

  /**
   * The same client acting for one entity: with the entity's organization-bound token when its
   * org_id is set, else with the default token plus the deprecated X-Entity-Id header.
   */
  asEntity(entity: EntityContext): GuestbookClient {
    Uuid.parse(entity.id);
    return new GuestbookClient(this.#core, { id: entity.id, org_id: entity.org_id }, this.#signal);
  }

  /**
   * The same client, its calls cancelled when `signal` aborts (a page navigated away, an export
   * stopped): the request in flight is aborted and no retry follows. Each call also has its own
   * timeout.
   */
  withSignal(signal: AbortSignal): GuestbookClient {
    return new GuestbookClient(this.#core, this.#context, signal);
  }

  /** The entity context of this client, null for the credential's default entity. */
  get context(): EntityContext | null {
    return this.#context;
  }

  /** The latest X-RateLimit-* figures seen by any caller of this client. */
  get rateLimit(): RateLimitState | null {
    return this.#core.rateLimit;
  }

  /** The request budget: requests sent in the last 60 s and in the last 10 s (by every process sharing the window, as of this process's last request), and how many it allows per minute. */
  get budget(): { used: number; lastTenSeconds: number; perMinute: number } {
    return { used: this.#core.budget.used, lastTenSeconds: this.#core.budget.usedWithin(10_000), perMinute: this.#core.budget.perMinute };
  }

  get tokenStats(): TokenStats {
    return this.#core.tokens.stats;
  }

  get tokens(): TokenManager {
    return this.#core.tokens;
  }

  // ── identities ──────────────────────────────────────────────────────────────────────────
  async getMe(): Promise<Identity> {
    return (await this.#call('GET', '/v2/identities/me', dataEnvelope(Identity))).data;
  }

  listDelegates(q: PageQuery = {}): Promise<Page<Identity>> {
    return this.#call('GET', '/v2/identities/me/delegates', listEnvelope(Identity), { query: pageParams(q) });
  }

  async getDelegate(id: string): Promise<Identity> {
    return (await this.#call('GET', `/v2/identities/me/delegates/${seg(id)}`, dataEnvelope(Identity))).data;
  }

  // ── entities ────────────────────────────────────────────────────────────────────────────
  async listEntities(q: FilteredQuery = {}): Promise<Page<Entity>> {
    return this.#call('GET', '/v2/entities', listEnvelope(Entity), { query: filteredParams(q, ENTITY_FILTERS) });
  }

  async createEntity(body: EntityCreateBody): Promise<Entity> {
    return (await this.#call('POST', '/v2/entities', dataEnvelope(Entity), { json: EntityCreateBody.parse(body) })).data;
  }

  async getEntity(id: string): Promise<Entity> {
    return (await this.#call('GET', `/v2/entities/${seg(id)}`, dataEnvelope(Entity))).data;
  }

  async updateEntity(id: string, body: EntityUpdateBody): Promise<Entity> {
    return (await this.#call('PATCH', `/v2/entities/${seg(id)}`, dataEnvelope(Entity), { json: EntityUpdateBody.parse(body) })).data;
  }

  /** Replaces the entity's assigned programs with exactly this list. */
  async replaceEntityPrograms(id: string, body: EntityProgramsBody): Promise<Entity> {
    return (await this.#call('PUT', `/v2/entities/${seg(id)}/programs`, dataEnvelope(Entity), { json: EntityProgramsBody.parse(body) })).data;
  }

  async uploadEntityLogo(id: string, file: Blob, filename = 'logo'): Promise<Entity> {
    const form = new FormData();
    form.append(LOGO_FIELD, file, filename);
    return (await this.#call('POST', `/v2/entities/${seg(id)}/logo`, dataEnvelope(Entity), { form })).data;
  }

  // ── commitments ─────────────────────────────────────────────────────────────────────────
  async listCommitments(q: CommitmentsQuery = {}): Promise<Page<CommitmentRow>> {
    const query = CommitmentsQuery.parse(q);
    const params: [string, string][] = [
      ...(query.status ?? []).map((s) => ['status[]', s] as [string, string]),
      ...(query.venue_id ? [['venue_id', query.venue_id] as [string, string]] : []),
      ...(query.program_id ? [['program_id', query.program_id] as [string, string]] : []),
      ...pageParams(query),
    ];
    return this.#call('GET', '/v2/commitments', listEnvelope(CommitmentRow), { query: params });
  }

  async getCommitment(id: string): Promise<CommitmentRow> {
    return (await this.#call('GET', `/v2/commitments/${seg(id)}`, dataEnvelope(CommitmentRow))).data;
  }

  /**
   * Replaces the calling entity's complete set of allocations: every assigned row missing from
   * `body.data` becomes unassigned. Build the body from the entity's full assignment.
   */
  async putCommitments(body: CommitmentsPutBody): Promise<CommitmentRow[]> {
    return (await this.#call('PUT', '/v2/commitments', CommitmentsPutResponse, { json: CommitmentsPutBody.parse(body) })).data;
  }

  // ── venues, markets, availability, holds ────────────────────────────────────────────────
  async listVenues(q: FilteredQuery = {}): Promise<Page<Venue>> {
    return this.#call('GET', '/v2/venues', listEnvelope(Venue), { query: filteredParams(q, VENUE_FILTERS) });
  }

  async getVenue(id: string): Promise<Venue> {
    return (await this.#call('GET', `/v2/venues/${seg(id)}`, dataEnvelope(Venue))).data;
  }

  async listMarkets(q: FilteredQuery = {}): Promise<Page<Market>> {
    return this.#call('GET', '/v2/markets', listEnvelope(Market), { query: filteredParams(q, MARKET_FILTERS) });
  }

  async getAvailability(q: AvailabilityQuery): Promise<AvailabilityOption[]> {
    const query = AvailabilityQuery.parse(q);
    const params = Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]]));
    return (await this.#call('GET', '/v2/availability', z.looseObject({ data: z.array(AvailabilityOption) }), { query: params })).data;
  }

  /** One page of GET /v2/availability (a list paged like every other). */
  async listAvailability(q: AvailabilityQuery, paging: { page?: number; limit?: number } = {}): Promise<Page<AvailabilityOption>> {
    const query = AvailabilityQuery.parse(q);
    const params = Object.entries({ ...query, ...paging }).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)] as [string, string]]));
    return this.#call('GET', '/v2/availability', listEnvelope(AvailabilityOption), { query: params });
  }

  /** POST /v2/holds answers with a bare object, not a data envelope. */
  async createHold(body: HoldCreateBody): Promise<Hold> {
    return this.#call('POST', '/v2/holds', Hold, { json: HoldCreateBody.parse(body) });
  }

  async releaseHold(id: string): Promise<void> {
    await this.#call('DELETE', `/v2/holds/${seg(id)}`, z.unknown());
  }

  // ── reservations ────────────────────────────────────────────────────────────────────────
  async listReservations(q: FilteredQuery = {}): Promise<Page<Reservation>> {
    return this.#call('GET', '/v2/reservations', listEnvelope(Reservation), { query: filteredParams(q, RESERVATION_FILTERS) });
  }

  async getReservation(id: string): Promise<Reservation> {
    return (await this.#call('GET', `/v2/reservations/${seg(id)}`, dataEnvelope(Reservation))).data;
  }

  async createReservation(body: ReservationCreateBody): Promise<Reservation> {
    return (await this.#call('POST', '/v2/reservations', dataEnvelope(Reservation), { json: ReservationCreateBody.parse(body) })).data;
  }

  async updateReservation(id: string, body: ReservationUpdateBody): Promise<Reservation> {
    return (await this.#call('PATCH', `/v2/reservations/${seg(id)}`, dataEnvelope(Reservation), { json: ReservationUpdateBody.parse(body) })).data;
  }

  async cancelReservation(id: string): Promise<Reservation> {
    return (await this.#call('POST', `/v2/reservations/${seg(id)}/cancel`, dataEnvelope(Reservation))).data;
  }

  // ── transport ───────────────────────────────────────────────────────────────────────────
  #throwIfAborted(method: string, path: string, cause?: unknown): void {
    if (this.#signal?.aborted) throw new GuestbookApiError({ status: 0, method, path, code: 'aborted', detail: 'The request was cancelled.', cause: cause ?? this.#signal.reason });
  }

  async #call<S extends z.ZodType>(method: Method, path: string, schema: S, options: RequestOptions = {}): Promise<z.infer<S>> {
    const core = this.#core;
    const organization = this.#context?.org_id ?? undefined;
    const query = options.query?.length ? `?${new URLSearchParams(options.query as [string, string][]).toString()}` : '';
    const url = `${core.options.baseUrl.replace(/\/$/, '')}${path}${query}`;
    let refreshedAfter401 = false;

    for (let attempt = 1; ; attempt++) {
      const { token } = await core.tokens.get(organization);
      const headers: Record<string, string> = { accept: 'application/json', authorization: `Bearer ${token.reveal()}` };
      // Never both: an org-bound token decides the entity, and the header would be ignored anyway.
      if (this.#context && !organization) headers['x-entity-id'] = this.#context.id;
      let body: BodyInit | undefined;
      if (options.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = JSON.stringify(options.json);
      } else if (options.form) {
        body = options.form;
      }

      this.#throwIfAborted(method, path);
      const blockedUntil = await core.budget.take(core.options.maxRateLimitWaitMs ?? 10_000);
      if (blockedUntil) {
        throw new GuestbookApiError({ status: 429, method, path, code: 'rate_limited', detail: 'The rate-limit window is spent.', retryAt: blockedUntil });
      }
      this.#throwIfAborted(method, path);
      const started = core.now();
      const timeout = AbortSignal.timeout(core.options.timeoutMs);
      let response: Response;
      try {
        response = await core.fetch(url, { method, headers, body, signal: this.#signal ? AbortSignal.any([timeout, this.#signal]) : timeout });
      } catch (cause) {
        this.#throwIfAborted(method, path, cause);
        const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
        // A request that may have reached the API is only repeated when repeating it is harmless.
        if (IDEMPOTENT.has(method) && attempt <= core.options.maxRetries) {
          await core.sleep(backoff(attempt));
          continue;
        }
        throw new GuestbookApiError({ status: 0, method, path, code: timedOut ? 'timeout' : 'network', cause });
      }
      const rateLimit = readRateLimit(response.headers);
      if (rateLimit) core.rateLimit = rateLimit;
      core.budget.observe(rateLimit);
      core.options.onResponse?.({ method, path, status: response.status, durationMs: core.now() - started, attempt });

      if (response.status === 401 && !refreshedAfter401) {
        // The API refused the token (revoked, rotated key): one fresh token, one replay. A 401
        // means the request was not processed, so replaying is safe for every method.
        await response.body?.cancel();
        core.tokens.invalidate(organization, token);
        refreshedAfter401 = true;
        attempt--;
        continue;
      }
      const wait = response.status === 429 ? retryDelayMs(response.headers, core.now()) : backoff(attempt);
      const worthWaiting = response.status !== 429 || wait <= (core.options.maxRateLimitWaitMs ?? 10_000);
      if (RETRYABLE_STATUS.has(response.status) && IDEMPOTENT.has(method) && attempt <= core.options.maxRetries && worthWaiting) {
        if (response.status === 429) core.budget.blockFor(wait);
        await response.body?.cancel();
        await core.sleep(Math.min(wait, 60_000) + Math.random() * 250);
        continue;
      }
      const requestId = response.headers.get('x-request-id') ?? undefined;
      const text = await response.text();
      if (!response.ok) {
        if (response.status === 429) core.budget.blockFor(wait);
        const retryAt = response.status === 429 ? new Date(core.now() + wait) : undefined;
        throw errorFromResponse(method, path, response.status, text, requestId, retryAt);
      }
      if (response.status === 204 || text === '') return schema.parse(undefined);

      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw new GuestbookApiError({ status: response.status, method, path, code: 'invalid_response', detail: 'the response is not JSON', requestId });
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        throw new GuestbookApiError({ status: response.status, method, path, code: 'invalid_response', detail: describeIssues(parsed.error), requestId });
      }
      return parsed.data;
    }
  }
}

const backoff = (attempt: number) => Math.min(200 * 2 ** (attempt - 1), 5_000) + Math.random() * 100;

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createGuestbookClient(options: GuestbookClientOptions): GuestbookClient {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? 15_000;
  const clientSecret = options.clientSecret instanceof Secret ? options.clientSecret : new Secret(options.clientSecret);
  const core: Core = {
    options: { ...options, clientSecret, timeoutMs, maxRetries: options.maxRetries ?? 3 },
    fetch: doFetch,
    sleep,
    now,
    tokens: new TokenManager({
      authUrl: options.authUrl,
      audience: options.audience,
      clientId: options.clientId,
      clientSecret,
      fetch: doFetch,
      now,
      verifyTokens: options.verifyTokens ?? false,
      timeoutMs,
    }),
    budget: new RequestBudget(options.requestsPerMinute ?? 900, now, sleep, options.sharedBudget),
    rateLimit: null,
  };
  return new GuestbookClient(core, null);
}

/** Every item of a paginated list, page by page, as the caller consumes them. */
export async function* paginate<T>(fetchPage: (page: number) => Promise<Page<T>>): AsyncGenerator<T, void, undefined> {
  for (let page = 1; ; page++) {
    const res = await fetchPage(page);
    yield* res.data;
    if (page >= res.pagination.total_pages || res.data.length === 0) return;
  }
}

/** Collects a paginated list, refusing to read more than `cap` items (a list that large needs paging in the UI). */
export async function listAll<T>(fetchPage: (page: number) => Promise<Page<T>>, cap = 5_000): Promise<T[]> {
  const items: T[] = [];
  for await (const item of paginate(fetchPage)) {
    if (items.length >= cap) throw new RangeError(`the list has more than ${cap} items`);
    items.push(item);
  }
  return items;
}
