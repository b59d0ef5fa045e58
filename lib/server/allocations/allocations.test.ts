import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import type { GuestbookClient } from '../../guestbook';
import type { CommitmentRow, Entity } from '../../guestbook/schemas';
import { sandboxControls } from '../../sandbox/control-client';
import { DEMO_PARTNER } from '../../sandbox/seed/demo';
import type { RunningSandbox } from '../../sandbox/server';
import { partnerClient, startTestSandbox } from '../../sandbox/testing';
import { openMemoryDb } from '../db/memory-db.fixture';
import type { OpenedDb } from '../db/open';

vi.mock('server-only', () => ({}));
const api: { client?: GuestbookClient } = {};
vi.mock('../api/guestbook', () => ({ getApiClient: () => api.client! }));

// The entity list and the grid's rows are read from the dashboard's copy of the directory, in a database of the test's own.
const copy: { db?: OpenedDb } = {};
vi.mock('../db', () => ({ getDb: async () => copy.db!.db }));

// The venue names (read in the selected entity's context, from the request's cookies) do not matter here.
vi.mock('../directory/directory', () => ({
  firstPagesOf: async () => [],
  listVenues: async () => ({ items: [], totalPages: 1 }),
}));

// A test may hold the next revision of the copies until it lets it go, or have the next read of
// one entity's copy of the commitments answer rows read before.
const copies: {
  holdNext?: { reached: () => void; until: Promise<void> };
  readBefore?: { entityId: string; rows: CommitmentRow[] };
} = {};
vi.mock('../directory', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../directory')>();
  return {
    ...actual,
    reviseStoredCopies: async (...args: Parameters<typeof actual.reviseStoredCopies>) => {
      const hold = copies.holdNext;
      copies.holdNext = undefined;
      if (hold) {
        hold.reached();
        await hold.until;
      }
      return actual.reviseStoredCopies(...args);
    },
    readCopy: async <T>(...args: Parameters<typeof actual.readCopy>): Promise<T[]> => {
      const [resource, entity] = args;
      const before = copies.readBefore;
      if (before && resource === 'commitments' && entity?.id === before.entityId) {
        copies.readBefore = undefined;
        return before.rows as T[];
      }
      return actual.readCopy<T>(...args);
    },
  };
});

const { AllocationError, applyChanges, loadAllocationData, restoreSets } = await import('./allocations');

let sandbox: RunningSandbox;
let entities: Entity[];

beforeAll(async () => {
  sandbox = await startTestSandbox();
  api.client = partnerClient(sandbox.url);
  copy.db = await openMemoryDb();
  entities = (await api.client.listEntities({ limit: 100 })).data;
}, 60_000);
afterAll(async () => {
  await copy.db?.close();
  await sandbox.close();
});

const rowsOf = async (e: Entity): Promise<CommitmentRow[]> =>
  (await api.client!.asEntity(e).listCommitments({ status: ['assigned', 'unassigned'], limit: 100 })).data;

/** Each entity's seats and peers' seats on one commitment, as the grid's data shows them. */
const seatsOn = (data: Awaited<ReturnType<typeof loadAllocationData>>, commitmentId: string) =>
  Object.fromEntries(
    Object.entries(data.rowsByEntity).flatMap(([id, rows]) =>
      rows
        .filter((r) => r.id === commitmentId)
        .map((r) => [id, { entity_seats: r.entity_seats, peer_seats: r.peer_seats }]),
    ),
  );

/** The same as seatsOn, for the entities `ids`, as the API holds it now. */
const apiSeatsOn = async (ids: string[], commitmentId: string) =>
  Object.fromEntries(
    await Promise.all(
      ids.map(async (id) => {
        const r = (await rowsOf(entities.find((e) => e.id === id)!)).find((x) => x.id === commitmentId)!;
        return [id, { entity_seats: r.entity_seats, peer_seats: r.peer_seats }] as const;
      }),
    ),
  );

/** The sandbox's request log, through its controls' client. */
const sandboxRequests = () => sandboxControls(sandbox.url, { token: sandbox.controlToken }).requests();

