import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { isEligible } from './commitments';
import { sandboxControls } from './control-client';
import { DEMO_DELEGATES, DEMO_PARTNER } from './seed/demo';
import { readSeedFile, SeedFileError } from './seed/file';
import { startSandbox, type RunningSandbox } from './server';
import { accessToken, call, startTestSandbox } from './testing';

/**
 * Each test holds the sandbox to one normative sentence of the specification, quoted in its name.
 */

type Json = Record<string, unknown>;
let sandbox: RunningSandbox;
let partner: string;
const DIRECT = { id: DEMO_PARTNER.defaultEntityId, org: 'org_harbour_vine_direct' };
const RATE_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

beforeAll(async () => {
  sandbox = await startTestSandbox();
});
afterAll(() => sandbox.close());
/** The seed files the tests write, removed with it. */
const seedRoot = mkdtempSync(path.join(tmpdir(), 'sandbox-seed-'));
afterAll(() => rmSync(seedRoot, { recursive: true, force: true }));
beforeEach(async () => {
  await sandboxControls(sandbox.url).reset();
  partner = await accessToken(sandbox, { organization: DIRECT.org });
});

const request = async (token: string, method: string, p: string, body?: unknown) => {
  const res = await call(sandbox, token, p, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (res.status === 204 ? {} : await res.json()) as Json, headers: res.headers };
};

describe('"the calling identity cannot be resolved" → 404 (Errors)', () => {
  it('answers 404, not 401, to a valid token whose identity a reset removed, on every endpoint the table names', async () => {
    const dir = mkdtempSync(path.join(seedRoot, 'seed-'));
    const file = path.join(dir, 'world.json');
    const seed = JSON.parse(readFileSync(path.join(import.meta.dirname, 'seed/example.seed.json'), 'utf8')) as {
      identities: { type: string; client_id: string; client_secret: string }[];
    };
    writeFileSync(file, JSON.stringify(seed));
    const own = await startSandbox({ port: 0, memory: true, quiet: true, seed: file, controlToken: null });
    try {
      const delegate = seed.identities.find((i) => i.type === 'delegate')!;
      const res = await fetch(`${own.url}/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: delegate.client_id,
          client_secret: delegate.client_secret,
          audience: `${own.url}/`,
          grant_type: 'client_credentials',
        }),
      });
      const { access_token: token } = (await res.json()) as { access_token: string };
      // The seed is re-read by the reset without the delegate; the signing key stays.
      writeFileSync(file, JSON.stringify({ ...seed, identities: seed.identities.filter((i) => i !== delegate) }));
      await sandboxControls(own.url).reset();
      for (const [method, p] of [
        ['GET', '/v2/markets'],
        ['GET', '/v2/venues'],
        ['GET', '/v2/reservations'],
        ['POST', '/v2/holds'],
        ['GET', '/v2/entities'],
        ['POST', '/v2/entities'],
      ]) {
        const answer = await fetch(`${own.url}${p}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: method === 'POST' ? '{}' : undefined,
        });
        expect(answer.status, `${method} ${p}`).toBe(404);
        expect(((await answer.json()) as Json).detail).toBe('The calling identity cannot be resolved.');
        for (const h of RATE_HEADERS) expect(answer.headers.get(h), `${method} ${p} ${h}`).not.toBeNull();
      }
    } finally {
      await own.close();
    }
  });
});

describe('"Rate-limit headers on every response" (Rate limits)', () => {
  it("carries them on a suspended identity's 403, which is counted", async () => {
    await sandboxControls(sandbox.url).suspend(DEMO_PARTNER.identityId);
    const first = await request(partner, 'GET', '/v2/entities');
    const second = await request(partner, 'GET', '/v2/entities');
    expect([first.status, second.status]).toEqual([403, 403]);
    for (const h of RATE_HEADERS) expect(second.headers.get(h), h).not.toBeNull();
    expect(Number(second.headers.get('x-ratelimit-remaining'))).toBe(
      Number(first.headers.get('x-ratelimit-remaining')) - 1,
    );
  });

  it('carries them on a 400, a 404 of an unknown /v2 route, a 422 and a 429', async () => {
    expect((await request(partner, 'GET', '/v2/venues/not-a-uuid')).headers.get('x-ratelimit-limit')).toBe('1000');
    expect((await request(partner, 'GET', '/v2/nowhere')).headers.get('x-ratelimit-limit')).toBe('1000');
    expect(
      (
        await request(partner, 'PUT', '/v2/commitments', {
          data: [{ id: '00000000-0000-4000-8000-000000000000', entity_seats: 1 }],
        })
      ).headers.get('x-ratelimit-limit'),
    ).toBe('1000');
    await sandboxControls(sandbox.url).setFaults({ rate_limit_storm: true });
    const limited = await request(partner, 'GET', '/v2/entities');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(limited.headers.get('retry-after')).not.toBeNull();
  });
});

