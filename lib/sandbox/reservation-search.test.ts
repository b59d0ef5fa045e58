import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { checkCondition, MODIFIERS_BY_TYPE, RESERVATION_FILTERS, type Condition } from '../guestbook/filters';
import { RESERVATION_STATUSES } from '../guestbook/reservation-statuses';
import { uuidFrom } from './ids';
import type { ReservationRecord } from './model';
import { matches } from './query';
import { reservationOrder, searchReservations } from './reservation-search';
import { DEMO_DELEGATES, DEMO_PARTNER, DEMO_PROGRAMS, seedDemoWorld } from './seed/demo';
import type { RunningSandbox } from './server';
import { accessToken, call, startTestSandbox } from './testing';
import { World } from './world';

const TODAY = new Date('2026-06-15T00:00:00Z');
const SORTS = ['date', 'created_at', 'party_size', 'status', 'guest_last_name'] as const;
const ENTITIES = [DEMO_PARTNER.defaultEntityId, DEMO_DELEGATES[0]!.entityId, DEMO_DELEGATES[1]!.entityId];

/** A reservation's value of one attribute, read without the search module. */
function valueOf(r: ReservationRecord, attribute: string): string | number | null {
  if (attribute === 'guest_email') return r.guest.email;
  if (attribute === 'guest_last_name') return r.guest.last_name;
  return r[attribute as keyof ReservationRecord] as string | number | null;
}

const codePoint = (x: string | number, y: string | number) =>
  typeof x === 'number' && typeof y === 'number' ? x - y : x < y ? -1 : x > y ? 1 : 0;

/** The reference: every reservation of the entity tested one by one, sorted from scratch, then sliced. */
function naiveSearch(
  world: World,
  entityId: string,
  conditions: Condition[],
  sort: string,
  descending: boolean,
  paging: { page: number; limit: number },
) {
  const hits = [...world.data.reservations.values()]
    .filter(
      (r) =>
        r.entity_id === entityId &&
        conditions.every((c) => matches(valueOf(r, c.attribute), c, c.attribute.startsWith('guest_'))),
    )
    .sort(
      (a, b) =>
        codePoint(valueOf(a, sort) ?? '', valueOf(b, sort) ?? '') ||
        codePoint(a.date, b.date) ||
        codePoint(a.time, b.time) ||
        codePoint(a.id, b.id),
    );
  if (descending) hits.reverse();
  const first = (paging.page - 1) * paging.limit;
  return { ids: hits.slice(first, first + paging.limit).map((r) => r.id), total: hits.length };
}