/** How many reads of GET /v2/commitments the sandbox has answered. */
const commitmentReads = async () => (await sandboxRequests()).filter((r) => r.path === '/v2/commitments').length;

/** The default brand, one of its assigned rows with at least `seats` seats, and the grid's scope of that row's venue. */
async function defaultBrandRow(seats: number) {
  const direct = entities.find((e) => e.id === DEMO_PARTNER.defaultEntityId)!;
  const mine = await rowsOf(direct);
  const row = mine.find((r) => r.assignment_status === 'assigned' && (r.entity_seats ?? 0) >= seats)!;
  return { direct, mine, row, scope: { venue: row.venue_id!, program: null } };
}

describe('applyChanges under concurrent use', () => {
  it('keeps both of two applies that change different cells of one entity at the same time', async () => {
    let found: { entity: Entity; rows: CommitmentRow[] } | undefined;
    for (const e of entities) {
      const rows = (await rowsOf(e).catch(() => [])).filter(
        (r) => r.assignment_status === 'assigned' && (r.entity_seats ?? 0) >= 1,
      );
      if (rows.length >= 2) found = { entity: e, rows };
      if (found) break;
    }
    const { entity, rows } = found!;
    const [a, b] = rows as [CommitmentRow, CommitmentRow];
    const change = (r: CommitmentRow) => [
      { commitmentId: r.id, entityId: entity.id, before: r.entity_seats!, after: r.entity_seats! - 1 },
    ];

    const outcomes = await Promise.all([applyChanges(change(a)), applyChanges(change(b))]);

    // decreases only: phase 1 sets the final values, and phase 2 sends nothing more
    expect(outcomes.map((o) => o.status === 'applied' && o.requests)).toEqual([1, 1]);
    const after = await rowsOf(entity);
    expect(after.find((r) => r.id === a.id)!.entity_seats).toBe(a.entity_seats! - 1);
    expect(after.find((r) => r.id === b.id)!.entity_seats).toBe(b.entity_seats! - 1);
  });

  it('refuses the second of two increases that each fit a commitment alone but not together, sending nothing for it', async () => {
    const views = new Map<string, { entity: Entity; row: CommitmentRow }[]>();
    for (const e of entities)
      for (const row of await rowsOf(e).catch(() => []))
        views.set(row.id, [...(views.get(row.id) ?? []), { entity: e, row }]);
    const [, [x, y]] = [...views].find(([, v]) => v.length >= 2 && v[0]!.row.unallocated_seats >= 1) as [
      string,
      [{ entity: Entity; row: CommitmentRow }, { entity: Entity; row: CommitmentRow }],
    ];
    const free = x.row.unallocated_seats;
    const take = (v: typeof x) => [
      {
        commitmentId: v.row.id,
        entityId: v.entity.id,
        before: v.row.entity_seats ?? 0,
        after: (v.row.entity_seats ?? 0) + free,
      },
    ];

    const outcomes = await Promise.allSettled([applyChanges(take(x)), applyChanges(take(y))]);

    const applied = outcomes.filter((o) => o.status === 'fulfilled' && o.value.status === 'applied');
    const refused = outcomes.filter((o) => o.status === 'rejected');
    expect(applied).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(AllocationError);
    const row = (await rowsOf(x.entity)).find((r) => r.id === x.row.id)!;
    expect(row.unallocated_seats).toBe(0);
  });
});

