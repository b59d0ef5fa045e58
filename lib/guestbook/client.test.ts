import { crc32 } from 'node:zlib';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { DEMO_DELEGATES, DEMO_MARKETS, DEMO_PARTNER, DEMO_PROGRAMS } from '../sandbox/seed/demo';
import type { RunningSandbox } from '../sandbox/server';
import { partnerClient as demoPartnerClient, startTestSandbox, tokenRequestCount } from '../sandbox/testing';
import {
  createGuestbookClient,
  listAll,
  type EntityContext,
  type GuestbookClient,
  type GuestbookClientOptions,
} from './client';
import { GuestbookApiError } from './errors';
import {
  buildFilterParams,
  FilterError,
  MODIFIERS,
  parseFilterQuery,
  RESERVATION_FILTERS,
  toQueryString,
  type Condition,
} from './filters';
import type { AvailabilityOption, CommitmentRow, Reservation } from './schemas';

const HARBOUR_VINE_DIRECT: EntityContext = { id: DEMO_PARTNER.defaultEntityId, org_id: 'org_harbour_vine_direct' };
const GUEST = {
  first_name: 'Amelia',
  last_name: 'Hughes',
  email: 'amelia.hughes@example.com',
  phone: '+44 20 7946 0001',
};

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await sandboxControl('POST', '/_sandbox/reset');
});

async function sandboxControl<T = unknown>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: T }).data;
}

const partnerClient = (overrides: Partial<GuestbookClientOptions> = {}): GuestbookClient =>
  demoPartnerClient(sandbox.url, overrides);

