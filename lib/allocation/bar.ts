/**
 * The capacity bar of a grid row: its segments, which of them can be resized, and the thumbs
 * between movable neighbours with the range each thumb can reach (the WAI-ARIA slider values).
 */
import { lockReason, seatsAfter, UNALLOCATED, type Edits, type SeatsAfter } from './edit';
import type { GridRow } from './grid';

/** Seats of entities the partner does not manage: one locked segment at the start of the bar. */
export const EXTERNAL_SEGMENT = 'external';

export interface Segment {
  /** an entity id, EXTERNAL_SEGMENT or UNALLOCATED */
  id: string;
  seats: number;
}

export interface CapacityLayout {
  segments: Segment[];
  /** the resizable sequence: editable entities, then UNALLOCATED; empty when nothing can move */
  movable: string[];
  /** seats before the first movable segment (other entities' and locked entities' seats) */
  offset: number;
  after: SeatsAfter;
}

/**
 * The movable sequence is the editable entities holding seats (as loaded or as edited), in column
 * order, then the unallocated seats. An entity at 0 gets seats through its number input or, when
 * no entity holds any, as the first segment. Counting loaded holders keeps a thumb in place when
 * its entity is moved to 0, so the focus and the drag stay on it.
 */
export function capacityLayout(
  row: GridRow,
  edits: Edits,
  entityIds: readonly string[],
  canEdit: boolean,
): CapacityLayout {
  const after = seatsAfter(row, edits);
  const seats = (id: string) => after.perEntity[id] ?? 0;
  const editable = canEdit ? entityIds.filter((id) => !lockReason(row, id)) : [];
  const holding = editable.filter((id) => seats(id) > 0 || (row.cells[id]?.seats ?? 0) > 0);
  const movable = editable.length ? [...(holding.length ? holding : editable.slice(0, 1)), UNALLOCATED] : [];
  const fixed = entityIds.filter((id) => !editable.includes(id) && seats(id) > 0);
  const segmentOf = (id: string): Segment => ({ id, seats: id === UNALLOCATED ? after.unallocated : seats(id) });
  const segments = [
    ...(after.external > 0 ? [{ id: EXTERNAL_SEGMENT, seats: after.external }] : []),
    ...fixed.map(segmentOf),
    ...(movable.length ? movable : [UNALLOCATED]).map(segmentOf),
  ];
  const offset = after.external + fixed.reduce((sum, id) => sum + seats(id), 0);
  return { segments, movable, offset, after };
}

export interface Thumb {
  /** the segment on the thumb's left, whose seats grow as the thumb moves right */
  left: string;
  right: string;
  /** seats from the start of the bar */
  position: number;
  /** the reachable range: the left segment emptied, or the right one */
  min: number;
  max: number;
}

export function thumbs(layout: CapacityLayout): Thumb[] {
  const seatsOf = (id: string) => Math.max(0, layout.segments.find((s) => s.id === id)?.seats ?? 0);
  let position = layout.offset;
  return layout.movable.slice(0, -1).map((left, i) => {
    const right = layout.movable[i + 1]!;
    position += seatsOf(left);
    return { left, right, position, min: position - seatsOf(left), max: position + seatsOf(right) };
  });
}

/** PageUp / PageDown move a thumb by this many seats (Shift + arrow as well). */
export const PAGE_STEP = 10;

/**
 * Where a key sends a thumb, or null for a key the slider does not handle. Arrows move 1 (10 with
 * Shift) and are not clamped, so that a move past the range is refused with its reason;
 * PageUp/PageDown stop at the range, Home and End go to its ends.
 */
export function thumbKeyTarget(thumb: Thumb, key: string, shiftKey = false): number | null {
  const step = shiftKey ? PAGE_STEP : 1;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return thumb.position + step;
    case 'ArrowLeft':
    case 'ArrowDown':
      return thumb.position - step;
    case 'PageUp':
      return Math.min(thumb.max, thumb.position + PAGE_STEP);
    case 'PageDown':
      return Math.max(thumb.min, thumb.position - PAGE_STEP);
    case 'Home':
      return thumb.min;
    case 'End':
      return thumb.max;
    default:
      return null;
  }
}

/** The seat under a pointer at `ratio` (0–1) of the bar's width, held within the thumb's range. */
export function seatAtRatio(ratio: number, totalSeats: number, thumb: Pick<Thumb, 'min' | 'max'>): number {
  return Math.min(thumb.max, Math.max(thumb.min, Math.round(ratio * totalSeats)));
}

/** How far from a thumb, in CSS pixels, a pointer still grabs it. */
export const GRAB_PX = 24;

/**
 * The thumb a pointer at `ratio` (0–1) of a bar `widthPx` wide grabs: the nearest within GRAB_PX.
 * Of thumbs at the same place (an entity between them at 0), the one that can move towards the
 * pointer's side: right of the place, one with room to grow; left of it, one with room to shrink.
 */
export function nearestThumb(list: readonly Thumb[], ratio: number, totalSeats: number, widthPx: number): Thumb | null {
  const px = (t: Thumb) => (t.position / Math.max(totalSeats, 1)) * widthPx;
  const at = ratio * widthPx;
  let best: Thumb[] = [];
  let bestDistance = GRAB_PX;
  for (const t of list) {
    const d = Math.abs(px(t) - at);
    if (d < bestDistance) [best, bestDistance] = [[t], d];
    else if (d === bestDistance && best.length) best.push(t);
  }
  if (best.length < 2) return best[0] ?? null;
  const right = at >= px(best[0]!);
  return (
    (right ? [...best].reverse().find((t) => t.max > t.position) : best.find((t) => t.min < t.position)) ?? best[0]!
  );
}
