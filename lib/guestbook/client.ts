import { z } from 'zod';

import { ENTITY_FILTERS, MARKET_FILTERS, RESERVATION_FILTERS, VENUE_FILTERS } from './filters';
import { filteredParams, pageParams, type FilteredQuery, type Page, type PageQuery } from './paging';
import type { RateLimitState } from './rate-limit';
import {
  AvailabilityOption,
  AvailabilityQuery,
  CommitmentRow,
  CommitmentsPutBody,
  CommitmentsPutResponse,
  CommitmentsQuery,
  dataEnvelope,
  Entity,
  EntityCreateBody,
  EntityProgramsBody,
  EntityUpdateBody,
  Hold,
  HoldCreateBody,
  Identity,
  listEnvelope,
  LOGO_FIELD,
  Market,
  Reservation,
  ReservationCreateBody,
  ReservationUpdateBody,
  Uuid,
  Venue,
} from './schemas';
import type { TokenManager, TokenStats } from './tokens';
import {
  createCore,
  send,
  type ClientCore,
  type EntityContext,
  type GuestbookClientOptions,
  type Method,
  type RequestOptions,
} from './transport';

export type { EntityContext, GuestbookClientOptions, ResponseEvent } from './transport';
export {
  listAll,
  listPages,
  paginate,
  type FilteredQuery,
  type Page,
  type PagedList,
  type PageQuery,
  type ReadPage,
} from './paging';

const seg = (id: string) => encodeURIComponent(Uuid.parse(id));

/**
 * The typed client of Guest Book API v2. Framework-free: usable from any Node server code.
 * One instance per credential and process: it owns the token cache and asks the request budget
 * it was given before each request.
 */
export class GuestbookClient {
  readonly #core: ClientCore;
  readonly #context: EntityContext | null;
  readonly #signal: AbortSignal | undefined;

  constructor(core: ClientCore, context: EntityContext | null, signal?: AbortSignal) {
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

  /**
   * The request budget: requests sent in the last 60 s and in the last 10 s (by every process
   * sharing the window, as of this process's last request), and how many it allows per minute.
   * Without a budget (GuestbookClientOptions.budget), none counted and the API's own limit.
   */
  get budget(): { used: number; lastTenSeconds: number; perMinute: number } {
    return this.#core.budget.figures;
  }

  /** Whether a request of the caller would be sent at once, without waiting for the request budget. */
  canSendNow(): boolean {
    return this.#core.budget.canSendNow();
  }

  /** Until when the API asked for no requests; null when it did not. */
  blockedUntil(): Date | null {
    return this.#core.budget.blockedUntil();
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
    return (await this.#call('POST', '/v2/entities', dataEnvelope(Entity), { json: EntityCreateBody.parse(body) }))
      .data;
  }

  async getEntity(id: string): Promise<Entity> {
    return (await this.#call('GET', `/v2/entities/${seg(id)}`, dataEnvelope(Entity))).data;
  }

  async updateEntity(id: string, body: EntityUpdateBody): Promise<Entity> {
    return (
      await this.#call('PATCH', `/v2/entities/${seg(id)}`, dataEnvelope(Entity), { json: EntityUpdateBody.parse(body) })
    ).data;
  }

  /** Replaces the entity's assigned programs with exactly this list. */
  async replaceEntityPrograms(id: string, body: EntityProgramsBody): Promise<Entity> {
    return (
      await this.#call('PUT', `/v2/entities/${seg(id)}/programs`, dataEnvelope(Entity), {
        json: EntityProgramsBody.parse(body),
      })
    ).data;
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
    return (
      await this.#call('PUT', '/v2/commitments', CommitmentsPutResponse, { json: CommitmentsPutBody.parse(body) })
    ).data;
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
    const params = Object.entries(query).flatMap(([k, v]) =>
      v === undefined ? [] : [[k, String(v)] as [string, string]],
    );
    return (
      await this.#call('GET', '/v2/availability', z.looseObject({ data: z.array(AvailabilityOption) }), {
        query: params,
      })
    ).data;
  }

  /** One page of GET /v2/availability (a list paged like every other). */
  async listAvailability(
    q: AvailabilityQuery,
    paging: { page?: number; limit?: number } = {},
  ): Promise<Page<AvailabilityOption>> {
    const query = AvailabilityQuery.parse(q);
    const params = Object.entries({ ...query, ...paging }).flatMap(([k, v]) =>
      v === undefined ? [] : [[k, String(v)] as [string, string]],
    );
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
    return this.#call('GET', '/v2/reservations', listEnvelope(Reservation), {
      query: filteredParams(q, RESERVATION_FILTERS),
    });
  }

  async getReservation(id: string): Promise<Reservation> {
    return (await this.#call('GET', `/v2/reservations/${seg(id)}`, dataEnvelope(Reservation))).data;
  }

  async createReservation(body: ReservationCreateBody): Promise<Reservation> {
    return (
      await this.#call('POST', '/v2/reservations', dataEnvelope(Reservation), {
        json: ReservationCreateBody.parse(body),
      })
    ).data;
  }

  async updateReservation(id: string, body: ReservationUpdateBody): Promise<Reservation> {
    return (
      await this.#call('PATCH', `/v2/reservations/${seg(id)}`, dataEnvelope(Reservation), {
        json: ReservationUpdateBody.parse(body),
      })
    ).data;
  }

  async cancelReservation(id: string): Promise<Reservation> {
    return (await this.#call('POST', `/v2/reservations/${seg(id)}/cancel`, dataEnvelope(Reservation))).data;
  }

  // ── transport ───────────────────────────────────────────────────────────────────────────
  #call<S extends z.ZodType>(method: Method, path: string, schema: S, options?: RequestOptions): Promise<z.infer<S>> {
    return send(this.#core, { context: this.#context, signal: this.#signal }, method, path, schema, options);
  }
}

export function createGuestbookClient(options: GuestbookClientOptions): GuestbookClient {
  return new GuestbookClient(createCore(options), null);
}
