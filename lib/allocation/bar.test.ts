import { describe, expect, it } from 'vitest';

import {
  capacityLayout,
  EXTERNAL_SEGMENT,
  GRAB_PX,
  nearestThumb,
  PAGE_STEP,
  seatAtRatio,
  thumbKeyTarget,
  thumbs,
  type Thumb,
} from './bar';
import { moveSeats, UNALLOCATED, type Edits } from './edit';
import { mergeGrid, type GridRow } from './grid';
import { entity, rowsByEntity, type World } from './testing';

const IDS = ['a', 'b', 'c', 'd'];
const ENTITIES = IDS.map((id) => entity(id));
/** c1: 30 seats; a 6, b 4, c eligible at 0, x (not managed) 3, 17 unallocated. */
const WORLD: World = [
  { id: 'c1', total: 30, seats: { a: 6, b: 4, x: 3 }, eligible: ['c'] },
  { id: 'empty', total: 8, seats: {}, eligible: ['b', 'c'] },
  { id: 'ended', total: 10, seats: { a: 5 }, eligible: [], ended: true },
];
const rows = mergeGrid(ENTITIES, rowsByEntity(WORLD, IDS));
const row = (id: string): GridRow => rows.find((r) => r.commitmentId === id)!;

describe('capacityLayout', () => {
  it('puts other entities first, then the holders in column order, then the unallocated seats', () => {
    const layout = capacityLayout(row('c1'), {}, IDS, true);
    expect(layout.segments).toEqual([
      { id: EXTERNAL_SEGMENT, seats: 3 },
      { id: 'a', seats: 6 },
      { id: 'b', seats: 4 },
      { id: UNALLOCATED, seats: 17 },
    ]);
    expect(layout.movable).toEqual(['a', 'b', UNALLOCATED]);
    expect(layout.offset).toBe(3);
  });

  it('lets nothing move for a viewer, and shows the holders as fixed', () => {
    const layout = capacityLayout(row('c1'), {}, IDS, false);
    expect(layout.movable).toEqual([]);
    expect(layout.offset).toBe(13);
    expect(layout.segments.map((s) => s.id)).toEqual([EXTERNAL_SEGMENT, 'a', 'b', UNALLOCATED]);
  });

  it('offers the first editable entity when nobody holds seats', () => {
    expect(capacityLayout(row('empty'), {}, IDS, true).movable).toEqual(['b', UNALLOCATED]);
  });

  it('keeps an entity moved to 0 in the sequence, so its thumb stays', () => {
    const edits: Edits = { c1: { a: 0 } };
    expect(capacityLayout(row('c1'), edits, IDS, true).movable).toEqual(['a', 'b', UNALLOCATED]);
  });

  it('adds an entity that was given seats through its number', () => {
    const edits: Edits = { c1: { c: 2 } };
    expect(capacityLayout(row('c1'), edits, IDS, true).movable).toEqual(['a', 'b', 'c', UNALLOCATED]);
  });

  it('has nothing movable on an ended row', () => {
    expect(capacityLayout(row('ended'), {}, IDS, true).movable).toEqual([]);
  });
});

describe('thumbs', () => {
  it('reaches from emptying its left segment to emptying its right one', () => {
    expect(thumbs(capacityLayout(row('c1'), {}, IDS, true))).toEqual([
      { left: 'a', right: 'b', position: 9, min: 3, max: 13 },
      { left: 'b', right: UNALLOCATED, position: 13, min: 9, max: 30 },
    ]);
  });

  it('every value of a thumb range is a move the edit rules accept', () => {
    const r = row('c1');
    for (const thumb of thumbs(capacityLayout(r, {}, IDS, true))) {
      for (const target of [thumb.min, thumb.max]) {
        const delta = target - thumb.position;
        const result =
          delta > 0
            ? moveSeats(r, {}, thumb.right, thumb.left, delta)
            : moveSeats(r, {}, thumb.left, thumb.right, -delta);
        expect(result.ok).toBe(true);
      }
      const past = moveSeats(r, {}, thumb.right, thumb.left, thumb.max - thumb.position + 1);
      expect(past.ok).toBe(false);
    }
  });
});

