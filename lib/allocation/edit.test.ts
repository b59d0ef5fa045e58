import { describe, expect, it } from 'vitest';

import { said, saidList, translateSaid, type Said } from '../i18n/said';
import { inEnglish } from '../i18n/translator';
import { applyEdit, moveSeats, seatsAfter, UNALLOCATED, validateEdit, type Edits } from './edit';
import { mergeGrid, type GridRow } from './grid';
import { entity, refusalOf, rowsByEntity, type World } from './testing';

/** A verdict with its reason in English, as the grid shows it (before naming the entities). */
const inWords = <V extends { ok: boolean; reason?: Said }>(v: V) =>
  v.reason ? { ...v, reason: translateSaid(inEnglish, v.reason) } : v;

const ENTITIES = [entity('a'), entity('b'), entity('c')];

/** c1: 20 seats, a 6, b 4 (c unassigned), 3 held by x outside the partner, 7 unallocated. */
const WORLD: World = [
  { id: 'c1', total: 20, seats: { a: 6, b: 4, x: 3 }, eligible: ['c'] },
  { id: 'full', total: 15, seats: { a: 10, b: 5 }, eligible: [] },
  { id: 'ended', total: 10, seats: { a: 5 }, eligible: [], ended: true },
];

function grid(world: World = WORLD): GridRow[] {
  return mergeGrid(
    ENTITIES,
    rowsByEntity(
      world,
      ENTITIES.map((e) => e.id),
    ),
  );
}
function rowOf(id: string, rows: GridRow[] = grid()): GridRow {
  const row = rows.find((r) => r.commitmentId === id);
  if (!row) throw new Error(`no row ${id}`);
  return row;
}

describe('validateEdit', () => {
  const c1 = rowOf('c1');

  it('accepts whole numbers up to what the other holders leave', () => {
    expect(inWords(validateEdit(c1, 'a', 0))).toEqual({ ok: true });
    expect(inWords(validateEdit(c1, 'a', 13))).toEqual({ ok: true });
    expect(inWords(validateEdit(c1, 'c', 7))).toEqual({ ok: true });
  });

  it('refuses non-integers and negatives', () => {
    expect(inWords(validateEdit(c1, 'a', 2.5))).toEqual({ ok: false, reason: 'seats must be a whole number, not 2.5' });
    expect(inWords(validateEdit(c1, 'a', Number.NaN))).toEqual({
      ok: false,
      reason: 'seats must be a whole number, not NaN',
    });
    expect(inWords(validateEdit(c1, 'a', -1))).toEqual({ ok: false, reason: 'seats cannot be negative (-1)' });
  });

  it('refuses cells that are not editable, saying why', () => {
    expect(inWords(validateEdit(rowOf('ended'), 'a', 4))).toEqual({
      ok: false,
      reason: 'the commitment has ended: its row is a read-only snapshot',
    });
    expect(inWords(validateEdit(rowOf('full'), 'c', 0))).toEqual({
      ok: false,
      reason: 'this brand or channel is not eligible for this commitment',
    });
    expect(inWords(validateEdit(c1, 'zz', 1))).toEqual({ ok: false, reason: 'brand or channel zz is not in the grid' });
    const disagreement = saidList(
      [
        said('allocations.problems.entityValue', { entity: 'A', value: 20 }),
        said('allocations.problems.entityValue', { entity: 'B', value: 21 }),
      ],
      'allocations.problems.listSeparator',
    );
    const inconsistent: GridRow = {
      ...c1,
      inconsistent: [
        said('allocations.problems.totalsDisagree', { list: disagreement }),
        said('allocations.problems.negative', { entity: 'B' }),
      ],
    };
    expect(inWords(validateEdit(inconsistent, 'a', 5))).toEqual({
      ok: false,
      reason:
        'the row is read-only because Guest Book’s numbers do not add up: the brands and channels disagree on the total seats (A: 20, B: 21); as seen by B, a seat count is negative',
    });
  });

  it('refuses over-allocation, naming the maximum for the cell', () => {
    expect(inWords(validateEdit(c1, 'a', 14))).toEqual({
      ok: false,
      reason:
        '14 seats would over-allocate commitment c1: at most 13 fit in this cell (20 in total, 4 held by your other brands and channels, 3 by brands and channels you do not manage)',
    });
  });

  it('counts the other cells at their edited values', () => {
    const edits: Edits = { c1: { b: 0 } };
    expect(inWords(validateEdit(c1, 'a', 17, edits))).toEqual({ ok: true });
    expect(inWords(validateEdit(c1, 'a', 18, edits))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('at most 17 fit'),
    });
    expect(inWords(validateEdit(c1, 'c', 8, { c1: { a: 13 } }))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('at most 0 fit'),
    });
  });
});