const rejectionOf = (pending: Promise<unknown>): Promise<unknown> =>
  pending.then(
    (value) => {
      throw new Error(`expected a rejection, got ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );

const isoDay = (daysFromToday: number) => {
  const today = new Date();
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + daysFromToday))
    .toISOString()
    .slice(0, 10);
};

/** A PNG signature and an IHDR chunk: enough for the sandbox to read the logo's dimensions. */
function pngHeader(width: number, height: number): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(33);
  const view = new DataView(bytes.buffer);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  view.setUint32(8, 13);
  bytes.set(new TextEncoder().encode('IHDR'), 12);
  view.setUint32(16, width);
  view.setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  view.setUint32(29, crc32(bytes.subarray(12, 29)));
  return bytes;
}

async function allCommitments(api: GuestbookClient): Promise<CommitmentRow[]> {
  return listAll((page) => api.listCommitments({ status: ['assigned', 'unassigned', 'ended'], page, limit: 100 }));
}

const assignedBody = (rows: readonly CommitmentRow[]) =>
  rows.filter((r) => r.assignment_status === 'assigned').map((r) => ({ id: r.id, entity_seats: r.entity_seats! }));

/** The first venue and date of the coming week with seats for two. */
async function findTableForTwo(api: GuestbookClient): Promise<AvailabilityOption> {
  const { data: venues } = await api.listVenues({ limit: 100 });
  for (const venue of venues) {
    for (let day = 0; day < 7; day++) {
      const [option] = await api.getAvailability({ venue_id: venue.id, date: isoDay(day), party_size: 2 });
      if (option) return option;
    }
  }
  throw new Error('no venue has a table for two in the coming week');
}

async function logoWhenProcessed(api: GuestbookClient, entityId: string) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const { logo } = await api.getEntity(entityId);
    if (logo?.width != null || Date.now() > deadline) return logo;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('every client method against the sandbox', () => {
  it('reads the partner identity and its delegates', async () => {
    const api = partnerClient();
    const me = await api.getMe();
    expect(me).toMatchObject({
      id: DEMO_PARTNER.identityId,
      type: 'partner',
      name: DEMO_PARTNER.name,
      client_id: DEMO_PARTNER.clientId,
      status: 'active',
      default_entity_id: DEMO_PARTNER.defaultEntityId,
    });

    const delegates = await api.listDelegates({ limit: 100 });
    const delegateIds = DEMO_DELEGATES.map((d) => d.identityId).sort();
    expect(delegates.data.map((d) => d.id).sort()).toEqual(delegateIds);
    expect([...(me.delegated_identity_ids ?? [])].sort()).toEqual(delegateIds);

    const tablefinder = DEMO_DELEGATES[0]!;
    expect(await api.getDelegate(tablefinder.identityId)).toMatchObject({
      id: tablefinder.identityId,
      type: 'delegate',
      name: tablefinder.name,
      client_id: tablefinder.clientId,
      default_entity_id: tablefinder.entityId,
      parent_identity_id: DEMO_PARTNER.identityId,
    });
  });

  it('creates an entity, renames it, replaces its programs and uploads its logo', async () => {
    const api = partnerClient();
    const [standard, chefsTable, corporate] = DEMO_PROGRAMS;
    const created = await api.createEntity({
      name: 'Harbour & Vine Events',
      default_locale: 'fr-FR',
      default_program_id: standard.id,
      programs: [{ program_id: standard.id, unallocated_seat_access: true }],
    });
    expect(created).toMatchObject({
      name: 'Harbour & Vine Events',
      default_locale: 'fr-FR',
      default_program_id: standard.id,
      programs: [{ program_id: standard.id, unallocated_seat_access: true }],
      logo: null,
    });
    expect(created.org_id).toMatch(/^org_/);

    const found = await api.listEntities({
      filters: [{ attribute: 'name', modifier: 'eq', value: 'Harbour & Vine Events' }],
    });
    expect(found.data.map((e) => e.id)).toEqual([created.id]);
    expect(await api.getEntity(created.id)).toEqual(created);

    const renamed = await api.updateEntity(created.id, { name: 'Harbour & Vine Private Events' });
    expect(renamed).toMatchObject({ id: created.id, name: 'Harbour & Vine Private Events', default_locale: 'fr-FR' });

    const reprogrammed = await api.replaceEntityPrograms(created.id, {
      data: [
        { program_id: chefsTable.id, unallocated_seat_access: false },
        { program_id: corporate.id, unallocated_seat_access: true },
      ],
    });
    expect(reprogrammed.programs).toEqual([
      { program_id: chefsTable.id, name: chefsTable.name, unallocated_seat_access: false },
      { program_id: corporate.id, name: corporate.name, unallocated_seat_access: true },
    ]);
    // default_program_id is a uuid (spec): replacing the programs keeps it.
    expect(reprogrammed.default_program_id).toBe(standard.id);

    const png = pngHeader(64, 32);
    const withLogo = await api.uploadEntityLogo(created.id, new Blob([png], { type: 'image/png' }), 'logo.png');
    expect(withLogo.logo).toMatchObject({ content_type: 'image/png', size_bytes: png.length });

    expect(await logoWhenProcessed(api, created.id)).toMatchObject({
      width: 64,
      height: 32,
      aspect_ratio: 2,
      url: withLogo.logo!.url,
    });
    expect(await api.getEntity(created.id)).toMatchObject({
      name: 'Harbour & Vine Private Events',
      programs: reprogrammed.programs,
    });
  });

  it('reads one commitment and replaces the allocations of Harbour & Vine Direct', async () => {
    const direct = partnerClient().asEntity(HARBOUR_VINE_DIRECT);
    const rows = await allCommitments(direct);
    for (const row of rows)
      expect(row.total_seats).toBe((row.entity_seats ?? 0) + row.peer_seats + row.unallocated_seats);
    const reduced = rows.find((r) => r.assignment_status === 'assigned' && r.entity_seats! > 0)!;
    expect(await direct.getCommitment(reduced.id)).toEqual(reduced);

    const body = assignedBody(rows).map((a) => (a.id === reduced.id ? { ...a, entity_seats: a.entity_seats - 1 } : a));
    const assignedAfter = await direct.putCommitments({ data: body });
    const expected = {
      assignment_status: 'assigned',
      entity_seats: reduced.entity_seats! - 1,
      unallocated_seats: reduced.unallocated_seats + 1,
    };
    expect(assignedAfter.find((r) => r.id === reduced.id)).toMatchObject(expected);
    expect(assignedAfter.map((r) => r.id).sort()).toEqual(body.map((a) => a.id).sort());
    expect(await direct.getCommitment(reduced.id)).toMatchObject(expected);
  });

  it('lists markets and venues, filtered, and reads one venue', async () => {
    const direct = partnerClient().asEntity(HARBOUR_VINE_DIRECT);
    const markets = await direct.listMarkets({ limit: 100 });
    expect(markets.data.map((m) => m.id)).toEqual(expect.arrayContaining(DEMO_MARKETS.map((m) => m.id)));
    const lisbon = await direct.listMarkets({ filters: [{ attribute: 'name', modifier: 'eq', value: 'Lisbon' }] });
    expect(lisbon.data).toEqual([expect.objectContaining({ id: DEMO_MARKETS[1].id, name: 'Lisbon' })]);

    const london = DEMO_MARKETS[0];
    const venues = await direct.listVenues({
      filters: [{ attribute: 'market_id', modifier: 'eq', value: london.id }],
      limit: 100,
    });
    expect(venues.data.length).toBeGreaterThan(0);
    expect(venues.data.filter((v) => v.market_id !== london.id)).toEqual([]);

    const listed = venues.data[0]!;
    const venue = await direct.getVenue(listed.id);
    expect(venue).toMatchObject({ id: listed.id, name: listed.name, market_id: london.id, time_zone: 'Europe/London' });
    expect(venue.seat_commitments).toEqual(
      expect.arrayContaining([expect.objectContaining({ total_seats: expect.any(Number) })]),
    );
  });

  it('books a table: availability, hold and release, reservation, change and cancellation', async () => {
    const direct = partnerClient().asEntity(HARBOUR_VINE_DIRECT);
    const table = await findTableForTwo(direct);
    expect(table).toMatchObject({ party_size: 2, date: expect.any(String), time: expect.any(String) });
    expect(table.seats_available).toBeGreaterThanOrEqual(2);
    const slot = { venue_id: table.venue_id, date: table.date, time: table.time, party_size: 2 };

    const released = await direct.createHold(slot);
    expect(released).toMatchObject(slot);
    expect(Date.parse(released.expires_at)).toBeGreaterThan(Date.now());
    await direct.releaseHold(released.id);
    const unusable = await rejectionOf(direct.createReservation({ hold_id: released.id, guest: GUEST }));
    expect(unusable).toBeInstanceOf(GuestbookApiError);
    expect(unusable).toMatchObject({ status: 422, detail: expect.stringContaining(released.id) });

    const hold = await direct.createHold(slot);
    const booked = await direct.createReservation({ hold_id: hold.id, guest: GUEST, notes: 'Window table please' });
    expect(booked).toMatchObject({
      ...slot,
      status: 'confirmed',
      entity_id: HARBOUR_VINE_DIRECT.id,
      program_id: hold.program_id,
      guest: GUEST,
      notes: 'Window table please',
      locale: 'en-GB',
      canceled_at: null,
    });
    expect(await direct.getReservation(booked.id)).toEqual(booked);

    const changed = await direct.updateReservation(booked.id, { notes: 'Celebrating a birthday' });
    expect(changed).toMatchObject({ id: booked.id, notes: 'Celebrating a birthday', status: 'confirmed' });
    expect((await direct.getReservation(booked.id)).notes).toBe('Celebrating a birthday');

    const canceled = await direct.cancelReservation(booked.id);
    expect(canceled).toMatchObject({ id: booked.id, status: 'canceled', canceled_at: expect.any(String) });
    expect(await direct.getReservation(booked.id)).toMatchObject({
      status: 'canceled',
      canceled_at: canceled.canceled_at,
    });
  });

  it('lists only the reservations matching every filter', async () => {
    const direct = partnerClient().asEntity(HARBOUR_VINE_DIRECT);
    const filters: Condition[] = [
      { attribute: 'status', modifier: 'in', value: ['confirmed', 'pending'] },
      { attribute: 'date', modifier: 'gte', value: '2026-01-01' },
    ];
    const isUpcomingAndLive = (r: Reservation) =>
      (r.status === 'confirmed' || r.status === 'pending') && r.date! >= '2026-01-01';

    const matching = await listAll((page) => direct.listReservations({ filters, page, limit: 100 }));
    expect(matching.length).toBeGreaterThan(0);
    expect(matching.filter((r) => !isUpcomingAndLive(r))).toEqual([]);
    expect(matching.filter((r) => r.entity_id !== HARBOUR_VINE_DIRECT.id)).toEqual([]);

    const everything = await listAll((page) => direct.listReservations({ page, limit: 100 }));
    expect(matching.map((r) => r.id).sort()).toEqual(
      everything
        .filter(isUpcomingAndLive)
        .map((r) => r.id)
        .sort(),
    );
  });
});

describe('commitment over-allocation', () => {
  it('surfaces the 422 naming the commitment, and the sandbox keeps its rows', async () => {
    const direct = partnerClient().asEntity(HARBOUR_VINE_DIRECT);
    const before = await allCommitments(direct);
    const unassigned = before.find((r) => r.assignment_status === 'unassigned')!;

    const error = await rejectionOf(
      direct.putCommitments({
        data: [...assignedBody(before), { id: unassigned.id, entity_seats: unassigned.unallocated_seats + 1 }],
      }),
    );
    expect(error).toBeInstanceOf(GuestbookApiError);
    expect(error).toMatchObject({ status: 422, detail: expect.stringContaining(unassigned.id) });
    expect(await allCommitments(direct)).toEqual(before);
  });
});

interface SentRequest {
  path: string;
  entityHeader: string | null;
  orgId: unknown;
}

/** A fetch that records, for every API request, its X-Entity-Id and the org_id of its token. */
function recordingFetch(sent: SentRequest[]): typeof fetch {
  return (input, init) => {
    const path = new URL(String(input)).pathname;
    if (path.startsWith('/v2/')) {
      const headers = new Headers(init?.headers);
      const token = headers.get('authorization')!.replace(/^Bearer /, '');
      sent.push({ path, entityHeader: headers.get('x-entity-id'), orgId: decodeJwt(token).org_id });
    }
    return fetch(input, init);
  };
}

describe('entity context', () => {
  async function concierge(api: GuestbookClient): Promise<EntityContext> {
    const { data } = await api.listEntities({
      filters: [{ attribute: 'name', modifier: 'eq', value: 'Harbour & Vine Concierge' }],
    });
    expect(data).toHaveLength(1);
    return { id: data[0]!.id, org_id: data[0]!.org_id };
  }

  it('acts for an entity without org_id through X-Entity-Id', async () => {
    const api = partnerClient();
    const entity = await concierge(api);
    expect(entity.org_id).toBeNull();
    const legacy = api.asEntity({ id: entity.id, org_id: null });

    expect(await legacy.getEntity(entity.id)).toMatchObject({
      id: entity.id,
      name: 'Harbour & Vine Concierge',
      org_id: null,
    });
    const { data: reservations } = await legacy.listReservations({ limit: 100 });
    expect(reservations.length).toBeGreaterThan(0);
    expect(new Set(reservations.map((r) => r.entity_id))).toEqual(new Set([entity.id]));

    const { data: defaultEntityReservations } = await api.listReservations({ limit: 100 });
    expect(new Set(defaultEntityReservations.map((r) => r.entity_id))).toEqual(new Set([DEMO_PARTNER.defaultEntityId]));
  });

  it('sends X-Entity-Id with the default token for legacy entities, never with an organization token', async () => {
    const sent: SentRequest[] = [];
    const api = partnerClient({ fetch: recordingFetch(sent) });
    const legacyEntity = await concierge(api);

    const orgStart = sent.length;
    const direct = api.asEntity(HARBOUR_VINE_DIRECT);
    const { data: directReservations } = await direct.listReservations({ limit: 10 });
    await direct.getEntity(HARBOUR_VINE_DIRECT.id);
    await direct.listCommitments();
    const orgBound = sent.slice(orgStart);

    const legacyStart = sent.length;
    const legacy = api.asEntity(legacyEntity);
    const { data: legacyReservations } = await legacy.listReservations({ limit: 10 });
    await legacy.getEntity(legacyEntity.id);
    await legacy.listCommitments();
    const legacyRequests = sent.slice(legacyStart);

    expect(orgBound).toHaveLength(3);
    expect(orgBound.filter((r) => r.entityHeader !== null || r.orgId !== HARBOUR_VINE_DIRECT.org_id)).toEqual([]);
    expect(new Set(directReservations.map((r) => r.entity_id))).toEqual(new Set([HARBOUR_VINE_DIRECT.id]));

    expect(legacyRequests).toHaveLength(3);
    expect(legacyRequests.filter((r) => r.entityHeader !== legacyEntity.id || r.orgId !== undefined)).toEqual([]);
    expect(new Set(legacyReservations.map((r) => r.entity_id))).toEqual(new Set([legacyEntity.id]));
  });
});

describe('retry policy (scripted fetch)', () => {
  const LONDON_PAGE = {
    data: [{ id: DEMO_MARKETS[0].id, name: 'London' }],
    pagination: { current_page: 1, total_pages: 1, total_items: 1, items_per_page: 25 },
  };
  const tooManyRequests = () =>
    new Response(
      JSON.stringify({
        title: 'Too Many Requests',
        status: 429,
        detail: 'Rate limit of 1000 requests per minute exceeded.',
      }),
      {
        status: 429,
        headers: { 'content-type': 'application/problem+json', 'retry-after': '2' },
      },
    );

  /** A client whose API answers are scripted by call number; sleeping advances a fake clock at once. */
  function scriptedClient(
    answer: (call: number) => Response,
    maxRetries = 3,
    overrides: Partial<GuestbookClientOptions> = {},
  ) {
    const calls: string[] = [];
    const slept: number[] = [];
    let clock = Date.parse('2026-11-22T12:00:00Z');
    const scripted: typeof fetch = async (input, init) => {
      const path = new URL(String(input)).pathname;
      if (path === '/oauth/token')
        return Response.json({ access_token: 'x.y.z', scope: '', expires_in: 3600, token_type: 'Bearer' });
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      return answer(calls.length);
    };
    const client = createGuestbookClient({
      baseUrl: 'https://api.guestbook.test',
      authUrl: 'https://auth.guestbook.test',
      audience: 'https://api.guestbook.test/',
      clientId: 'gb_partner_scripted',
      clientSecret: 'scripted-secret',
      verifyTokens: false,
      maxRetries,
      fetch: scripted,
      now: () => clock,
      sleep: async (ms) => {
        slept.push(ms);
        clock += ms;
      },
      ...overrides,
    });
    return { client, calls, slept };
  }

  it('retries a GET after a 429, waiting at least Retry-After', async () => {
    const { client, calls, slept } = scriptedClient((call) =>
      call === 1 ? tooManyRequests() : Response.json(LONDON_PAGE),
    );
    expect(await client.listMarkets()).toEqual(LONDON_PAGE);
    expect(calls).toEqual(['GET /v2/markets', 'GET /v2/markets']);
    expect(Math.max(...slept)).toBeGreaterThanOrEqual(2000);
  });

  it('does not retry a POST answered 429', async () => {
    const { client, calls } = scriptedClient(tooManyRequests);
    const error = await rejectionOf(
      client.createHold({ venue_id: DEMO_MARKETS[0].id, date: '2026-12-01', time: '19:00', party_size: 2 }),
    );
    expect(error).toBeInstanceOf(GuestbookApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(calls).toEqual(['POST /v2/holds']);
  });

  it('gives up on a GET after maxRetries when every answer is 429', async () => {
    const maxRetries = 2;
    const { client, calls, slept } = scriptedClient(tooManyRequests, maxRetries);
    const error = await rejectionOf(client.listMarkets());
    expect(error).toBeInstanceOf(GuestbookApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(calls).toEqual(Array(maxRetries + 1).fill('GET /v2/markets'));
    expect(slept.filter((ms) => ms >= 2000)).toHaveLength(maxRetries);
  });

  it('tells when requests resume after giving up on a 429', async () => {
    const { client } = scriptedClient(tooManyRequests, 0);
    const error = (await rejectionOf(client.listMarkets())) as GuestbookApiError;
    expect(error.retryAt?.toISOString()).toBe('2026-11-22T12:00:02.000Z');
  });

  it('does not hang on a long rate-limit block: fails at once with the time requests resume, and sends nothing more until then', async () => {
    const longBlock = () =>
      new Response(JSON.stringify({ title: 'Too Many Requests', status: 429 }), {
        status: 429,
        headers: { 'content-type': 'application/problem+json', 'retry-after': '45' },
      });
    const { client, calls, slept } = scriptedClient(longBlock);
    const first = (await rejectionOf(client.listMarkets())) as GuestbookApiError;
    expect(first).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(first.retryAt?.toISOString()).toBe('2026-11-22T12:00:45.000Z');
    expect(calls).toEqual(['GET /v2/markets']);
    expect(slept).toEqual([]);
    const second = (await rejectionOf(client.getMe())) as GuestbookApiError;
    expect(second).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(calls).toEqual(['GET /v2/markets']);
  });

  it('repeats a GET after a dropped connection, but never a POST', async () => {
    let drops = 1;
    const calls: string[] = [];
    const flaky: typeof fetch = async (input, init) => {
      const path = new URL(String(input)).pathname;
      if (path === '/oauth/token')
        return Response.json({ access_token: 'x.y.z', scope: '', expires_in: 3600, token_type: 'Bearer' });
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (drops-- > 0) throw new TypeError('fetch failed: socket hang up');
      return Response.json({
        data: [],
        pagination: { current_page: 1, total_pages: 1, total_items: 0, items_per_page: 25 },
      });
    };
    const client = createGuestbookClient({
      baseUrl: 'https://api.guestbook.test',
      authUrl: 'https://auth.guestbook.test',
      audience: 'https://api.guestbook.test/',
      clientId: 'c',
      clientSecret: 's',
      fetch: flaky,
      sleep: async () => undefined,
    });
    expect((await client.listMarkets()).data).toEqual([]);
    expect(calls).toEqual(['GET /v2/markets', 'GET /v2/markets']);
    drops = 1;
    const error = await rejectionOf(
      client.createHold({ venue_id: DEMO_MARKETS[0].id, date: '2026-12-01', time: '19:00', party_size: 2 }),
    );
    expect(error).toMatchObject({ status: 0, code: 'network' });
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual(['POST /v2/holds']);
  });

  it('cancels a call when its signal aborts, without retrying', async () => {
    const calls: string[] = [];
    const hanging: typeof fetch = async (input, init) => {
      const path = new URL(String(input)).pathname;
      if (path === '/oauth/token')
        return Response.json({ access_token: 'x.y.z', scope: '', expires_in: 3600, token_type: 'Bearer' });
      calls.push(path);
      return new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason)));
    };
    const client = createGuestbookClient({
      baseUrl: 'https://api.guestbook.test',
      authUrl: 'https://auth.guestbook.test',
      audience: 'https://api.guestbook.test/',
      clientId: 'c',
      clientSecret: 's',
      fetch: hanging,
    });
    const controller = new AbortController();
    const pending = rejectionOf(client.withSignal(controller.signal).listMarkets());
    await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    expect(await pending).toMatchObject({ code: 'aborted', status: 0 });
    expect(calls).toEqual(['/v2/markets']);
    expect(await rejectionOf(client.withSignal(controller.signal).getMe())).toMatchObject({ code: 'aborted' });
    expect(calls).toEqual(['/v2/markets']);
  });
});

describe('token single flight', () => {
  it('lets 50 concurrent callers share one token request', async () => {
    const before = await tokenRequestCount(sandbox);
    const api = partnerClient();
    const names = await Promise.all(Array.from({ length: 50 }, () => api.getMe().then((me) => me.name)));
    expect(names).toEqual(Array(50).fill(DEMO_PARTNER.name));
    expect((await tokenRequestCount(sandbox)) - before).toBe(1);
    expect(api.tokenStats).toEqual({ requested: 1, reused: 49 });
  });
});

describe('filter builder', () => {
  const R = RESERVATION_FILTERS;
  const ONE_PER_MODIFIER: Condition[] = [
    { attribute: 'status', modifier: 'eq', value: 'confirmed' },
    { attribute: 'guest_last_name', modifier: 'neq', value: "O'Brien & Müller" },
    { attribute: 'status', modifier: 'in', value: ['confirmed', 'pending'] },
    { attribute: 'locale', modifier: 'nin', value: ['fr-FR', 'de-DE'] },
    { attribute: 'date', modifier: 'gte', value: '2026-01-01' },
    { attribute: 'party_size', modifier: 'lte', value: 6 },
  ];

  it('has a sample for every modifier', () => {
    expect(ONE_PER_MODIFIER.map((c) => c.modifier)).toEqual([...MODIFIERS]);
  });

  const roundTrips = ONE_PER_MODIFIER.map((c): [string, Condition] => [`${c.attribute}[${c.modifier}]`, c]);

  it.each(roundTrips)('round-trips %s: build → query string → parse → build', (_, condition) => {
    const pairs = buildFilterParams([condition], R);
    const parsed = parseFilterQuery(toQueryString(pairs), R);
    expect(parsed.errors).toEqual([]);
    expect(parsed.conditions).toEqual([condition]);
    expect(buildFilterParams(parsed.conditions, R)).toEqual(pairs);
  });

  const UNSENDABLE: [string, Condition][] = [
    ['a comma inside an `in` item', { attribute: 'guest_last_name', modifier: 'in', value: ['Smith, Jr', 'Lee'] }],
    ['a party size that is not a number', { attribute: 'party_size', modifier: 'eq', value: 'abc' }],
    ['a date that is not a date', { attribute: 'date', modifier: 'gte', value: 'not-a-date' }],
  ];

  it.each(UNSENDABLE)('refuses %s before any request is sent', async (_, condition) => {
    const sent: string[] = [];
    const api = partnerClient({
      fetch: (input, init) => {
        sent.push(String(input));
        return fetch(input, init);
      },
    });
    const error = await rejectionOf(api.listReservations({ filters: [condition] }));
    expect(error).toBeInstanceOf(FilterError);
    expect(error).toMatchObject({ attribute: condition.attribute });
    expect(sent).toEqual([]);
  });
});
