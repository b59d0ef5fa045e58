import { useVirtualizer, useWindowVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { useEffect, useRef, useState, useSyncExternalStore, type CSSProperties, type RefObject } from 'react';

import { ROW_HEIGHT } from './grid-row';
import { useStagedRows } from './use-staged-rows';

/** Rows the server renders: what a phone's first screen shows of the grid, below the filters. */
const FIRST_ROWS = 5;
/** Rows rendered past each end of the scroll box: every one costs the page's first load its markup and hydration. */
const OVERSCAN = 2;
/** Rows added a frame after the page is interactive, until the scroll box is full (see useStagedRows). */
const ROWS_A_FRAME = 2;

/** Tailwind's `max-sm`: where the grid's rows are cards in the page's own scroll. */
const PHONE = '(width < 40rem)';

function subscribePhone(onChange: () => void) {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The window is a phone's width. False in the server's HTML, which the `max-sm:` classes lay out as cards all the same. */
function usePhoneWidth(): boolean {
  return useSyncExternalStore(
    subscribePhone,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
}

/**
 * Where the element starts in the document, read again whenever the page's height changes (a notice
 * above it, the window's width): the window's virtualizer places the rows from it.
 */
function useDocumentTop(ref: RefObject<HTMLElement | null>, enabled: boolean): number {
  const [top, setTop] = useState(0);
  useEffect(() => {
    if (!enabled) return;
    const read = () => {
      if (ref.current) setTop(Math.round(ref.current.getBoundingClientRect().top + window.scrollY));
    };
    const observer = new ResizeObserver(read);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref, enabled]);
  return top;
}

/**
 * The grid's rows, virtualized in the scroll box of their own from `sm` up, and in the window's
 * scroll on a phone, where each row is a card of its own height (measured) in the page's one scroll.
 * Both lay out the same rows: the box places them (absolutely, at `--row-y`), a phone's page has
 * them flow between the paddings that stand for the rows not rendered (`--pad-top`, `--pad-bottom`).
 */
export function useGridVirtualizer({
  count,
  focusIndex,
  rowKey,
  estimateCard,
}: {
  count: number;
  /** the row the page was opened on, scrolled into view once (-1: none) */
  focusIndex: number;
  /** a row's commitment: a measured height stays with its row when a filter changes the rows shown */
  rowKey: (index: number) => string;
  /** a row's height as a phone's card, before it is measured */
  estimateCard: (index: number) => number;
}) {
  const phone = usePhoneWidth();
  const boxRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const listTop = useDocumentTop(listRef, phone);
  const staged = useStagedRows(FIRST_ROWS + OVERSCAN, ROWS_A_FRAME);

  // TanStack Virtual hands back functions React Compiler cannot memoize; the grid stays uncompiled.
  // eslint-disable-next-line react-hooks/incompatible-library
  const box = useVirtualizer({
    enabled: !phone,
    count,
    getItemKey: rowKey,
    getScrollElement: () => boxRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    // The server renders the first rows, so they arrive as HTML and are hydrated, not created in the
    // browser after it measured the scroll box; the rest of the box follows in stages.
    initialRect: { width: 0, height: FIRST_ROWS * ROW_HEIGHT },
    rangeExtractor: staged.rangeExtractor,
  });
  const page = useWindowVirtualizer({
    enabled: phone,
    count,
    getItemKey: rowKey,
    estimateSize: estimateCard,
    overscan: OVERSCAN,
    scrollMargin: listTop,
    rangeExtractor: staged.rangeExtractor,
  });
  const active = phone ? page : box;

  // On a phone the window scrolls: a scroll ends the stages there too.
  useEffect(() => {
    if (!phone) return;
    window.addEventListener('scroll', staged.onScroll, { passive: true, once: true });
    return () => window.removeEventListener('scroll', staged.onScroll);
  }, [phone, staged.onScroll]);

  // Opened on a commitment (Today's pacing links here): its row is scrolled into view, on a phone
  // once the list's place in the page is known.
  const placed = !phone || listTop > 0;
  useEffect(() => {
    if (placed && focusIndex > 0) active.scrollToIndex(focusIndex, { align: 'center' });
  }, [focusIndex, active, placed]);

  const items = active.getVirtualItems();
  const margin = phone ? listTop : 0;
  const total = active.getTotalSize();
  const first = items[0];
  const last = items.at(-1);
  const listStyle =
    first && last
      ? ({
          '--list-h': `${total}px`,
          '--pad-top': `${first.start - margin}px`,
          '--pad-bottom': `${Math.max(0, total - (last.end - margin))}px`,
        } as CSSProperties)
      : undefined;

  return {
    items,
    listStyle,
    /** a row's place in the scroll box (from `sm` up) */
    rowTop: (item: VirtualItem) => item.start - margin,
    /** each rendered row's element, measured (a card's height on a phone) */
    measureRef: active.measureElement,
    boxRef,
    listRef,
    onBoxScroll: staged.onScroll,
  };
}