describe("the copies of a venue's rows", () => {
  it('show an apply at once, for the entity that changed and for the others on the commitment', async () => {
    const { direct, row, scope } = await defaultBrandRow(1);
    const before = await loadAllocationData(scope);
    expect(
      Object.values(before.rowsByEntity)
        .flat()
        .every((r) => r.venue_id === scope.venue),
    ).toBe(true);

    const readsBeforeApply = await commitmentReads();
    const outcome = await applyChanges([
      { commitmentId: row.id, entityId: direct.id, before: row.entity_seats!, after: row.entity_seats! - 1 },
    ]);
    expect(outcome.status).toBe('applied');
    // The apply reads the entity it changes once, under its lock, before the PUT; no entity's
    // commitments after it: the copies move the seat by the seat equation.
    expect(entities.length).toBeGreaterThan(3);
    expect(await commitmentReads()).toBeLessThanOrEqual(readsBeforeApply + 2);

    const readsBefore = await commitmentReads();
    const served = seatsOn(await loadAllocationData(scope), row.id);
    expect(await commitmentReads()).toBe(readsBefore); // the copies, revised by the apply, not the API
    expect(served[direct.id]).toEqual({ entity_seats: row.entity_seats! - 1, peer_seats: row.peer_seats });
    expect(served).toEqual(await apiSeatsOn(Object.keys(served), row.id));
    expect(Object.keys(served).length).toBeGreaterThan(1);
  });
});

describe('a grid read across an apply', () => {
  it("reads the entities' copies once more when they disagree, and shows no row read-only", async () => {
    const { direct, row, scope } = await defaultBrandRow(1);
    const loaded = await loadAllocationData(scope);
    const other = Object.keys(seatsOn(loaded, row.id)).find((id) => id !== direct.id)!;
    expect(other).toBeDefined();

    await applyChanges([
      { commitmentId: row.id, entityId: direct.id, before: row.entity_seats!, after: row.entity_seats! - 1 },
    ]);
    // The other entity's copy as read just before the apply's revision, the direct's after it.
    copies.readBefore = { entityId: other, rows: loaded.rowsByEntity[other]! };
    const data = await loadAllocationData(scope);

    expect(copies.readBefore).toBeUndefined();
    const shown = data.grid.find((r) => r.commitmentId === row.id)!;
    expect(shown.inconsistent).toBeNull();
    expect(shown.cells[direct.id]!.seats).toBe(row.entity_seats! - 1);
    expect(seatsOn(data, row.id)).toEqual(await apiSeatsOn(Object.keys(seatsOn(data, row.id)), row.id));
  });
});

describe('two applies on one commitment, one after the other', () => {
  it("leave the copies at the second's seats when the first's revision of them is slow", async () => {
    const { direct, row, scope } = await defaultBrandRow(2);
    await loadAllocationData(scope);
    const seats = row.entity_seats!;
    const puts = async () => (await sandboxRequests()).filter((r) => r.method === 'PUT').length;

    // The first apply's revision of the copies waits until the second apply has sent its PUT and
    // could have revised them too (it answers, or 500 ms pass), or 1 s should the second wait for
    // the first (as it does: the revision is made under the apply lock).
    let reached!: () => void;
    let letGo!: () => void;
    const revising = new Promise<void>((resolve) => (reached = resolve));
    copies.holdNext = { reached, until: new Promise<void>((resolve) => (letGo = resolve)) };
    const first = applyChanges([{ commitmentId: row.id, entityId: direct.id, before: seats, after: seats - 1 }]);
    await revising;
    const putsBefore = await puts();
    const second = applyChanges([{ commitmentId: row.id, entityId: direct.id, before: seats - 1, after: seats - 2 }]);
    for (let i = 0; i < 100 && (await puts()) === putsBefore; i++) await new Promise((r) => setTimeout(r, 10));
    if ((await puts()) > putsBefore) await Promise.race([second, new Promise((r) => setTimeout(r, 500))]);
    letGo();

    expect((await Promise.all([first, second])).map((o) => o.status)).toEqual(['applied', 'applied']);
    const held = await apiSeatsOn([direct.id], row.id);
    expect(held[direct.id]!.entity_seats).toBe(seats - 2);
    expect(seatsOn(await loadAllocationData(scope), row.id)[direct.id]).toEqual(held[direct.id]);
  });
});

