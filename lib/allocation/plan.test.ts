import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { translateSaid } from '../i18n/said';
import { inEnglish } from '../i18n/translator';
import { applyEdit, moveSeats, seatsAfter, UNALLOCATED, validateEdit, type Edits } from './edit';
import { mergeGrid, type EntityRef, type GridRow } from './grid';
import {
  buildPlan,
  conflicts,
  diff,
  EXTERNAL,
  restoredCells,
  rowsAfterChanges,
  rowsWithChanges,
  type Plan,
} from './plan';
import { cloneWorld, entity, overAllocated, put, refusalOf, rowsByEntity, type World } from './testing';

const ENTITIES = [entity('a'), entity('b'), entity('c')];
const IDS = ENTITIES.map((e) => e.id);

const grid = (world: World, entities: EntityRef[] = ENTITIES) =>
  mergeGrid(
    entities,
    rowsByEntity(
      world,
      entities.map((e) => e.id),
    ),
  );

/** Every order of the given entities. */
function permutations(ids: string[]): string[][] {
  if (ids.length <= 1) return [ids];
  return ids.flatMap((id, i) => permutations([...ids.slice(0, i), ...ids.slice(i + 1)]).map((rest) => [id, ...rest]));
}

/** Applies one phase's bodies in the given order, failing on the first refused PUT or over-allocation. */
function runPhase(world: World, bodies: Plan['phase1'], order: string[]): void {
  for (const entityId of order) {
    const body = bodies[entityId];
    if (!body) continue;
    const result = put(world, entityId, body);
    if (!result.ok) throw new Error(`PUT as ${entityId} refused: ${result.reason}`);
    expect(overAllocated(world)).toEqual([]);
  }
}

describe('diff', () => {
  it('lists only real changes, in grid order', () => {
    const rows = grid([
      { id: 'c2', total: 10, seats: { a: 1, b: 2 }, eligible: ['c'], venue_id: 'v2' },
      { id: 'c1', total: 10, seats: { a: 1 }, eligible: ['b', 'c'], venue_id: 'v1' },
    ]);
    const edits: Edits = { c2: { c: 3, a: 1, b: 0 }, c1: { c: 2 }, gone: { a: 1 } };
    expect(diff(rows, edits)).toEqual([
      { commitmentId: 'c1', entityId: 'c', before: 0, after: 2 },
      { commitmentId: 'c2', entityId: 'b', before: 2, after: 0 },
      { commitmentId: 'c2', entityId: 'c', before: 0, after: 3 },
    ]);
  });
});

