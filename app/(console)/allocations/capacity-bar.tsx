'use client';

import { useTranslations } from 'next-intl';
import { useRef, type KeyboardEvent, type PointerEvent } from 'react';

import { useCount } from '@/components/i18n/counts';
import {
  EXTERNAL_SEGMENT,
  nearestThumb,
  seatAtRatio,
  thumbKeyTarget,
  thumbs,
  UNALLOCATED,
  type CapacityLayout,
  type Thumb,
} from '@/lib/allocation';

interface CapacityBarProps {
  commitmentId: string;
  label: string;
  totalSeats: number;
  layout: CapacityLayout;
  color: (entityId: string) => string;
  nameOf: (id: string) => string;
  onMove: (from: string, to: string, count: number) => boolean;
}

/**
 * One segment per entity, a locked one for other entities' seats, and the unallocated rest. The
 * boundaries between movable neighbours are WAI-ARIA sliders: arrows (Shift for 10), PageUp/PageDown,
 * Home/End, and a mouse, pen or finger drag on the bar (pointer capture; `touch-action: pan-y`, so
 * a sideways finger drags the thumb rather than scrolling the grid).
 */
export function CapacityBar({ commitmentId, label, totalSeats, layout, color, nameOf, onMove }: CapacityBarProps) {
  const t = useTranslations('allocations.bar');
  const count = useCount();
  const barRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ thumb: Thumb; position: number; pointerId: number } | null>(null);
  const thumbEls = useRef(new Map<string, HTMLDivElement>());
  const all = thumbs(layout);
  const total = Math.max(totalSeats, 1);
  const seatsOf = (id: string) => Math.max(0, layout.segments.find((s) => s.id === id)?.seats ?? 0);
  /** A boundary's two neighbours as its value says them: each one's name and seats (the figure chooses the plural). */
  const sidesOf = (th: Thumb) => {
    const [leftSeats, rightSeats] = [seatsOf(th.left), seatsOf(th.right)];
    return {
      left: nameOf(th.left),
      leftSeats,
      leftSeatsLabel: count(leftSeats),
      right: nameOf(th.right),
      rightSeats,
      rightSeatsLabel: count(rightSeats),
    };
  };

  // Moving a thumb right gives seats from its right neighbour to its left one.
  const shift = (th: Pick<Thumb, 'left' | 'right'>, delta: number): boolean =>
    delta > 0 ? onMove(th.right, th.left, delta) : delta < 0 ? onMove(th.left, th.right, -delta) : true;

  const onKeyDown = (th: Thumb) => (e: KeyboardEvent) => {
    const target = thumbKeyTarget(th, e.key, e.shiftKey);
    if (target === null) return;
    e.preventDefault();
    shift(th, target - th.position);
  };

  // The bar takes the pointer and drags the nearest thumb within GRAB_PX: boundaries a few pixels
  // apart stay reachable by a finger, and no thumb covers another as a touch target.
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    const rect = barRef.current!.getBoundingClientRect();
    const th = nearestThumb(all, (e.clientX - rect.left) / rect.width, total, rect.width);
    if (!th) return;
    e.preventDefault();
    thumbEls.current.get(th.left)?.focus();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { thumb: th, position: th.position, pointerId: e.pointerId };
  };
  const onPointerMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d || d.pointerId !== e.pointerId) return;
    const rect = barRef.current!.getBoundingClientRect();
    // The reachable range stays the same while the thumb moves: its two neighbours' seats only trade.
    const target = seatAtRatio((e.clientX - rect.left) / rect.width, total, d.thumb);
    if (target !== d.position && shift(d.thumb, target - d.position)) drag.current = { ...d, position: target };
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  return (
    <div
      ref={barRef}
      data-testid={`bar-${commitmentId}`}
      // pan-y: a vertical swipe over the bar still scrolls the page; a sideways one drags. On a phone
      // the bar takes a finger 12 px above and below it too (44 px), in a margin of its own.
      className={`relative flex h-5 w-full touch-pan-y rounded bg-slate-100 select-none max-sm:my-3 max-sm:before:absolute max-sm:before:inset-x-0 max-sm:before:-inset-y-3 ${all.length ? 'cursor-ew-resize' : ''}`}
      onPointerDown={all.length ? onPointerDown : undefined}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      {layout.segments.map((s) =>
        s.seats > 0 ? (
          <div
            key={s.id}
            title={
              s.id === EXTERNAL_SEGMENT
                ? t('lockedSegment', { seatsLabel: count(s.seats) })
                : t('segment', { name: nameOf(s.id), seatsLabel: count(s.seats) })
            }
            style={{ width: `${(s.seats / total) * 100}%` }}
            className={`h-full first:rounded-l last:rounded-r ${s.id === EXTERNAL_SEGMENT ? 'bg-[repeating-linear-gradient(45deg,#cbd5e1_0,#cbd5e1_4px,#e2e8f0_4px,#e2e8f0_8px)]' : s.id === UNALLOCATED ? 'bg-slate-100' : `${color(s.id)} ${layout.movable.includes(s.id) ? '' : 'opacity-50'}`}`}
          />
        ) : null,
      )}
      {all.map((th) => (
        <div
          key={th.left}
          ref={(el) => {
            if (el) thumbEls.current.set(th.left, el);
            else thumbEls.current.delete(th.left);
          }}
          role="slider"
          tabIndex={0}
          data-testid={`boundary-${commitmentId}-${th.left}`}
          aria-label={t('boundaryLabel', { left: nameOf(th.left), right: nameOf(th.right), commitment: label })}
          aria-orientation="horizontal"
          aria-valuemin={th.min}
          aria-valuemax={th.max}
          aria-valuenow={th.position}
          aria-valuetext={t('boundaryValue', sidesOf(th))}
          onKeyDown={onKeyDown(th)}
          style={{ left: `calc(${(th.position / total) * 100}% - 12px)` }}
          // 24 × 28 px (WCAG 2.5.8), drawn as a narrow handle; the bar under it takes the pointer.
          className="group pointer-events-none absolute -top-1 z-[1] flex h-7 w-6 justify-center outline-none"
        >
          <span className="h-full w-2.5 rounded-sm bg-surface shadow ring-1 ring-slate-400 group-focus-visible:ring-2 group-focus-visible:ring-brand-500" />
        </div>
      ))}
    </div>
  );
}
