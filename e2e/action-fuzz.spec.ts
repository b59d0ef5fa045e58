import fc from 'fast-check';

import { DEMO_PARTNER } from '../lib/sandbox/seed/demo';
import { ACTIONS, buildActions, READS, readUrl } from './action-list';
import { DASHBOARD_URL, STORAGE } from './env';
import { sandboxRequestMark, sandboxRequestsSince } from './sandbox';
import { postAction } from './server-actions';
import { expect, test } from './test';

/*
 * Property-based fuzzing of every server action's input, posted over HTTP as the browser would,
 * by an admin (so no role check stands in front of validation): whatever arrives, the answer is
 * a refusal that names what is wrong, never a 5xx, and nothing is written to the API.
 */

test.use({ storageState: STORAGE.admin });

const RUNS_PER_ACTION = 30;

/** Values no field of any action accepts: the wrong shape, or far too long. */
const BAD_LEAF = fc.constantFrom<unknown>(
  { nested: { deeper: 1 } },
  [['x']],
  'x'.repeat(200_000),
  ' '.repeat(50_000) + 'π',
);

/** Paths to every primitive value inside a well-formed input. */
function leafPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => leafPaths(v, [...at, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...at, k]));
  return at.length ? [at] : [];
}

function replaceAt(value: unknown, path: (string | number)[], leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = replaceAt(copy[head!], rest, leaf);
  return copy;
}

/**
 * The browser's encoding of server action arguments (React's reply format): a string starting
 * with "$" is escaped as "$$", so that it is read back as that string and not as a reference.
 */
function encodeReply(value: unknown): unknown {
  if (typeof value === 'string') return value.startsWith('$') ? `$${value}` : value;
  if (Array.isArray(value)) return value.map(encodeReply);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encodeReply(v)]));
  return value;
}

/** One malformed input for an action, and the field its refusal must name (null: the input as a whole). */
function malformed(valid: unknown): fc.Arbitrary<{ input: unknown; names: string | null }> {
  const paths = leafPaths(valid);
  return fc.oneof(
    // one field of a well-formed input made malformed (an action without fields has none)
    ...(paths.length
      ? [
          fc
            .tuple(fc.constantFrom(...paths), BAD_LEAF)
            .map(([path, leaf]) => ({ input: replaceAt(valid, path, leaf), names: path.join('.') })),
        ]
      : []),
    // a well-formed input with a field no schema has
    fc
      .string({ minLength: 1, maxLength: 20 })
      .filter((k) => !(valid && typeof valid === 'object' && k in valid))
      .map((k) => ({ input: { ...(valid as object), [k]: 1 }, names: null })),
    // anything at all in place of the input (but the well-formed input itself: `{}` for an action without fields)
    fc
      .anything({ maxDepth: 3, withNullPrototype: false })
      .filter((input) => JSON.stringify(input) !== JSON.stringify(valid))
      .map((input) => ({ input, names: null })),
  );
}

test('every server action refuses malformed input by name: never a 5xx, never a write to the API', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const actions = buildActions();
  expect(actions.length).toBe(Object.keys(ACTIONS).length);
  const mark = await sandboxRequestMark(request);
  let calls = 0;
  for (const action of actions) {
    const row = ACTIONS[action.key]!;
    await fc.assert(
      fc.asyncProperty(malformed(row.input()), async ({ input, names }) => {
        const res = await postAction(page.request, `${DASHBOARD_URL}${action.path}`, action.id, [encodeReply(input)]);
        calls++;
        const body = await res.text();
        expect(
          res.status(),
          `${action.key} ← ${String(JSON.stringify(input)).slice(0, 200)}: ${body.slice(0, 300)}`,
        ).toBeLessThan(500);
        expect(body, action.key).toContain('"ok":false');
        expect(body, action.key).toContain('Check the input');
        if (names) expect(body, `${action.key}: the refusal names ${names}`).toContain(`${names}:`);
      }),
      { numRuns: RUNS_PER_ACTION, seed: 20261123, endOnFailure: true },
    );
  }
  expect(calls).toBeGreaterThanOrEqual(actions.length * RUNS_PER_ACTION);
  const writes = (await sandboxRequestsSince(request, mark)).filter(
    (r) => r.path.startsWith('/v2') && r.method !== 'GET',
  );
  expect(writes).toEqual([]);
});

