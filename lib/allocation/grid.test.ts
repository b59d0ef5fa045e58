import { describe, expect, it } from 'vitest';

import type { CommitmentRow } from '../guestbook/schemas';
import { saidList, translateSaid, type Said } from '../i18n/said';
import { inEnglish } from '../i18n/translator';
import { checkRowEquation, mergeGrid, type GridRow } from './grid';
import { entity, rowsByEntity, type World } from './testing';

/** Why a row's numbers do not add up, in English as the grid's tooltip says it (null when they do). */
const problems = (row: GridRow | undefined): string | null =>
  row?.inconsistent ? translateSaid(inEnglish, saidList(row.inconsistent, 'allocations.problems.separator')) : null;
const english = (r: Said | null) => r && translateSaid(inEnglish, r);

const A = entity('a');
const B = entity('b');
const C = entity('c');

const row = (fields: Partial<CommitmentRow> & Pick<CommitmentRow, 'id'>): CommitmentRow => ({
  assignment_status: 'assigned',
  total_seats: 10,
  entity_seats: 0,
  peer_seats: 0,
  unallocated_seats: 10,
  ...fields,
});

describe('checkRowEquation', () => {
  it('accepts total = entity + peer + unallocated, counting null entity_seats as 0', () => {
    expect(checkRowEquation(row({ id: 'c1', entity_seats: 4, peer_seats: 3, unallocated_seats: 3 }))).toBeNull();
    expect(
      checkRowEquation(
        row({ id: 'c1', assignment_status: 'unassigned', entity_seats: null, peer_seats: 6, unallocated_seats: 4 }),
      ),
    ).toBeNull();
  });

  it('names the commitment and the numbers when they do not add up', () => {
    expect(english(checkRowEquation(row({ id: 'c1', entity_seats: 4, peer_seats: 3, unallocated_seats: 2 })))).toBe(
      'commitment c1: total seats 10 ≠ this brand’s seats 4 + other brands’ seats 3 + unallocated seats 2 (= 9)',
    );
  });
});