describe('applyEdit', () => {
  const rows = grid();

  it('records the new value without touching its inputs', () => {
    const edits: Edits = Object.freeze({ full: Object.freeze({ a: 5 }) });
    expect(applyEdit(rows, edits, 'c1', 'c', 2)).toEqual({ full: { a: 5 }, c1: { c: 2 } });
    expect(edits).toEqual({ full: { a: 5 } });
  });

  it('drops an edit that returns a cell to its loaded value, and an emptied commitment', () => {
    const edits = applyEdit(rows, { c1: { a: 2, b: 1 } }, 'c1', 'a', 6);
    expect(edits).toEqual({ c1: { b: 1 } });
    expect(applyEdit(rows, edits, 'c1', 'b', 4)).toEqual({});
  });

  it('throws the validation reason on a refused value or an unknown commitment', () => {
    expect(refusalOf(() => applyEdit(rows, {}, 'ended', 'a', 1))).toContain('the commitment has ended');
    expect(refusalOf(() => applyEdit(rows, {}, 'full', 'b', 6))).toContain('at most 5 fit');
    expect(refusalOf(() => applyEdit(rows, {}, 'nope', 'a', 1))).toBe('commitment nope is not in the grid');
  });
});

describe('moveSeats', () => {
  it('moves seats between two entities of a full commitment, the decrease checked first', () => {
    const full = rowOf('full');
    expect(inWords(validateEdit(full, 'b', 10))).toMatchObject({ ok: false });
    const moved = moveSeats(full, {}, 'a', 'b', 5);
    expect(moved).toEqual({ ok: true, edits: { full: { a: 5, b: 10 } } });
    if (!moved.ok) return;
    expect(inWords(moveSeats(full, moved.edits, 'b', 'a', 5))).toEqual({ ok: true, edits: {} });
  });

  it('moves seats between an entity and the unallocated seats', () => {
    const c1 = rowOf('c1');
    expect(inWords(moveSeats(c1, {}, UNALLOCATED, 'c', 7))).toEqual({ ok: true, edits: { c1: { c: 7 } } });
    expect(inWords(moveSeats(c1, {}, 'a', UNALLOCATED, 6))).toEqual({ ok: true, edits: { c1: { a: 0 } } });
  });

  it('refuses what cannot be moved', () => {
    const c1 = rowOf('c1');
    expect(inWords(moveSeats(c1, {}, UNALLOCATED, 'c', 8))).toEqual({
      ok: false,
      reason: 'cannot move 8 seats: only 7 are unallocated',
    });
    expect(inWords(moveSeats(c1, {}, 'b', 'a', 5))).toEqual({
      ok: false,
      reason: 'cannot move 5 seats: brand or channel b holds only 4',
    });
    expect(inWords(moveSeats(c1, {}, 'a', 'a', 1))).toEqual({
      ok: false,
      reason: 'choose two different places to move seats between',
    });
    expect(inWords(moveSeats(c1, {}, 'a', 'b', 0))).toEqual({
      ok: false,
      reason: 'move a whole number of seats, at least 1 (not 0)',
    });
    expect(inWords(moveSeats(c1, {}, 'a', 'b', 1.5))).toEqual({
      ok: false,
      reason: 'move a whole number of seats, at least 1 (not 1.5)',
    });
    expect(inWords(moveSeats(rowOf('full'), {}, 'a', 'c', 1))).toEqual({
      ok: false,
      reason: 'this brand or channel is not eligible for this commitment',
    });
    expect(inWords(moveSeats(rowOf('ended'), {}, 'a', UNALLOCATED, 1))).toEqual({
      ok: false,
      reason: 'the commitment has ended: its row is a read-only snapshot',
    });
  });

  it('counts pending edits: seats freed by an edit can be moved', () => {
    const c1 = rowOf('c1');
    expect(inWords(moveSeats(c1, { c1: { a: 0 } }, UNALLOCATED, 'b', 13))).toEqual({
      ok: true,
      edits: { c1: { a: 0, b: 17 } },
    });
  });
});

describe('seatsAfter', () => {
  it('gives the loaded numbers without edits and follows the edits', () => {
    const c1 = rowOf('c1');
    expect(seatsAfter(c1, {})).toEqual({ perEntity: { a: 6, b: 4, c: 0 }, managed: 10, external: 3, unallocated: 7 });
    expect(seatsAfter(c1, { c1: { a: 2, c: 9 }, full: { a: 0 } })).toEqual({
      perEntity: { a: 2, b: 4, c: 9 },
      managed: 15,
      external: 3,
      unallocated: 2,
    });
  });
});