describe('thumbKeyTarget', () => {
  const thumb: Thumb = { left: 'a', right: 'b', position: 9, min: 3, max: 13 };

  it('moves 1 on the arrows, 10 with Shift, unclamped', () => {
    expect(thumbKeyTarget(thumb, 'ArrowRight')).toBe(10);
    expect(thumbKeyTarget(thumb, 'ArrowUp')).toBe(10);
    expect(thumbKeyTarget(thumb, 'ArrowLeft')).toBe(8);
    expect(thumbKeyTarget(thumb, 'ArrowDown')).toBe(8);
    expect(thumbKeyTarget(thumb, 'ArrowRight', true)).toBe(19);
  });

  it('goes to the ends of the range on Home and End', () => {
    expect(thumbKeyTarget(thumb, 'Home')).toBe(3);
    expect(thumbKeyTarget(thumb, 'End')).toBe(13);
  });

  it('pages by PAGE_STEP, stopping at the range', () => {
    const wide: Thumb = { ...thumb, position: 20, min: 0, max: 40 };
    expect(thumbKeyTarget(wide, 'PageUp')).toBe(20 + PAGE_STEP);
    expect(thumbKeyTarget(wide, 'PageDown')).toBe(20 - PAGE_STEP);
    expect(thumbKeyTarget(thumb, 'PageUp')).toBe(13);
    expect(thumbKeyTarget(thumb, 'PageDown')).toBe(3);
  });

  it('ignores other keys', () => {
    expect(thumbKeyTarget(thumb, 'Tab')).toBeNull();
    expect(thumbKeyTarget(thumb, 'a')).toBeNull();
  });
});

describe('seatAtRatio', () => {
  it('rounds to the nearest seat and holds the thumb in its range', () => {
    const range = { min: 3, max: 13 };
    expect(seatAtRatio(0.3, 30, range)).toBe(9);
    expect(seatAtRatio(0.31, 30, range)).toBe(9);
    expect(seatAtRatio(0, 30, range)).toBe(3);
    expect(seatAtRatio(1.2, 30, range)).toBe(13);
  });
});

describe('nearestThumb', () => {
  const a: Thumb = { left: 'a', right: 'b', position: 10, min: 4, max: 10 };
  const b: Thumb = { left: 'b', right: UNALLOCATED, position: 10, min: 10, max: 30 };
  const c: Thumb = { left: 'x', right: 'y', position: 20, min: 10, max: 30 };

  const at = (px: number) => px / 300;

  it('grabs the nearest thumb within GRAB_PX, and none farther away', () => {
    // 30 seats over 300 px: a seat is 10 px; a is at 100 px, c at 200 px.
    expect(nearestThumb([c], at(204), 30, 300)).toBe(c);
    expect(nearestThumb([a, c], at(180), 30, 300)).toBe(c);
    expect(nearestThumb([a, c], at(120), 30, 300)).toBe(a);
    expect(nearestThumb([a, c], at(150), 30, 300)).toBeNull();
    expect(nearestThumb([c], at(200 - GRAB_PX - 1), 30, 300)).toBeNull();
    expect(nearestThumb([], at(150), 30, 300)).toBeNull();
  });

  it('of two thumbs in one place, takes the one that can move to the pointer side', () => {
    expect(nearestThumb([a, b], at(105), 30, 300)).toBe(b);
    expect(nearestThumb([a, b], at(100), 30, 300)).toBe(b);
    expect(nearestThumb([a, b], at(95), 30, 300)).toBe(a);
    // Neither can move that way: the first of them.
    expect(nearestThumb([{ ...a, min: 10 }, b], at(95), 30, 300)).toEqual({ ...a, min: 10 });
  });
});