describe('"Timestamps are ISO 8601 UTC strings" compared as instants (created_at filters)', () => {
  it('finds a reservation created at …T10:00:00Z with created_at[lte]=…T10:00:00.000Z and created_at=…T10:00:00.000Z', async () => {
    const list = await request(partner, 'GET', '/v2/reservations?sort=-created_at&limit=1');
    const r = (list.body.data as { id: string; created_at: string }[])[0]!;
    expect(r.created_at).toMatch(/:\d\dZ$/);
    const withMillis = r.created_at.replace(/Z$/, '.000Z');
    const ids = async (q: string) => {
      const res = await request(partner, 'GET', `/v2/reservations?${q}&sort=-created_at&limit=100`);
      expect(res.status, q).toBe(200);
      return (res.body.data as { id: string }[]).map((x) => x.id);
    };
    expect(await ids(`created_at[lte]=${withMillis}`)).toContain(r.id);
    expect(await ids(`created_at=${withMillis}`)).toContain(r.id);
    expect(await ids(`created_at[gte]=${withMillis}`)).toContain(r.id);
    expect(await ids(`created_at[in]=${withMillis}`)).toContain(r.id);
    expect(await ids(`created_at[gte]=${r.created_at.replace(/Z$/, '.001Z')}`)).not.toContain(r.id);
    expect(await ids(`created_at[neq]=${withMillis}`)).not.toContain(r.id);
  });
});