describe('a conflict', () => {
  it("brings the copies to what the API holds, for the entity and the others, from the apply's one re-read", async () => {
    const { direct, mine, row, scope } = await defaultBrandRow(2);
    const loaded = await loadAllocationData(scope);
    expect(Object.keys(seatsOn(loaded, row.id)).length).toBeGreaterThan(1);

    // A seat given up outside the console (through the API directly), after the grid loaded.
    await api.client!.asEntity(direct).putCommitments({
      data: mine
        .filter((r) => r.assignment_status === 'assigned')
        .map((r) => ({ id: r.id, entity_seats: r.id === row.id ? r.entity_seats! - 1 : r.entity_seats! })),
    });
    const readsBefore = await commitmentReads();
    const outcome = await applyChanges([
      { commitmentId: row.id, entityId: direct.id, before: row.entity_seats!, after: row.entity_seats! + 1 },
    ]);
    expect(outcome).toMatchObject({
      status: 'conflict',
      conflicts: [{ loaded: row.entity_seats, theirs: row.entity_seats! - 1 }],
    });
    // The touched entity read once, under the lock; no other entity's commitments.
    expect(await commitmentReads()).toBe(readsBefore + 1);

    const held = await apiSeatsOn(Object.keys(seatsOn(loaded, row.id)), row.id);
    expect(held[direct.id]).toEqual({ entity_seats: row.entity_seats! - 1, peer_seats: row.peer_seats });
    const readsServed = await commitmentReads();
    expect(seatsOn(await loadAllocationData(scope), row.id)).toEqual(held);
    expect(await commitmentReads()).toBe(readsServed); // the copies, not the API
  });
});

describe('restoreSets is bounded by the grid', () => {
  it('refuses more sets than the grid has entities, and an entity listed twice, before reading anything', async () => {
    const before = await commitmentReads();
    const many = Array.from({ length: 500 }, () => ({ entityId: DEMO_PARTNER.defaultEntityId, data: [] }));
    await expect(restoreSets(many)).rejects.toThrow(
      `The restore lists seats for 500 brands and channels; the grid has ${entities.length} brands and channels.`,
    );
    const twice = [entities[0]!, entities[1]!, entities[0]!].map((e) => ({ entityId: e.id, data: [] }));
    await expect(restoreSets(twice)).rejects.toThrow(`The restore lists ${entities[0]!.id} more than once.`);
    expect(await commitmentReads()).toBe(before);
  });

  it("refuses a commitment listed twice, or one not on the entity's grid, and writes nothing", async () => {
    const direct = entities.find((e) => e.id === DEMO_PARTNER.defaultEntityId)!;
    const row = (await rowsOf(direct)).find((r) => r.assignment_status === 'assigned')!;
    const twice = [
      {
        entityId: direct.id,
        data: [
          { id: row.id, entity_seats: 0 },
          { id: row.id, entity_seats: 1 },
        ],
      },
    ];
    await expect(restoreSets(twice)).rejects.toThrow(
      `The restore lists commitment ${row.id} more than once for ${direct.name}.`,
    );
    const foreign = '5f0c2a31-7d4e-4b8a-9c61-2e3f4a5b6c7d';
    const unknown = [{ entityId: direct.id, data: [{ id: foreign, entity_seats: 3 }] }];
    await expect(restoreSets(unknown)).rejects.toThrow(
      `The restore lists commitment ${foreign}, which is not on the grid of ${direct.name}.`,
    );
    expect((await rowsOf(direct)).find((r) => r.id === row.id)!.entity_seats).toBe(row.entity_seats);
  });

  it('refuses any fuzzed input larger than the grid with a message, before a read', async () => {
    const ids = entities.map((e) => e.id);
    const before = await commitmentReads();
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            entityId: fc.oneof(fc.constantFrom(...ids), fc.uuid()),
            data: fc.array(fc.record({ id: fc.uuid(), entity_seats: fc.nat(1_000) }), { maxLength: 5 }),
          }),
          { minLength: ids.length + 1, maxLength: 500 },
        ),
        async (sets) => {
          const refusal = await restoreSets(sets).catch((e: unknown) => e);
          expect(refusal).toBeInstanceOf(AllocationError);
          expect((refusal as Error).message).toMatch(
            /^The restore lists seats for \d+ brands and channels; the grid has \d+ brands and channels\.$/,
          );
        },
      ),
      { numRuns: 25, seed: 20261124 },
    );
    expect(await commitmentReads()).toBe(before);
  });
});