describe('buildPlan', () => {
  it('resolves the classic deadlock: A 10→5, B 5→10 on a full commitment of 15', () => {
    const world: World = [{ id: 'full', total: 15, seats: { a: 10, b: 5 }, eligible: [] }];
    const rows = grid(world);
    const moved = moveSeats(rows[0]!, {}, 'a', 'b', 5);
    if (!moved.ok) throw new Error(translateSaid(inEnglish, moved.reason));

    const plan = buildPlan(rows, moved.edits);
    expect(plan).toEqual({
      touchedEntities: ['a', 'b'],
      // b only rises: its phase-1 body would equal its current set, so it is left out (b stays at 5)
      phase1: { a: { data: [{ id: 'full', entity_seats: 5 }] } },
      phase2: { a: { data: [{ id: 'full', entity_seats: 5 }] }, b: { data: [{ id: 'full', entity_seats: 10 }] } },
    });

    for (const order1 of permutations(plan.touchedEntities)) {
      for (const order2 of permutations(plan.touchedEntities)) {
        const w = cloneWorld(world);
        runPhase(w, plan.phase1, order1);
        expect(w[0]?.seats).toEqual({ a: 5, b: 5 });
        runPhase(w, plan.phase2, order2);
        expect(w[0]?.seats).toEqual({ a: 5, b: 10 });
      }
    }

    // the simulator does refuse what one PUT per entity would do, B first
    expect(put(cloneWorld(world), 'b', plan.phase2.b!)).toEqual({
      ok: false,
      reason: 'full over-allocated: 10 + 10 > 15',
    });
  });

  it('applies the swap no single-phase order can: A gives B 3 seats on full c1 while B gives A 3 on full c2', () => {
    const world: World = [
      { id: 'c1', total: 12, seats: { a: 8, b: 4 }, eligible: [] },
      { id: 'c2', total: 12, seats: { a: 4, b: 8 }, eligible: [] },
    ];
    const rows = grid(world);
    const first = moveSeats(rows[0]!, {}, 'a', 'b', 3);
    if (!first.ok) throw new Error(translateSaid(inEnglish, first.reason));
    const both = moveSeats(rows[1]!, first.edits, 'b', 'a', 3);
    if (!both.ok) throw new Error(translateSaid(inEnglish, both.reason));
    const plan = buildPlan(rows, both.edits);

    // One PUT per entity with its final values is refused whichever entity goes first.
    for (const firstEntity of ['a', 'b'] as const) {
      expect(put(cloneWorld(world), firstEntity, plan.phase2[firstEntity]!).ok).toBe(false);
    }
    for (const order1 of permutations(['a', 'b'])) {
      for (const order2 of permutations(['a', 'b'])) {
        const w = cloneWorld(world);
        runPhase(w, plan.phase1, order1);
        expect(w.map((c) => c.seats)).toEqual([
          { a: 5, b: 4 },
          { a: 4, b: 5 },
        ]);
        runPhase(w, plan.phase2, order2);
        expect(w.map((c) => c.seats)).toEqual([
          { a: 5, b: 7 },
          { a: 7, b: 5 },
        ]);
      }
    }
  });

  it('sends each touched entity its complete set, untouched entities nothing', () => {
    const world: World = [
      { id: 'c1', total: 10, seats: { a: 4, b: 2, c: 1 }, eligible: [], venue_id: 'v1' },
      { id: 'c2', total: 10, seats: { a: 3, c: 6 }, eligible: ['b'], venue_id: 'v2' },
      { id: 'c3', total: 10, seats: {}, eligible: ['a', 'b'], venue_id: 'v3' },
      { id: 'c4', total: 10, seats: { a: 2 }, eligible: [], venue_id: 'v4', ended: true },
      { id: 'c5', total: 10, seats: { a: 0 }, eligible: [], venue_id: 'v5' },
    ];
    const rows = grid(world);
    const plan = buildPlan(rows, { c1: { a: 6 } });
    expect(plan.touchedEntities).toEqual(['a']);
    expect(plan.phase1).toEqual({});
    expect(plan.phase2).toEqual({
      a: {
        data: [
          { id: 'c1', entity_seats: 6 },
          { id: 'c2', entity_seats: 3 },
          { id: 'c5', entity_seats: 0 },
        ],
      },
    });
  });

  it('keeps a cell edited to 0 assigned with 0, and adds an unassigned cell given seats in phase 2 only', () => {
    const world: World = [
      { id: 'c1', total: 10, seats: { a: 4 }, eligible: [], venue_id: 'v1' },
      { id: 'c2', total: 10, seats: {}, eligible: ['a'], venue_id: 'v2' },
      { id: 'c3', total: 10, seats: { a: 7 }, eligible: [], venue_id: 'v3' },
    ];
    const rows = grid(world);
    let edits = applyEdit(rows, {}, 'c1', 'a', 0);
    edits = applyEdit(rows, edits, 'c2', 'a', 5);
    const plan = buildPlan(rows, edits);
    expect(plan.phase1).toEqual({
      a: {
        data: [
          { id: 'c1', entity_seats: 0 },
          { id: 'c3', entity_seats: 7 },
        ],
      },
    });
    expect(plan.phase2).toEqual({
      a: {
        data: [
          { id: 'c1', entity_seats: 0 },
          { id: 'c2', entity_seats: 5 },
          { id: 'c3', entity_seats: 7 },
        ],
      },
    });

    const w = cloneWorld(world);
    runPhase(w, plan.phase1, ['a']);
    runPhase(w, plan.phase2, ['a']);
    expect(w.map((c) => c.seats)).toEqual([{ a: 0 }, { a: 5 }, { a: 7 }]);
  });

  it('keeps a touched entity’s allocation on an inconsistent row at its loaded value', () => {
    const world: World = [
      { id: 'c1', total: 10, seats: { a: 4, b: 1 }, eligible: [], venue_id: 'v1' },
      { id: 'c2', total: 10, seats: { a: 2, b: 2 }, eligible: [], venue_id: 'v2' },
    ];
    const byEntity = rowsByEntity(world, IDS);
    byEntity.b = byEntity.b!.map((r) => (r.id === 'c2' ? { ...r, unallocated_seats: r.unallocated_seats + 1 } : r));
    const rows = mergeGrid(ENTITIES, byEntity);
    expect(rows[1]?.inconsistent).not.toBeNull();
    expect(buildPlan(rows, { c1: { a: 3 } }).phase2.a).toEqual({
      data: [
        { id: 'c1', entity_seats: 3 },
        { id: 'c2', entity_seats: 2 },
      ],
    });
  });

  it('refuses to plan edits that could not have been made', () => {
    const rows = grid([
      { id: 'c1', total: 10, seats: { a: 4, b: 6 }, eligible: [], venue_id: 'v1' },
      { id: 'c2', total: 10, seats: { a: 2 }, eligible: [], venue_id: 'v2', ended: true },
    ]);
    expect(refusalOf(() => buildPlan(rows, { c2: { a: 1 } }))).toBe(
      'cannot plan commitment c2 for brand or channel a: the commitment has ended: its row is a read-only snapshot',
    );
    expect(refusalOf(() => buildPlan(rows, { c1: { c: 1 } }))).toContain(
      'this brand or channel is not eligible for this commitment',
    );
    expect(refusalOf(() => buildPlan(rows, { c1: { a: 5 } }))).toContain('at most 4 fit');
    expect(refusalOf(() => buildPlan(rows, { nope: { a: 1 } }))).toBe(
      'cannot plan an edit of commitment nope: it is not in the grid',
    );
    expect(buildPlan(rows, { c2: { a: 2 } })).toEqual({ touchedEntities: [], phase1: {}, phase2: {} });
  });
});

