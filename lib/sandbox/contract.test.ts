import { describe, expect, it } from 'vitest';

import { GIF_BYTES, makePng } from '../../e2e/images';
import { control, DIRECT, get, partner, sandbox, send, setUpContractSandbox } from './contract-fixture';
import { DEMO_DELEGATES, DEMO_MARKETS } from './seed/demo';
import { accessToken, call } from './testing';

setUpContractSandbox();

describe('errors and envelopes', () => {
  it('answers every error as problem+json naming what is wrong, with rate-limit headers', async () => {
    const res = await call(sandbox, partner, '/v2/reservations?date[gte]=2026-13-01&limit=500');
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(res.headers.get('x-ratelimit-limit')).toBe('1000');
    const body = (await res.json()) as {
      type: string;
      title: string;
      status: number;
      detail: string;
      errors: { field: string }[];
    };
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
    expect(entity).toMatchObject({
      name: 'Contract Café',
      default_locale: 'nl-NL',
      programs: [],
      default_program_id: expect.any(String),
      logo: null,
    });
    const program = (await get(partner, `/v2/entities/${DIRECT.id}`)).body.data as {
      programs: { program_id: string }[];
    };
    const pid = program.programs[0]!.program_id;

    const badLocale = await send(partner, 'PATCH', `/v2/entities/${entity.id}`, { default_locale: 'xx-XX' });
    expect(badLocale.status).toBe(422);
    expect(badLocale.body.errors).toEqual([expect.objectContaining({ field: 'default_locale' })]);
    expect((await send(partner, 'PATCH', `/v2/entities/${entity.id}`, { colour: 'red' })).status).toBe(400);
    const put = await send(partner, 'PUT', `/v2/entities/${entity.id}/programs`, {
      data: [{ program_id: pid, unallocated_seat_access: true }],
    });
    expect(put.status).toBe(200);
    const patched = await send(partner, 'PATCH', `/v2/entities/${entity.id}`, {
      name: 'Contract Café II',
      default_program_id: pid,
    });
    expect(patched.status).toBe(200);
    const stored = (await get(partner, `/v2/entities/${entity.id}`)).body.data;
    expect(stored).toMatchObject({
      name: 'Contract Café II',
      default_program_id: pid,
      default_locale: 'nl-NL',
      programs: [{ program_id: pid, unallocated_seat_access: true }],
    });
    const unknown = await send(partner, 'PUT', `/v2/entities/${entity.id}/programs`, {
      data: [{ program_id: '00000000-0000-4000-8000-00000000abcd', unallocated_seat_access: false }],
    });
    expect(unknown.status).toBe(422);
    expect((await get(partner, `/v2/entities/${entity.id}`)).body.data).toEqual(stored);
  });

  it('accepts a PNG logo, publishes its dimensions after processing, and refuses GIFs and large files', async () => {
    const upload = (bytes: Buffer, name: string, type: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
      return fetch(`${sandbox.url}/v2/entities/${DIRECT.id}/logo`, {
        method: 'POST',
        headers: { authorization: `Bearer ${partner}` },
        body: form,
      });
    };
    expect((await upload(Buffer.from(GIF_BYTES), 'a.gif', 'image/gif')).status).toBe(422);
    expect(
      (await upload(Buffer.concat([makePng(2, 2), Buffer.alloc(2 * 1024 * 1024)]), 'big.png', 'image/png')).status,
    ).toBe(413);
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
    const venues = (await get(partner, '/v2/venues?limit=100')).body.data as {
      id: string;
      address: { line2: string | null } | null;
      seating_areas: { name: string; description: string | null }[];
    }[];
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
    const inMarket = (await get(partner, `/v2/venues?market_id=${DEMO_MARKETS[0]!.id}`)).body.data as {
      market_id: string;
    }[];
    expect(inMarket.length).toBeGreaterThan(0);
    expect(inMarket.every((v) => v.market_id === DEMO_MARKETS[0]!.id)).toBe(true);
  });
});

describe('commitments under concurrency', () => {
  it('two concurrent PUTs from different entities that fit alone but not together leave the sum ≤ total_seats', async () => {
    const concierge = 'org_harbour_vine_direct';
    const tablefinder = DEMO_DELEGATES[0]!;
    const other = await accessToken(sandbox, { organization: tablefinder.orgId! });
    type Row = {
      id: string;
      assignment_status: string;
      total_seats: number;
      entity_seats: number | null;
      unallocated_seats: number;
    };
    const rows = async (token: string) =>
      (await get(token, '/v2/commitments?status[]=assigned&status[]=unassigned&limit=100')).body.data as Row[];
    const [a, b] = [await rows(partner), await rows(other)];
    const shared = a.find((r) => r.unallocated_seats >= 2 && b.some((x) => x.id === r.id))!;
    expect(shared, `a commitment both ${concierge} and ${tablefinder.orgId} are eligible for`).toBeTruthy();
    const bodyFor = (mine: Row[]) => ({
      data: [
        ...mine
          .filter((r) => r.assignment_status === 'assigned' && r.id !== shared.id)
          .map((r) => ({ id: r.id, entity_seats: r.entity_seats! })),
        {
          id: shared.id,
          entity_seats: (mine.find((r) => r.id === shared.id)!.entity_seats ?? 0) + shared.unallocated_seats,
        },
      ],
    });
    const results = await Promise.all([
      send(partner, 'PUT', '/v2/commitments', bodyFor(a)),
      send(other, 'PUT', '/v2/commitments', bodyFor(b)),
    ]);
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
    expect((await get(token, '/v2/identities/me')).body.data).toMatchObject({
      status: 'suspended',
      suspension_source: 'parent',
    });
    expect((await get(token, '/v2/reservations')).status).toBe(403);
    await control(`identities/${d.identityId}/resume`, {});
    expect((await get(token, '/v2/reservations')).status).toBe(200);
  });
});
