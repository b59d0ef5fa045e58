import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import type { CommitmentRow } from '../guestbook/schemas';
import { mergeGrid } from './grid';
import { packGrid, unpackGrid } from './packed';
import { entity, rowsByEntity, type World } from './testing';

const ENTITY_IDS = ['a', 'b', 'c', 'd'];
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** One entity's view of one commitment, numbers unconstrained: rows that add up and rows that do not. */
const arbView = (id: string) =>
  fc.record(
    {
      id: fc.constant(id),
      assignment_status: fc.constantFrom('assigned' as const, 'unassigned' as const, 'ended' as const),
      total_seats: fc.integer({ min: -2, max: 30 }),
      entity_seats: fc.option(fc.integer({ min: -2, max: 30 }), { nil: null }),
      peer_seats: fc.integer({ min: -2, max: 30 }),
      unallocated_seats: fc.integer({ min: -2, max: 30 }),
      venue_id: fc.constantFrom(uuid(1), uuid(2)),
      program_id: fc.constantFrom(uuid(3), uuid(4)),
      agreement_id: fc.constant(uuid(5)),
      days_of_week: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
      start_time: fc.constantFrom('12:00', '18:30'),
      end_time: fc.constantFrom('14:00', '22:00'),
    },
    { requiredKeys: ['id', 'assignment_status', 'total_seats', 'entity_seats', 'peer_seats', 'unallocated_seats'] },
  );

const arbViews = fc
  .record({ entities: fc.integer({ min: 1, max: ENTITY_IDS.length }), commitments: fc.integer({ min: 1, max: 5 }) })
  .chain(({ entities, commitments }) =>
    fc.record({
      entities: fc.constant(ENTITY_IDS.slice(0, entities).map((id) => entity(id))),
      views: fc.tuple(
        ...ENTITY_IDS.slice(0, entities).map(() =>
          fc
            .array(fc.constantFrom(...Array.from({ length: commitments }, (_, i) => `c${i}`)))
            .chain((ids) => fc.tuple(...ids.map(arbView))),
        ),
      ),
    }),
  );

describe('packGrid / unpackGrid', () => {
  it('gives back the merged rows, also after a JSON round trip (any views, consistent or not)', () => {
    fc.assert(
      fc.property(arbViews, ({ entities, views }) => {
        const rows = mergeGrid(
          entities,
          Object.fromEntries(entities.map((e, i) => [e.id, views[i] as CommitmentRow[]])),
        );
        const packed = packGrid(entities, rows);
        expect(unpackGrid(packed)).toEqual(rows);
        expect(unpackGrid(JSON.parse(JSON.stringify(packed)))).toEqual(rows);
      }),
      { seed: 20261123, numRuns: 400 },
    );
  });

  it('keeps read-only rows read-only and negative seat counts as they were read', () => {
    const world: World = [
      { id: 'c1', total: 10, seats: { a: 4, x: 3 }, eligible: ['a', 'b'], venue_id: uuid(1), start_time: '18:00' },
      { id: 'c2', total: 8, seats: { a: 8 }, eligible: [], ended: true },
    ];
    const entities = [entity('a'), entity('b')];
    const read = rowsByEntity(world, ['a', 'b']);
    read.b![0] = { ...read.b![0]!, peer_seats: -1 };
    const rows = unpackGrid(packGrid(entities, mergeGrid(entities, read)));
    expect(
      rows.map((r) => [
        r.commitmentId,
        r.status,
        r.inconsistent !== null,
        Object.values(r.cells).map((c) => [c.status, c.seats, c.editable]),
      ]),
    ).toEqual([
      [
        'c1',
        'active',
        true,
        [
          ['assigned', 4, false],
          ['unassigned', 0, false],
        ],
      ],
      [
        'c2',
        'ended',
        false,
        [
          ['ended', 8, false],
          ['ineligible', 0, false],
        ],
      ],
    ]);
  });

  it('writes each id once, so a grid of many entities is a fraction of its rows', () => {
    const entities = Array.from({ length: 25 }, (_, i) => entity(uuid(100 + i)));
    const world: World = Array.from({ length: 200 }, (_, k) => ({
      id: uuid(1000 + k),
      total: 40,
      seats: { [entities[k % 25]!.id]: 10 },
      eligible: entities.map((e) => e.id),
      venue_id: uuid(k % 4),
      start_time: '18:00',
    }));
    const rows = mergeGrid(
      entities,
      rowsByEntity(
        world,
        entities.map((e) => e.id),
      ),
    );
    expect(JSON.stringify(packGrid(entities, rows)).length).toBeLessThan(JSON.stringify(rows).length / 10);
  });
});