const day = (offset: number) => new Date(TODAY.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
/** a venue no seeded reservation uses, so a change can bring a value the column has never seen */
const NEW_VENUE = uuidFrom('venue:pop-up');
const VALUES: Record<string, fc.Arbitrary<string | number | null>> = {
  status: fc.constantFrom(...RESERVATION_STATUSES),
  date: fc.integer({ min: -35, max: 35 }).map(day),
  created_at: fc.integer({ min: -60, max: 30 }).map((d) => `${day(d)}T${String(d & 15).padStart(2, '0')}:30:00Z`),
  venue_id: fc.constantFrom(
    uuidFrom('venue:wharf'),
    uuidFrom('venue:alfama'),
    uuidFrom('venue:born'),
    uuidFrom('venue:tejo'),
    NEW_VENUE,
  ),
  program_id: fc.constantFrom(...DEMO_PROGRAMS.map((p) => p.id), null),
  party_size: fc.integer({ min: 0, max: 8 }),
  locale: fc.constantFrom('en-GB', 'en-US', 'fr-FR', 'pt-PT', 'sv-SE', 'de-DE'),
  guest_email: fc.constantFrom('amelia.hughes0@example.com', 'noah.silva1@example.com', 'nobody@example.com'),
  guest_last_name: fc.constantFrom('Silva', 'silva', 'MÜLLER', 'Müller', 'García', 'Nobody'),
};

const condition: fc.Arbitrary<Condition | null> = fc
  .constantFrom(...Object.keys(RESERVATION_FILTERS))
  .chain((attribute) => {
    const type = RESERVATION_FILTERS[attribute as keyof typeof RESERVATION_FILTERS].type;
    const value = VALUES[attribute]!.filter((v) => v !== null) as fc.Arbitrary<string | number>;
    return fc.constantFrom(...MODIFIERS_BY_TYPE[type]).chain((modifier) =>
      (modifier === 'in' || modifier === 'nin' ? fc.array(value, { minLength: 1, maxLength: 3 }) : value).map((v) => {
        try {
          // Canonical values, as the route's parser hands them over.
          return checkCondition({ attribute, modifier, value: v }, RESERVATION_FILTERS);
        } catch {
          return null;
        }
      }),
    );
  });

const query = fc.record({
  entity: fc.constantFrom(...ENTITIES),
  conditions: fc
    .uniqueArray(condition, { maxLength: 3, selector: (c) => (c ? `${c.attribute}[${c.modifier}]` : '') })
    .map((cs) => cs.filter((c): c is Condition => !!c)),
  sort: fc.constantFrom(...SORTS),
  descending: fc.boolean(),
  page: fc.integer({ min: 1, max: 6 }),
  limit: fc.integer({ min: 1, max: 40 }),
});

const patch = fc.record(
  {
    status: VALUES.status!,
    date: VALUES.date!,
    time: fc.constantFrom('12:00', '18:30', '21:00'),
    venue_id: VALUES.venue_id!,
    program_id: VALUES.program_id!,
    party_size: fc.integer({ min: 1, max: 8 }),
    locale: VALUES.locale!,
    notes: fc.constantFrom('Window table please', null),
  },
  { requiredKeys: [] },
);

const change = fc.oneof(
  fc.record({ kind: fc.constant('update' as const), pick: fc.nat(), patch }),
  fc.record({
    kind: fc.constant('create' as const),
    pick: fc.nat(),
    entity: fc.constantFrom(...ENTITIES),
    patch,
    seq: fc.nat(),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
);
type Change = typeof change extends fc.Arbitrary<infer C> ? C : never;
/** many changes before the next search, as a clock advance sending reminders makes */
const batch = fc.array(change, { minLength: 30, maxLength: 80 });

function apply(world: World, step: Change): void {
  const searched = ENTITIES.flatMap((e) => [...world.reservationsOf(e)]);
  const r = searched[step.pick % searched.length]!;
  if (step.kind === 'delete') world.remove('reservations', r.id);
  else if (step.kind === 'update')
    world.put('reservations', r.id, { ...r, ...step.patch, guest: { ...r.guest } } as ReservationRecord);
  else {
    const id = uuidFrom(`reservation:new:${step.seq}`);
    world.put('reservations', id, {
      ...r,
      ...step.patch,
      id,
      entity_id: step.entity,
      guest: { ...r.guest, last_name: 'Nobody' },
    } as ReservationRecord);
  }
}

describe('reservation search', () => {
  it('answers exactly as a naive filter, sort and slice, for any filters, sort and page, through any changes', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(query, change, batch), { minLength: 1, maxLength: 12 }), (steps) => {
        const world = new World(seedDemoWorld({ reservations: 300, today: TODAY }));
        for (const step of steps) {
          if (Array.isArray(step)) step.forEach((c) => apply(world, c));
          if (Array.isArray(step) || 'kind' in step) continue;
          const paging = { page: step.page, limit: step.limit };
          const sorted = world.reservationsSorted(step.entity, step.sort, reservationOrder(step.sort));
          const fast = searchReservations(sorted, step.conditions, step.sort, step.descending, paging);
          expect({ ids: fast.rows.map((r) => r.id), total: fast.total }).toEqual(
            naiveSearch(world, step.entity, step.conditions, step.sort, step.descending, paging),
          );
          // The whole list too, so a record kept one place off is caught wherever it is.
          const everything = { page: 1, limit: 10_000 };
          const whole = searchReservations(sorted, [], step.sort, false, everything);
          expect(whole.rows.map((r) => r.id)).toEqual(
            naiveSearch(world, step.entity, [], step.sort, false, everything).ids,
          );
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('GET /v2/reservations after a change', () => {
  let sandbox: RunningSandbox;
  let token: string;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ reservations: 2_000 });
    token = await accessToken(sandbox, { organization: 'org_harbour_vine_direct' });
  });
  afterAll(() => sandbox.close());

  type Page = { data: { id: string; status: string; date: string }[]; pagination: { total_items: number } };
  const search = async (query: string): Promise<Page> => {
    const res = await call(sandbox, token, `/v2/reservations?limit=100&${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Page;
  };
  const send = async (method: string, path: string, body?: unknown) => {
    const res = await call(sandbox, token, path, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as { id: string; data: { id: string; date: string; created_at: string } },
    };
  };

  it('shows a created, moved, canceled and deleted reservation in the very next search', async () => {
    const email = 'first.search@example.com';
    const everyone = async () => (await search('sort=-date')).pagination.total_items;
    const mine = (query: string) => search(`guest_email=${email}&${query}`);
    // The sorted lists exist before the changes, so what follows tests their upkeep.
    const before = await everyone();
    expect((await mine('sort=-created_at')).data).toEqual([]);

    const venues = ((await (await call(sandbox, token, '/v2/venues?limit=100')).json()) as { data: { id: string }[] })
      .data;
    let created: { id: string; date: string; created_at: string } | undefined;
    for (let d = 1; d <= 14 && !created; d++) {
      for (const v of venues) {
        const options = (
          (await (
            await call(sandbox, token, `/v2/availability?venue_id=${v.id}&date=${day(d)}&party_size=2`)
          ).json()) as { data: { date: string; time: string }[] }
        ).data;
        if (!options.length) continue;
        const hold = await send('POST', '/v2/holds', {
          venue_id: v.id,
          date: options[0]!.date,
          time: options[0]!.time,
          party_size: 2,
        });
        created = (
          await send('POST', '/v2/reservations', {
            hold_id: hold.body.id,
            guest: { first_name: 'First', last_name: 'Search', email },
          })
        ).body.data;
        break;
      }
    }
    expect(created).toBeDefined();
    const id = created!.id;
    expect(await everyone()).toBe(before + 1);
    expect((await search(`sort=-created_at&created_at=${created!.created_at}`)).data.map((r) => r.id)).toContain(id);
    expect((await mine(`status=confirmed&date=${created!.date}&sort=-date`)).data.map((r) => r.id)).toEqual([id]);

    const later = new Date(Date.parse(`${created!.date}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    const moved = await send('PATCH', `/v2/reservations/${id}`, { date: later });
    expect(moved.status).toBe(200);
    expect((await mine(`date=${created!.date}&sort=-date`)).data).toEqual([]);
    expect((await mine(`date[gte]=${later}&sort=date`)).data.map((r) => [r.id, r.date])).toEqual([[id, later]]);

    expect((await send('POST', `/v2/reservations/${id}/cancel`)).status).toBe(200);
    expect((await mine('status[in]=confirmed,pending&sort=-date')).data).toEqual([]);
    expect((await mine('status=canceled&sort=status')).data.map((r) => [r.id, r.status])).toEqual([[id, 'canceled']]);

    sandbox.state.world.remove('reservations', id);
    sandbox.state.world.takeChanges();
    expect((await mine('sort=-date')).pagination.total_items).toBe(0);
    expect((await mine('sort=status')).pagination.total_items).toBe(0);
    expect(await everyone()).toBe(before);
  });
});