describe('conflicts', () => {
  const world: World = [
    { id: 'c1', total: 20, seats: { a: 6, b: 4, x: 3 }, eligible: ['c'], venue_id: 'v1' },
    { id: 'c2', total: 10, seats: { a: 3, b: 3 }, eligible: [], venue_id: 'v2' },
  ];
  const loaded = grid(world);
  const changes = diff(loaded, { c1: { a: 2, c: 5 } });
  const after = (change: (w: World) => void, entities: EntityRef[] = ENTITIES) => {
    const w = cloneWorld(world);
    change(w);
    return grid(w, entities);
  };

  it('finds nothing when the re-read rows did not move', () => {
    expect(conflicts(loaded, grid(world), changes)).toEqual([]);
  });

  it('reports any managed cell of a changed commitment that moved', () => {
    const reread = after((w) => (w[0]!.seats.b = 7));
    expect(conflicts(loaded, reread, changes)).toEqual([
      { commitmentId: 'c1', entityId: 'b', ours: 4, theirs: 7, loaded: 4 },
    ]);
    const taken = after((w) => (w[0]!.seats.a = 8));
    expect(conflicts(loaded, taken, changes)).toEqual([
      { commitmentId: 'c1', entityId: 'a', ours: 2, theirs: 8, loaded: 6 },
    ]);
  });

  it('reports seats moved by entities the partner does not manage', () => {
    const reread = after((w) => (w[0]!.seats.x = 9));
    expect(conflicts(loaded, reread, changes)).toEqual([
      { commitmentId: 'c1', entityId: EXTERNAL, ours: 3, theirs: 9, loaded: 3 },
    ]);
  });

  it('reports a touched entity’s other allocations that moved, which its body would revert', () => {
    const reread = after((w) => {
      w[1]!.seats.a = 1;
      w[1]!.seats.b = 0;
    });
    expect(conflicts(loaded, reread, changes)).toEqual([
      { commitmentId: 'c2', entityId: 'a', ours: 3, theirs: 1, loaded: 3 },
    ]);
  });

  it('reports a status move even when the seats stay, e.g. the agreement ended', () => {
    const reread = after((w) => (w[1]!.ended = true));
    expect(conflicts(loaded, reread, changes)).toEqual([
      { commitmentId: 'c2', entityId: 'a', ours: 3, theirs: 3, loaded: 3 },
    ]);
  });

  it('compares only the columns re-read', () => {
    const onlyTouched = ENTITIES.filter((e) => e.id !== 'b');
    expect(conflicts(loaded, grid(world, onlyTouched), changes)).toEqual([]);
    const reread = after((w) => (w[0]!.seats.c = 1), onlyTouched);
    expect(conflicts(loaded, reread, changes)).toEqual([
      { commitmentId: 'c1', entityId: 'c', ours: 5, theirs: 1, loaded: 0 },
    ]);
  });
});

