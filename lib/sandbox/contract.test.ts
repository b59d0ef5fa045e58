import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { makePng, GIF_BYTES } from '../../e2e/images';
import { DEMO_DELEGATES, DEMO_MARKETS, DEMO_PARTNER } from './seed/demo';
import type { RunningSandbox } from './server';
import { accessToken, call, startTestSandbox } from './testing';

type Json = Record<string, unknown> & { data?: unknown };

let sandbox: RunningSandbox;
let partner: string;
const DIRECT = { id: DEMO_PARTNER.defaultEntityId, org: 'org_harbour_vine_direct' };

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await fetch(`${sandbox.url}/_sandbox/reset`, { method: 'POST' });
  partner = await accessToken(sandbox, { organization: DIRECT.org });
});

const get = async (token: string, p: string, entityId?: string) => {
  const res = await call(sandbox, token, p, { entityId });
  return { status: res.status, body: (await res.json()) as Json, headers: res.headers };
};
const send = async (token: string, method: string, p: string, body?: unknown) => {
  const res = await call(sandbox, token, p, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: res.status === 204 ? {} : ((await res.json()) as Json), headers: res.headers };
};
const control = async (p: string, body?: unknown): Promise<unknown> => {
  const res = await fetch(`${sandbox.url}/_sandbox/${p}`, { method: body === undefined ? 'GET' : 'POST', headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  expect(res.ok, `${p} → ${res.status}`).toBe(true);
  return ((await res.json()) as { data: unknown }).data;
};

describe('errors and envelopes', () => {
  it('answers every error as problem+json naming what is wrong, with rate-limit headers', async () => {
    const res = await call(sandbox, partner, '/v2/reservations?date[gte]=2026-13-01&limit=500');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
    const body = (await res.json()) as { type: string; title: string; status: number; detail: string; errors: { field: string }[] };
    expect(body).toMatchObject({ type: 'about:blank', title: 'Bad Request', status: 400 });
    expect(body.errors.map((e) => e.field).sort()).toEqual(['limit']);
    const dates = await get(partner, '/v2/reservations?date[gte]=2026-13-01');
    expect(dates.status).toBe(400);
    expect(dates.body.detail).toContain('date');
    expect((await get(partner, '/v2/reservations?date[between]=2026-01-01')).status).toBe(400);
    expect((await get(partner, `/v2/venues/not-a-uuid`)).status).toBe(400);
  });
});

describe('entities', () => {
  it('lists only the entities assigned to the caller', async () => {
    const all = await get(partner, '/v2/entities?limit=100');
    expect((all.body.data as unknown[]).length).toBe(2 + DEMO_DELEGATES.length);
    const d = DEMO_DELEGATES[0]!;
    const delegate = await accessToken(sandbox, { client_id: d.clientId, client_secret: d.clientSecret });
    const own = await get(delegate, '/v2/entities');
    expect((own.body.data as { id: string }[]).map((e) => e.id)).toEqual([d.entityId]);
  });

  it('creates, patches and replaces programs, storing exactly the change', async () => {
    const created = await send(partner, 'POST', '/v2/entities', { name: 'Contract Café', default_locale: 'nl-NL' });
    expect(created.status).toBe(201);
    const entity = created.body.data as { id: string; default_locale: string; programs: unknown[]; org_id: string };
    expect(entity).toMatchObject({ name: 'Contract Café', default_locale: 'nl-NL', programs: [], default_program_id: expect.any(String), logo: null });
    const program = (await get(partner, `/v2/entities/${DIRECT.id}`)).body.data as { programs: { program_id: string }[] };
    const pid = program.programs[0]!.program_id;

    const badLocale = await send(partner, 'PATCH', `/v2/entities/${entity.id}`, { default_locale: 'xx-XX' });
    expect(badLocale.status).toBe(422);
    expect(badLocale.body.errors).toEqual([expect.objectContaining({ field: 'default_locale' })]);
    expect((await send(partner, 'PATCH', `/v2/entities/${entity.id}`, { colour: 'red' })).status).toBe(400);
    const put = await send(partner, 'PUT', `/v2/entities/${entity.id}/programs`, { data: [{ program_id: pid, unallocated_seat_access: true }] });
    expect(put.status).toBe(200);
    const patched = await send(partner, 'PATCH', `/v2/entities/${entity.id}`, { name: 'Contract Café II', default_program_id: pid });
    expect(patched.status).toBe(200);
    const stored = (await get(partner, `/v2/entities/${entity.id}`)).body.data;
    expect(stored).toMatchObject({ name: 'Contract Café II', default_program_id: pid, default_locale: 'nl-NL', programs: [{ program_id: pid, unallocated_seat_access: true }] });
    const unknown = await send(partner, 'PUT', `/v2/entities/${entity.id}/programs`, { data: [{ program_id: '00000000-0000-4000-8000-00000000abcd', unallocated_seat_access: false }] });
    expect(unknown.status).toBe(422);
    expect((await get(partner, `/v2/entities/${entity.id}`)).body.data).toEqual(stored);
  });

  it('accepts a PNG logo, publishes its dimensions after processing, and refuses GIFs and large files', async () => {
    const upload = (bytes: Buffer, name: string, type: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      return fetch(`${sandbox.url}/v2/entities/${DIRECT.id}/logo`, { method: 'POST', headers: { authorization: `Bearer ${partner}` }, body: form });
    };
    expect((await upload(Buffer.from(GIF_BYTES), 'a.gif', 'image/gif')).status).toBe(422);
    expect((await upload(Buffer.concat([makePng(2, 2), Buffer.alloc(2 * 1024 * 1024)]), 'big.png', 'image/png')).status).toBe(413);
    expect((await get(partner, `/v2/entities/${DIRECT.id}`)).body.data).toMatchObject({ logo: null });

    const res = await upload(makePng(120, 80), 'logo.png', 'image/png');
    expect(res.status).toBe(200);
    const logo = ((await res.json()) as { data: { logo: Record<string, unknown> } }).data.logo;
    expect(logo).toMatchObject({ content_type: 'image/png', width: null, height: null, aspect_ratio: null });
    let later = logo;
    for (let i = 0; i < 40 && later.width === null; i++) {
      await new Promise((r) => setTimeout(r, 100));
      later = ((await get(partner, `/v2/entities/${DIRECT.id}`)).body.data as { logo: Record<string, unknown> }).logo;
    }
    expect(later).toMatchObject({ width: 120, height: 80, aspect_ratio: 1.5 });
    const image = await fetch(String(later.url));
    expect(image.headers.get('content-type')).toBe('image/png');
  });
});

describe('venues and markets', () => {
  it('returns nullable address, line2 and descriptions, and the deprecated block', async () => {
    const venues = (await get(partner, '/v2/venues?limit=100')).body.data as { id: string; address: { line2: string | null } | null; seating_areas: { name: string; description: string | null }[] }[];
    expect(venues.length).toBeGreaterThanOrEqual(10);
    expect(venues.some((v) => v.address === null)).toBe(true);
    expect(venues.some((v) => v.address?.line2 === null)).toBe(true);
    expect(venues.some((v) => v.address?.line2)).toBe(true);
    const areas = venues.flatMap((v) => v.seating_areas);
    expect(areas.some((a) => a.description === null)).toBe(true);
    expect(areas.every((a) => a.name.length <= 32)).toBe(true);
    const one = (await get(partner, `/v2/venues/${venues[0]!.id}`)).body.data as { seat_commitments: unknown[] };
    expect(Array.isArray(one.seat_commitments)).toBe(true);
    const markets = (await get(partner, '/v2/markets')).body.data as { id: string }[];
    expect(markets.map((m) => m.id).sort()).toEqual(DEMO_MARKETS.map((m) => m.id).sort());
    const inMarket = (await get(partner, `/v2/venues?market_id=${DEMO_MARKETS[0]!.id}`)).body.data as { market_id: string }[];
    expect(inMarket.length).toBeGreaterThan(0);
    expect(inMarket.every((v) => v.market_id === DEMO_MARKETS[0]!.id)).toBe(true);
  });
});

describe('reservations and holds', () => {
  async function findOption(token: string) {
    const venues = (await get(token, '/v2/venues?limit=100')).body.data as { id: string }[];
    for (let d = 1; d <= 7; d++) {
      const date = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
      for (const v of venues) {
        const options = (await get(token, `/v2/availability?venue_id=${v.id}&date=${date}&party_size=2`)).body.data as { venue_id: string; date: string; time: string; seats_available: number }[];
        if (options.length) return options[0]!;
      }
    }
    throw new Error('no availability in the demo world');
  }

  it('holds seats (bare object), books from the hold in the entity locale, e-mails the guest, and cancels once', async () => {
    const option = await findOption(partner);
    const hold = await send(partner, 'POST', '/v2/holds', { venue_id: option.venue_id, date: option.date, time: option.time, party_size: 2 });
    expect(hold.status).toBe(201);
    expect(hold.body).not.toHaveProperty('data');
    expect(hold.body).toMatchObject({ venue_id: option.venue_id, party_size: 2 });
    expect(String(hold.body.expires_at)).toMatch(/Z$/);

    const created = await send(partner, 'POST', '/v2/reservations', { hold_id: hold.body.id, guest: { first_name: 'Ana', last_name: 'Lima', email: 'ana@example.com' } });
    expect(created.status).toBe(201);
    const r = created.body.data as { id: string; locale: string; program_id: string | null; status: string };
    expect(r).toMatchObject({ status: 'confirmed', locale: 'en-GB' });
    expect(r.program_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await send(partner, 'POST', '/v2/reservations', { hold_id: hold.body.id, guest: { first_name: 'A', last_name: 'B', email: 'b@example.com' } })).status).toBe(422);

    const outbox = (await control('outbox')) as { reservation_id: string; kind: string; locale: string }[];
    expect(outbox.filter((m) => m.reservation_id === r.id)).toEqual([expect.objectContaining({ kind: 'confirmation', locale: 'en-GB' })]);

    const canceled = await send(partner, 'POST', `/v2/reservations/${r.id}/cancel`);
    expect(canceled.body.data).toMatchObject({ status: 'canceled' });
    const again = await send(partner, 'POST', `/v2/reservations/${r.id}/cancel`);
    expect(again.status).toBe(422);
    expect(again.body.detail).toContain('already canceled');
    expect(((await get(partner, `/v2/reservations/${r.id}`)).body.data as { status: string }).status).toBe('canceled');
  });

  it('expires holds on the sandbox clock and releases them early', async () => {
    const option = await findOption(partner);
    const body = { venue_id: option.venue_id, date: option.date, time: option.time, party_size: 2 };
    const released = await send(partner, 'POST', '/v2/holds', body);
    expect((await send(partner, 'DELETE', `/v2/holds/${released.body.id}`)).status).toBe(204);
    expect((await send(partner, 'DELETE', `/v2/holds/${released.body.id}`)).status).toBe(404);
    const hold = await send(partner, 'POST', '/v2/holds', body);
    await control('clock', { advance_s: 11 * 60 });
    const late = await send(partner, 'POST', '/v2/reservations', { hold_id: hold.body.id, guest: { first_name: 'A', last_name: 'B', email: 'b@example.com' } });
    expect(late.status).toBe(422);
    expect(late.body.detail).toContain('expired');
  });

  it('binds holds by the allocation: more guests than the entity can seat is refused', async () => {
    const option = await findOption(partner);
    const res = await send(partner, 'POST', '/v2/holds', { venue_id: option.venue_id, date: option.date, time: option.time, party_size: Math.min(50, option.seats_available + 1) });
    expect(res.status).toBe(422);
  });

  it('filters with every modifier, scoped to the entity, and pages the filtered set', async () => {
    type R = { entity_id: string; status: string; date: string; created_at: string; party_size: number };
    const all = (q: string) => get(partner, `/v2/reservations?limit=100&${q}`).then((x) => ({ rows: x.body.data as R[], total: (x.body.pagination as { total_items: number }).total_items }));
    const base = await all('');
    expect(base.total).toBeGreaterThan(100);
    const cases: [string, (r: R) => boolean][] = [
      ['status=confirmed', (r) => r.status === 'confirmed'],
      ['status[neq]=canceled', (r) => r.status !== 'canceled'],
      ['status[in]=confirmed,pending', (r) => ['confirmed', 'pending'].includes(r.status)],
      ['status[nin]=canceled,no_show', (r) => !['canceled', 'no_show'].includes(r.status)],
      ['date[gte]=2026-11-22&date[lte]=2026-11-30', (r) => r.date >= '2026-11-22' && r.date <= '2026-11-30'],
      ['party_size[gte]=4', (r) => r.party_size >= 4],
      ['created_at[lte]=2026-11-01T00:00:00Z', (r) => r.created_at <= '2026-11-01T00:00:00Z'],
    ];
    for (const [q, predicate] of cases) {
      const { rows, total } = await all(q);
      expect(rows.every((r) => r.entity_id === DIRECT.id && predicate(r)), q).toBe(true);
      expect(total, q).toBeLessThanOrEqual(base.total);
    }
    const p2 = await get(partner, '/v2/reservations?status=confirmed&limit=5&page=2&sort=-created_at');
    const first10 = (await get(partner, '/v2/reservations?status=confirmed&limit=10&sort=-created_at')).body.data as { id: string }[];
    expect((p2.body.data as { id: string }[]).map((r) => r.id)).toEqual(first10.slice(5).map((r) => r.id));
  });

  it('sends reminders in the reservation locale when the clock reaches the day before', async () => {
    await control('clock', { advance_s: 1 });
    const outbox = (await control('outbox')) as { kind: string; locale: string; subject: string }[];
    const reminders = outbox.filter((m) => m.kind === 'reminder');
    expect(reminders.length).toBeGreaterThan(0);
    expect(reminders.some((m) => m.locale.startsWith('pt') && m.subject.startsWith('Lembrete'))).toBe(true);
  });
});

describe('commitments under concurrency', () => {
  it('two concurrent PUTs from different entities that fit alone but not together leave the sum ≤ total_seats', async () => {
    const concierge = 'org_harbour_vine_direct';
    const tablefinder = DEMO_DELEGATES[0]!;
    const other = await accessToken(sandbox, { organization: tablefinder.orgId! });
    type Row = { id: string; assignment_status: string; total_seats: number; entity_seats: number | null; unallocated_seats: number };
    const rows = async (token: string) => (await get(token, '/v2/commitments?status[]=assigned&status[]=unassigned&limit=100')).body.data as Row[];
    const [a, b] = [await rows(partner), await rows(other)];
    const shared = a.find((r) => r.unallocated_seats >= 2 && b.some((x) => x.id === r.id))!;
    expect(shared, `a commitment both ${concierge} and ${tablefinder.orgId} are eligible for`).toBeTruthy();
    const bodyFor = (mine: Row[]) => ({
      data: [
        ...mine.filter((r) => r.assignment_status === 'assigned' && r.id !== shared.id).map((r) => ({ id: r.id, entity_seats: r.entity_seats! })),
        { id: shared.id, entity_seats: (mine.find((r) => r.id === shared.id)!.entity_seats ?? 0) + shared.unallocated_seats },
      ],
    });
    const results = await Promise.all([send(partner, 'PUT', '/v2/commitments', bodyFor(a)), send(other, 'PUT', '/v2/commitments', bodyFor(b))]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    const after = (await get(partner, `/v2/commitments/${shared.id}`)).body.data as Row & { peer_seats: number };
    expect((after.entity_seats ?? 0) + after.peer_seats).toBeLessThanOrEqual(after.total_seats);
    expect(after.unallocated_seats).toBe(0);
  });
});

describe('identities control', () => {
  it('suspends a delegate with source parent', async () => {
    const d = DEMO_DELEGATES[1]!;
    await control(`identities/${d.identityId}/suspend`, { source: 'parent' });
    const token = await accessToken(sandbox, { client_id: d.clientId, client_secret: d.clientSecret });
    expect((await get(token, '/v2/identities/me')).body.data).toMatchObject({ status: 'suspended', suspension_source: 'parent' });
    expect((await get(token, '/v2/reservations')).status).toBe(403);
    await control(`identities/${d.identityId}/resume`, {});
    expect((await get(token, '/v2/reservations')).status).toBe(200);
  });
});