describe('seating_area: "null when not assigned, including when the venue has seating areas but the allocation is not scoped to one"', () => {
  it('answers null for an every-day block not scoped to an area, and the area for one scoped to it', async () => {
    const { world } = sandbox.state;
    const venue = [...world.data.venues.values()].find((v) => v.seating_areas.length)!;
    const entity = world.data.entities.get(DIRECT.id)!;
    const block = [...world.data.commitments.values()].find(
      (c) => c.venue_id === venue.id && c.days_of_week.length === 7 && isEligible(world, entity, c),
    )!;
    expect(block).toBeDefined();
    const date = new Date(world.now().getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
    const options = async () => {
      const res = await request(partner, 'GET', `/v2/availability?venue_id=${venue.id}&date=${date}&party_size=2`);
      expect(res.status).toBe(200);
      return (res.body.data as { commitment_id: string; seating_area: unknown; time: string }[]).filter(
        (o) => o.commitment_id === block.id,
      );
    };
    world.put('commitments', block.id, { ...block, seating_area_id: null });
    const unscoped = await options();
    expect(unscoped.length).toBeGreaterThan(0);
    expect(unscoped.map((o) => o.seating_area)).toEqual(unscoped.map(() => null));
    const hold = await request(partner, 'POST', '/v2/holds', {
      venue_id: venue.id,
      date,
      time: unscoped[0]!.time,
      party_size: 2,
    });
    expect(hold.status).toBe(201);
    expect(hold.body.seating_area_id).toBeNull();

    const area = venue.seating_areas.at(-1)!;
    world.put('commitments', block.id, { ...block, seating_area_id: area.id });
    expect((await options())[0]!.seating_area).toEqual(area);
  });
});

describe('"A list response is { "data": [...], "pagination": ... }" (Conventions)', () => {
  it('pages GET /v2/availability with page and limit', async () => {
    const { world } = sandbox.state;
    const venue = [...world.data.venues.values()][0]!;
    const date = new Date(world.now().getTime() + 7 * 86_400_000).toISOString().slice(0, 10);
    const all = await request(
      partner,
      'GET',
      `/v2/availability?venue_id=${venue.id}&date=${date}&party_size=2&limit=100`,
    );
    expect(all.status).toBe(200);
    const total = (all.body.data as unknown[]).length;
    expect(total).toBeGreaterThan(1);
    expect(all.body.pagination).toEqual({ current_page: 1, total_pages: 1, total_items: total, items_per_page: 100 });
    const second = await request(
      partner,
      'GET',
      `/v2/availability?venue_id=${venue.id}&date=${date}&party_size=2&limit=1&page=2`,
    );
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual([(all.body.data as unknown[])[1]]);
    expect(second.body.pagination).toEqual({
      current_page: 2,
      total_pages: total,
      total_items: total,
      items_per_page: 1,
    });
    expect(
      (await request(partner, 'GET', `/v2/availability?venue_id=${venue.id}&date=${date}&party_size=2&limit=0`)).status,
    ).toBe(400);
  });
});

describe('"A delegated identity accesses only its own entity or entities and has no commitments:update" (Identities)', () => {
  it('refuses a seed file granting a delegate commitments:update, naming the path', () => {
    const dir = mkdtempSync(path.join(seedRoot, 'seed-'));
    const file = path.join(dir, 'world.json');
    const seed = JSON.parse(readFileSync(path.join(import.meta.dirname, 'seed/example.seed.json'), 'utf8')) as {
      identities: { type: string; scopes: string[] }[];
    };
    const i = seed.identities.findIndex((x) => x.type === 'delegate');
    seed.identities[i]!.scopes.push('commitments:update');
    writeFileSync(file, JSON.stringify(seed));
    expect(() => readSeedFile(file)).toThrow(SeedFileError);
    expect(() => readSeedFile(file)).toThrow(
      new RegExp(
        `identities\\[${i}\\]\\.scopes\\[${seed.identities[i]!.scopes.length - 1}\\]: commitments:update cannot be granted to a delegate`,
      ),
    );
  });

  it("refuses a delegate's PUT /v2/commitments whatever its token says, and changes no seat", async () => {
    const d = DEMO_DELEGATES.find((x) =>
      sandbox.state.world.data.credentials.get(x.clientId)!.scopes.includes('commitments:read'),
    )!;
    const { world, signer } = sandbox.state;
    const now = Math.floor(world.now().getTime() / 1000);
    // A token granting the scope, as stored credentials from an older world might have issued.
    const token = await signer.sign(
      { scope: 'commitments:read commitments:update', gty: 'client-credentials', azp: d.clientId },
      {
        issuer: sandbox.url,
        audience: `${sandbox.url}/`,
        subject: `${d.clientId}@clients`,
        issuedAt: now,
        expiresAt: now + 3600,
      },
    );
    const rows = (await request(token, 'GET', '/v2/commitments')).body.data as { id: string; entity_seats: number }[];
    expect(rows.length).toBeGreaterThan(0);
    const before = JSON.stringify([...world.data.allocations]);
    const put = await request(token, 'PUT', '/v2/commitments', {
      data: rows.map((r) => ({ id: r.id, entity_seats: 0 })),
    });
    expect(put.status).toBe(403);
    expect(put.body.detail).toMatch(/delegated identity has no commitments:update/);
    expect(JSON.stringify([...world.data.allocations])).toBe(before);

    // Stored credentials that grant it anyway: the token service leaves the scope out.
    world.data.credentials.get(d.clientId)!.scopes.push('commitments:update');
    const issued = await accessToken(sandbox, { client_id: d.clientId, client_secret: d.clientSecret });
    const claims = JSON.parse(Buffer.from(issued.split('.')[1]!, 'base64url').toString()) as { scope: string };
    expect(claims.scope.split(' ')).not.toContain('commitments:update');
  });
});

describe('Entity "default_program_id | uuid" (never null)', () => {
  it('gives an entity created without one a program, and keeps it when PUT programs drops it', async () => {
    const created = await request(partner, 'POST', '/v2/entities', { name: 'No Default Café' });
    expect(created.status).toBe(201);
    const entity = created.body.data as { id: string; default_program_id: string | null };
    expect(entity.default_program_id).toMatch(/^[0-9a-f-]{36}$/);
    const direct = sandbox.state.world.data.entities.get(DIRECT.id)!;
    expect(entity.default_program_id).toBe(direct.default_program_id);

    const listed = await request(partner, 'POST', '/v2/entities', {
      name: 'Listed Café',
      programs: [{ program_id: direct.programs.at(-1)!.program_id, unallocated_seat_access: false }],
    });
    expect((listed.body.data as { default_program_id: string }).default_program_id).toBe(
      direct.programs.at(-1)!.program_id,
    );

    const other = [...sandbox.state.world.data.programs.keys()].find((id) => id !== entity.default_program_id)!;
    const put = await request(partner, 'PUT', `/v2/entities/${entity.id}/programs`, {
      data: [{ program_id: other, unallocated_seat_access: true }],
    });
    expect(put.status).toBe(200);
    expect((put.body.data as { default_program_id: string }).default_program_id).toBe(entity.default_program_id);
    const emptied = await request(partner, 'PUT', `/v2/entities/${entity.id}/programs`, { data: [] });
    expect((emptied.body.data as { default_program_id: string }).default_program_id).toBe(entity.default_program_id);
  });

  it('documents the rule in the OpenAPI document', async () => {
    const doc = (await (await fetch(`${sandbox.url}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { description?: string }>>;
    };
    expect(doc.paths['/v2/entities']!.post!.description).toMatch(/default_program_id/);
    expect(doc.paths['/v2/entities/{id}/programs']!.put!.description).toMatch(/default_program_id/);
  });
});
