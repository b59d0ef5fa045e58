import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DEMO_PARTNER } from './seed/demo';
import type { RunningSandbox } from './server';
import { accessToken, startTestSandbox } from './testing';

let sandbox: RunningSandbox;
let token: string;
beforeAll(async () => {
  // A small world keeps the state digest taken around every request cheap.
  sandbox = await startTestSandbox({ reservations: 200 });
  // Hundreds of requests in a few seconds: the rate limit is not what is under test here.
  sandbox.state.world.data.credentials.get(DEMO_PARTNER.clientId)!.rate_limit_per_minute = 1_000_000;
  token = await accessToken(sandbox, { organization: 'org_harbour_vine_direct' });
});
afterAll(() => sandbox.close());

/** A digest of everything the sandbox holds (the request log and clock aside). */
function stateDigest(): string {
  const { data } = sandbox.state.world;
  const h = createHash('sha256');
  for (const [name, map] of Object.entries(data)) {
    if (name === 'settings') continue;
    h.update(name);
    for (const [id, record] of map as Map<string, unknown>) h.update(id).update(JSON.stringify(record));
  }
  return h.digest('hex');
}

const junk = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 2_000, maxLength: 5_000 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '2026-13-45',
    'not-a-uuid',
    '00000000-0000-0000-0000-00000000000g',
    'org_',
    '../../etc',
    '<script>',
    '1e309',
    '-1',
    '',
  ),
);
const junkObject = fc.dictionary(
  fc.constantFrom(
    'name',
    'default_locale',
    'default_program_id',
    'programs',
    'data',
    'id',
    'entity_seats',
    'party_size',
    'date',
    'time',
    'guest',
    'hold_id',
    'notes',
    'locale',
    'extra',
  ),
  fc.oneof(junk, fc.array(junk, { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 8 }), junk, { maxKeys: 3 })),
  { maxKeys: 6 },
);

const ENTITY = DEMO_PARTNER.defaultEntityId;
const WRITES: { method: string; path: (id: string) => string }[] = [
  { method: 'POST', path: () => '/v2/entities' },
  { method: 'PATCH', path: (id) => `/v2/entities/${id}` },
  { method: 'PUT', path: (id) => `/v2/entities/${id}/programs` },
  { method: 'PUT', path: () => '/v2/commitments' },
  { method: 'POST', path: () => '/v2/holds' },
  { method: 'POST', path: () => '/v2/reservations' },
  { method: 'PATCH', path: (id) => `/v2/reservations/${id}` },
];

describe('bad input never breaks the sandbox', () => {
  it('malformed bodies and ids: always a 4xx problem naming what is wrong, never a 5xx, nothing changed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WRITES),
        fc.oneof(junkObject, junk),
        fc.oneof(fc.constant(ENTITY), junk.map(String)),
        async (write, body, id) => {
          const before = stateDigest();
          const res = await fetch(`${sandbox.url}${write.path(encodeURIComponent(id))}`, {
            method: write.method,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          const text = await res.text();
          if (res.ok) return; // an input that happens to be valid may change state; only errors are judged
          expect(res.status, text).toBeGreaterThanOrEqual(400);
          expect(res.status, text).toBeLessThan(500);
          const problem = JSON.parse(text) as { detail?: string; status?: number };
          expect(problem.status).toBe(res.status);
          expect(problem.detail?.length).toBeGreaterThan(0);
          expect(stateDigest()).toBe(before);
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);

  it('malformed query strings on every list: 400 naming the parameter or 200, never a 5xx', async () => {
    const lists = [
      '/v2/reservations',
      '/v2/venues',
      '/v2/markets',
      '/v2/entities',
      '/v2/commitments',
      '/v2/identities/me/delegates',
    ];
    const key = fc.oneof(
      fc.constantFrom(
        'status',
        'status[in]',
        'status[]',
        'date[gte]',
        'date[lte]',
        'created_at[lte]',
        'party_size[nin]',
        'venue_id',
        'page',
        'limit',
        'sort',
        'name',
        'market_id',
      ),
      fc.string({ maxLength: 12 }),
      fc.constantFrom('date[between]', 'status[in][eq]', '[gte]', 'x[y]'),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...lists),
        fc.array(fc.tuple(key, junk.map(String)), { maxLength: 4 }),
        async (path, pairs) => {
          const query = new URLSearchParams(pairs).toString();
          const res = await fetch(`${sandbox.url}${path}?${query}`, { headers: { authorization: `Bearer ${token}` } });
          const text = await res.text();
          expect(res.status, `${path}?${query} → ${text.slice(0, 200)}`).toBeLessThan(500);
          if (res.status === 400) expect((JSON.parse(text) as { detail: string }).detail.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 300 },
    );
  }, 120_000);

  it('an oversized or non-multipart logo upload is refused without a change', async () => {
    const before = stateDigest();
    const big = await fetch(`${sandbox.url}/v2/entities/${ENTITY}/logo`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'multipart/form-data; boundary=x',
        'content-length': String(5 * 1024 * 1024),
      },
      body: new Uint8Array(5 * 1024 * 1024),
    });
    expect(big.status).toBe(413);
    const json = await fetch(`${sandbox.url}/v2/entities/${ENTITY}/logo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
    expect(stateDigest()).toBe(before);
  });
});