// ── property: any valid edit set applies in two phases, in any order ───────────────────────
const MAX_ENTITIES = 4;
const arbCell = fc.oneof(
  { weight: 1, arbitrary: fc.constant('ineligible' as const) },
  { weight: 1, arbitrary: fc.constant('unassigned' as const) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 8 }) },
);
const arbCommitment = fc.record({
  cells: fc.array(arbCell, { minLength: MAX_ENTITIES, maxLength: MAX_ENTITIES }),
  external: fc.integer({ min: 0, max: 6 }),
  slack: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5 })),
  ended: fc.oneof({ weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
  corrupt: fc.oneof({ weight: 8, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
});
const arbOp = fc.record({
  kind: fc.constantFrom('set' as const, 'move' as const),
  commitment: fc.nat(),
  from: fc.nat(),
  to: fc.nat(),
  value: fc.integer({ min: 0, max: 8 }),
});
const arbScenario = fc.record({
  entityCount: fc.integer({ min: 1, max: MAX_ENTITIES }),
  commitments: fc.array(arbCommitment, { minLength: 1, maxLength: 6 }),
  ops: fc.array(arbOp, { minLength: 1, maxLength: 15 }),
});
type Scenario = typeof arbScenario extends fc.Arbitrary<infer T> ? T : never;

function worldOf(s: Scenario, ids: string[]): World {
  return s.commitments.map((c, i) => {
    const seats: Record<string, number> = c.external > 0 ? { x: c.external } : {};
    const eligible: string[] = [];
    ids.forEach((id, k) => {
      const cell = c.cells[k];
      if (typeof cell === 'number') seats[id] = cell;
      else if (cell === 'unassigned') eligible.push(id);
    });
    const total = Object.values(seats).reduce((sum, n) => sum + n, 0) + c.slack;
    return { id: `c${i}`, total, seats, eligible, ended: c.ended, venue_id: `v${i % 3}`, start_time: `1${i}:00` };
  });
}

/** Rows as the entities read them; a corrupt commitment has one view whose numbers do not add up. */
function loadGrid(s: Scenario, world: World, entities: EntityRef[]): GridRow[] {
  const byEntity = rowsByEntity(
    world,
    entities.map((e) => e.id),
  );
  s.commitments.forEach((c, i) => {
    if (!c.corrupt) return;
    const viewer = entities.find((e) => byEntity[e.id]?.some((r) => r.id === `c${i}`));
    if (viewer)
      byEntity[viewer.id] = byEntity[viewer.id]!.map((r) =>
        r.id === `c${i}` ? { ...r, unallocated_seats: r.unallocated_seats + 1 } : r,
      );
  });
  return mergeGrid(entities, byEntity);
}

/** The grid user's edits: each op is kept only when the grid accepts it. */
function editsOf(s: Scenario, rows: GridRow[], ids: string[]): Edits {
  const places = [...ids, UNALLOCATED];
  return s.ops.reduce<Edits>((edits, op) => {
    const row = rows[op.commitment % rows.length];
    if (!row) return edits; // no managed entity sees any commitment
    if (op.kind === 'set') {
      const entityId = ids[op.from % ids.length]!;
      return validateEdit(row, entityId, op.value, edits).ok
        ? applyEdit(rows, edits, row.commitmentId, entityId, op.value)
        : edits;
    }
    const moved = moveSeats(row, edits, places[op.from % places.length]!, places[op.to % places.length]!, op.value);
    return moved.ok ? moved.edits : edits;
  }, {});
}

/** A scenario's world, the grid its entities load, the edits made on it and their plan. */
function planOf(s: Scenario) {
  const entities = Array.from({ length: s.entityCount }, (_, i) => entity(`e${i}`));
  const ids = entities.map((e) => e.id);
  const initial = worldOf(s, ids);
  const rows = loadGrid(s, initial, entities);
  const edits = editsOf(s, rows, ids);
  return { ids, initial, rows, edits, plan: buildPlan(rows, edits) };
}

/** A scenario's plan, and the world once both its phases are applied. */
function appliedPlanOf(s: Scenario) {
  const planned = planOf(s);
  const world = cloneWorld(planned.initial);
  runPhase(world, planned.plan.phase1, Object.keys(planned.plan.phase1));
  runPhase(world, planned.plan.phase2, Object.keys(planned.plan.phase2));
  return { ...planned, world };
}

describe('buildPlan property', () => {
  it('never over-allocates in any order, ends at the edited values and drops no allocation', () => {
    fc.assert(
      fc.property(arbScenario, fc.gen(), (s, g) => {
        const { initial, rows, edits, plan } = planOf(s);

        const world = cloneWorld(initial);
        const order1 = Object.keys(plan.phase1);
        const order2 = Object.keys(plan.phase2);
        runPhase(
          world,
          plan.phase1,
          g(fc.shuffledSubarray, order1, { minLength: order1.length, maxLength: order1.length }),
        );
        runPhase(
          world,
          plan.phase2,
          g(fc.shuffledSubarray, order2, { minLength: order2.length, maxLength: order2.length }),
        );

        const touched = new Set(plan.touchedEntities);
        rows.forEach((row, i) => {
          const before = initial.find((c) => c.id === row.commitmentId)!;
          const now = world.find((c) => c.id === row.commitmentId)!;
          expect(now.total).toBe(before.total);
          if (row.status === 'ended') return expect(now.seats).toEqual(before.seats);
          const expected = seatsAfter(row, edits).perEntity;
          for (const [entityId, cell] of Object.entries(row.cells)) {
            const edited = edits[row.commitmentId]?.[entityId] !== undefined;
            expect(now.seats[entityId] ?? 0, `${entityId} on ${row.commitmentId}`).toBe(expected[entityId]);
            expect(entityId in now.seats, `${entityId} assigned on ${row.commitmentId}`).toBe(
              cell.status === 'assigned' || edited,
            );
            if (!touched.has(entityId)) expect(now.seats[entityId]).toBe(before.seats[entityId]);
          }
          expect(now.seats.x, `external seats on c${i}`).toBe(before.seats.x);
        });
      }),
      { numRuns: 500 },
    );
  });
});

describe('rowsAfterChanges', () => {
  it('moves own, peer and unallocated seats of the changed commitments only', () => {
    const world: World = [
      { id: 'c1', total: 15, seats: { a: 10, b: 5 }, eligible: ['c'] },
      { id: 'c2', total: 10, seats: { a: 2, x: 3 }, eligible: ['b'] },
    ];
    const changes = [
      { commitmentId: 'c1', entityId: 'a', before: 10, after: 4 },
      { commitmentId: 'c1', entityId: 'c', before: 0, after: 6 },
    ];
    const [a, b, c] = IDS.map((id) => rowsAfterChanges(id, rowsByEntity(world, IDS)[id]!, changes));
    expect(a!.find((r) => r.id === 'c1')).toMatchObject({
      assignment_status: 'assigned',
      entity_seats: 4,
      peer_seats: 11,
      unallocated_seats: 0,
    });
    expect(b!.find((r) => r.id === 'c1')).toMatchObject({
      assignment_status: 'assigned',
      entity_seats: 5,
      peer_seats: 10,
      unallocated_seats: 0,
    });
    expect(c!.find((r) => r.id === 'c1')).toMatchObject({
      assignment_status: 'assigned',
      entity_seats: 6,
      peer_seats: 9,
      unallocated_seats: 0,
    });
    for (const [id, rows] of [
      ['a', a],
      ['b', b],
    ] as const)
      expect(rows!.find((r) => r.id === 'c2')).toEqual(rowsByEntity(world, IDS)[id]!.find((r) => r.id === 'c2'));
  });

  it('with the seats allocated after the changes, leaves a row that already shows them as it is', () => {
    const world: World = [{ id: 'c1', total: 15, seats: { a: 10, b: 5 }, eligible: ['c'] }];
    const changes = [{ commitmentId: 'c1', entityId: 'a', before: 10, after: 4 }];
    const allocated = new Map([['c1', 9]]);
    const before = rowsByEntity(world, IDS);
    const after = rowsByEntity([{ id: 'c1', total: 15, seats: { a: 4, b: 5 }, eligible: ['c'] }], IDS);
    for (const id of IDS) {
      // read before the changes were sent, or after (a sync's read meanwhile): the same row
      expect(rowsAfterChanges(id, before[id]!, changes, allocated), id).toEqual(after[id]);
      expect(rowsAfterChanges(id, after[id]!, changes, allocated), id).toEqual(after[id]);
    }
    // by the changes alone, a row read after them moves twice
    expect(rowsAfterChanges('b', after['b']!, changes)[0]).toMatchObject({ peer_seats: -2, unallocated_seats: 12 });
  });

  it('is what every entity reads after the plan of any edits is applied', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const { ids, initial, rows, edits, world } = appliedPlanOf(s);
        const changes = diff(rows, edits);
        const before = rowsByEntity(initial, ids);
        const after = rowsByEntity(world, ids);
        for (const id of ids) expect(rowsAfterChanges(id, before[id]!, changes), id).toEqual(after[id]);
      }),
      { numRuns: 500 },
    );
  });
});