describe('mergeGrid', () => {
  it('merges every entity view into one row per commitment, null seats of unassigned rows counting 0', () => {
    const world: World = [
      { id: 'c1', total: 15, seats: { a: 4, x: 5 }, eligible: ['a', 'b'], venue_id: 'v1', start_time: '18:00' },
    ];
    const [c1, ...rest] = mergeGrid([A, B], rowsByEntity(world, ['a', 'b']));
    expect(rest).toEqual([]);
    expect(c1).toEqual({
      commitmentId: 'c1',
      totalSeats: 15,
      meta: { venue_id: 'v1', start_time: '18:00' },
      cells: {
        a: { entityId: 'a', status: 'assigned', seats: 4, editable: true },
        b: { entityId: 'b', status: 'unassigned', seats: 0, editable: true },
      },
      managedSeats: 4,
      externalSeats: 5,
      unallocatedSeats: 6,
      status: 'active',
      inconsistent: null,
    });
  });

  it('computes external seats as peer seats minus the other managed entities’ seats', () => {
    // a 4, b 3 (managed), x 5 + y 1 (not managed): a's peer_seats 9 = b's 3 + 6 external
    const world: World = [{ id: 'c1', total: 20, seats: { a: 4, b: 3, x: 5, y: 1 }, eligible: [] }];
    const [c1] = mergeGrid([A, B], rowsByEntity(world, ['a', 'b']));
    expect(c1).toMatchObject({ managedSeats: 7, externalSeats: 6, unallocatedSeats: 7, inconsistent: null });
  });

  it('shows cells of entities without a row as ineligible and not editable', () => {
    const world: World = [{ id: 'c1', total: 10, seats: { a: 2 }, eligible: [] }];
    const [c1] = mergeGrid([A, B], rowsByEntity(world, ['a', 'b']));
    expect(c1?.cells.b).toEqual({ entityId: 'b', status: 'ineligible', seats: 0, editable: false });
    expect(c1?.cells.a?.editable).toBe(true);
  });

  it('shows ended rows as read-only snapshots, the whole commitment ended', () => {
    const world: World = [{ id: 'c1', total: 10, seats: { a: 6, b: 1 }, eligible: ['c'], ended: true }];
    const [c1] = mergeGrid([A, B, C], rowsByEntity(world, ['a', 'b', 'c']));
    expect(c1?.status).toBe('ended');
    expect(c1?.cells).toEqual({
      a: { entityId: 'a', status: 'ended', seats: 6, editable: false },
      b: { entityId: 'b', status: 'ended', seats: 1, editable: false },
      c: { entityId: 'c', status: 'ineligible', seats: 0, editable: false },
    });
    expect(c1).toMatchObject({ managedSeats: 7, externalSeats: 0, unallocatedSeats: 3, inconsistent: null });
  });

  it('makes the whole commitment read-only when one view is ended and another is not', () => {
    const [c1] = mergeGrid([A, B], {
      a: [row({ id: 'c1', assignment_status: 'ended', entity_seats: 2, peer_seats: 3, unallocated_seats: 5 })],
      b: [row({ id: 'c1', assignment_status: 'assigned', entity_seats: 3, peer_seats: 2, unallocated_seats: 5 })],
    });
    expect(c1?.status).toBe('ended');
    expect(c1?.cells.b).toEqual({ entityId: 'b', status: 'assigned', seats: 3, editable: false });
  });

  it('flags a row whose equation fails and makes all its cells read-only', () => {
    const [c1] = mergeGrid([A, B], {
      a: [row({ id: 'c1', entity_seats: 4, peer_seats: 3, unallocated_seats: 2 })],
      b: [row({ id: 'c1', entity_seats: 3, peer_seats: 4, unallocated_seats: 3 })],
    });
    expect(problems(c1)).toBe(
      'as seen by A, commitment c1: total seats 10 ≠ this brand’s seats 4 + other brands’ seats 3 + unallocated seats 2 (= 9)',
    );
    expect(Object.values(c1?.cells ?? {}).map((c) => c.editable)).toEqual([false, false]);
  });

  it('flags views that disagree on total_seats or on the seats allocated', () => {
    const [total] = mergeGrid([A, B], {
      a: [row({ id: 'c1', total_seats: 10, entity_seats: 4, peer_seats: 3, unallocated_seats: 3 })],
      b: [row({ id: 'c1', total_seats: 11, entity_seats: 3, peer_seats: 4, unallocated_seats: 4 })],
    });
    expect(problems(total)).toBe('the brands and channels disagree on the total seats (A: 10, B: 11)');

    // each row adds up, but b was read after someone moved seats: a sees 7 allocated, b sees 9
    const [moved] = mergeGrid([A, B], {
      a: [row({ id: 'c1', entity_seats: 4, peer_seats: 3, unallocated_seats: 3 })],
      b: [row({ id: 'c1', entity_seats: 5, peer_seats: 4, unallocated_seats: 1 })],
    });
    expect(problems(moved)).toBe('the brands and channels disagree on the seats allocated (A: 7, B: 9)');
    expect(moved?.cells.a?.editable).toBe(false);
  });

  it('never reports negative external seats: the managed entities holding more than the rows count is flagged', () => {
    const [c1] = mergeGrid([A, B], {
      a: [row({ id: 'c1', entity_seats: 5, peer_seats: 2, unallocated_seats: 3 })],
      b: [row({ id: 'c1', entity_seats: 4, peer_seats: 3, unallocated_seats: 3 })],
    });
    expect(c1?.externalSeats).toBe(0);
    expect(problems(c1)).toBe('the brands and channels you manage hold 9 seats but the rows count only 7 allocated');
  });

  it('collapses identical duplicate rows of one entity and flags differing ones', () => {
    const r = row({ id: 'c1', entity_seats: 4, peer_seats: 0, unallocated_seats: 6 });
    expect(mergeGrid([A], { a: [r, { ...r }] })[0]?.inconsistent).toBeNull();
    const [c1] = mergeGrid([A], { a: [r, { ...r, entity_seats: 5, unallocated_seats: 5 }] });
    expect(problems(c1)).toBe('A listed commitment c1 twice with different numbers');
  });

  it('sorts by venue, start time, then id, missing values last; ignores rows of entities not given', () => {
    const world: World = [
      { id: 'c4', total: 1, seats: {}, eligible: ['a'] },
      { id: 'c3', total: 1, seats: {}, eligible: ['a'], venue_id: 'v2', start_time: '12:00' },
      { id: 'c2', total: 1, seats: {}, eligible: ['a'], venue_id: 'v1', start_time: '19:00' },
      { id: 'c1', total: 1, seats: {}, eligible: ['a'], venue_id: 'v1', start_time: '18:00' },
      { id: 'c0', total: 1, seats: {}, eligible: ['a'], venue_id: 'v1', start_time: '18:00' },
      { id: 'c9', total: 1, seats: {}, eligible: ['z'], venue_id: 'v0' },
    ];
    const grid = mergeGrid([A], rowsByEntity(world, ['a', 'z']));
    expect(grid.map((r) => r.commitmentId)).toEqual(['c0', 'c1', 'c2', 'c3', 'c4']);
  });
});