/** One malformed set of params for a read route, and the field its refusal must name (null: the params as a whole). */
function malformedParams(
  valid: Record<string, string | string[]>,
): fc.Arbitrary<{ params: Record<string, string | string[]>; names: string | null }> {
  const keys = Object.keys(valid);
  const long = 'x'.repeat(5_000);
  return fc.oneof(
    ...(keys.length
      ? [
          // one param far too long (a list: one item)
          fc.constantFrom(...keys).map((k) => ({
            params: { ...valid, [k]: Array.isArray(valid[k]) ? [long] : long },
            names: Array.isArray(valid[k]) ? `${k}.0` : k,
          })),
          // one param that is not a list given twice
          ...(keys.some((k) => !Array.isArray(valid[k]))
            ? [
                fc
                  .constantFrom(...keys.filter((k) => !Array.isArray(valid[k])))
                  .map((k) => ({ params: { ...valid, [k]: [valid[k] as string, 'again'] }, names: k })),
              ]
            : []),
        ]
      : []),
    // a param no schema has
    fc
      .string({ minLength: 1, maxLength: 20 })
      .filter((k) => !(k in valid) && k !== 'id')
      .map((k) => ({ params: { ...valid, [k]: '1' }, names: null })),
  );
}

test('every read route refuses malformed params by name: never a 5xx, never a write to the API', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const mark = await sandboxRequestMark(request);
  for (const [file, read] of Object.entries(READS)) {
    await fc.assert(
      fc.asyncProperty(malformedParams(read.params(DEMO_PARTNER.defaultEntityId)), async ({ params, names }) => {
        const res = await page.request.get(readUrl(DASHBOARD_URL, file, DEMO_PARTNER.defaultEntityId, params));
        const body = await res.text();
        expect(res.status(), `${file} ← ${JSON.stringify(params).slice(0, 200)}: ${body.slice(0, 300)}`).toBe(422);
        expect(body, file).toContain('"ok":false');
        expect(body, file).toContain('Check the input');
        if (names) expect(body, `${file}: the refusal names ${names}`).toContain(`${names}:`);
      }),
      { numRuns: 15, seed: 20261125, endOnFailure: true },
    );
  }
  const writes = (await sandboxRequestsSince(request, mark)).filter(
    (r) => r.path.startsWith('/v2') && r.method !== 'GET',
  );
  expect(writes).toEqual([]);
});

test('the reservation export refuses malformed searches with a message, never a 5xx', async ({ page }) => {
  const attribute = fc.constantFrom(
    'status',
    'date',
    'created_at',
    'party_size',
    'venue_id',
    'guest_email',
    'nope',
    '',
    'date[',
    '__proto__',
  );
  const modifier = fc.constantFrom('eq', 'ne', 'in', 'nin', 'gt', 'gte', 'lt', 'lte', 'like', 'bogus', '', ']');
  const value = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.constantFrom('2026-13-45', 'not-a-uuid', ',,,', '%', 'x'.repeat(9_000)),
  );
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.tuple(attribute, modifier, value), { minLength: 1, maxLength: 4 }),
      async (conditions) => {
        const query = conditions
          .map(([a, m, v]) => `${encodeURIComponent(`${a}[${m}]`)}=${encodeURIComponent(v)}`)
          .join('&');
        const res = await page.request.get(`${DASHBOARD_URL}/api/reservations/export?${query}`);
        expect(res.status(), query.slice(0, 200)).toBeLessThan(500);
        if (res.status() !== 200)
          expect(((await res.json()) as { error: string }).error.length, query.slice(0, 200)).toBeGreaterThan(10);
        else await res.body();
      },
    ),
    { numRuns: 60, seed: 20261123, endOnFailure: true },
  );
});

test('an oversized or mislabelled logo upload is refused naming the file, and nothing reaches the API', async ({
  page,
  request,
}) => {
  const mark = await sandboxRequestMark(request);
  const url = `${DASHBOARD_URL}/api/entities/${DEMO_PARTNER.defaultEntityId}/logo`;
  const uploads = [
    {
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(9 * 1024 * 1024)]),
    },
    { name: 'script.png', mimeType: 'image/png', buffer: Buffer.from('<script>alert(1)</script>') },
    { name: 'empty.png', mimeType: 'image/png', buffer: Buffer.alloc(0) },
  ];
  for (const file of uploads) {
    const res = await page.request.post(url, { headers: { Origin: DASHBOARD_URL }, multipart: { file } });
    // Over the size limit: 413 before the body is read; the others are read and refused for what they are.
    expect(res.status(), file.name).toBe(file.name === 'huge.png' ? 413 : 422);
    const body = (await res.json()) as { error: string };
    expect(body.error, file.name).toMatch(/file|PNG|MB|empty/i);
  }
  const sent = (await sandboxRequestsSince(request, mark)).filter((r) => r.path.includes('/logo'));
  expect(sent).toEqual([]);
});