describe('rowsWithChanges', () => {
  it('gives each changed row as every entity reads it after the plan of any edits is applied', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const { ids, rows, edits, world } = appliedPlanOf(s);
        const read = mergeGrid(
          ids.map((id) => entity(id)),
          rowsByEntity(world, ids),
        );
        const changes = diff(rows, edits);
        const changed = new Set(changes.map((c) => c.commitmentId));
        rowsWithChanges(rows, changes).forEach((row, i) => {
          if (changed.has(row.commitmentId)) expect(row).toEqual(read.find((r) => r.commitmentId === row.commitmentId));
          else expect(row).toBe(rows[i]);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('leaves the rows of other commitments as they are (the same objects)', () => {
    const rows = grid([
      { id: 'c1', total: 10, seats: { a: 4 }, eligible: ['b'] },
      { id: 'c2', total: 10, seats: { b: 1 }, eligible: [] },
    ]);
    const after = rowsWithChanges(rows, [{ commitmentId: 'c1', entityId: 'b', before: 0, after: 3 }]);
    expect(after[1]).toBe(rows[1]);
    expect(after[0]).toMatchObject({ managedSeats: 7, unallocatedSeats: 3 });
    expect(after[0]!.cells['b']).toMatchObject({ status: 'assigned', seats: 3 });
  });
});

describe('restoredCells', () => {
  it('gives each changed cell its value in the sets read before the apply, 0 when it was not assigned', () => {
    const readBefore = [
      {
        entityId: 'a',
        data: [
          { id: 'c1', entity_seats: 6 },
          { id: 'c2', entity_seats: 1 },
        ],
      },
      { entityId: 'b', data: [] },
    ];
    const changed = [
      { commitmentId: 'c1', entityId: 'a' },
      { commitmentId: 'c1', entityId: 'b' },
      { commitmentId: 'c3', entityId: 'c' },
    ];
    expect(restoredCells(changed, readBefore)).toEqual([
      { commitmentId: 'c1', entityId: 'a', seats: 6 },
      { commitmentId: 'c1', entityId: 'b', seats: 0 },
      { commitmentId: 'c3', entityId: 'c', seats: 0 },
    ]);
  });
});
