import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

/**
 * Rows of a virtualized list in stages. The server renders the first `first` rows, what a phone's
 * first screen shows of the list. Once the page is interactive, the browser adds the rest of the
 * scroll box `step` rows a frame, in transitions, so that neither the first frame nor a later one
 * styles and lays out the whole box at once. A scroll ends the stages: every row it reaches shows.
 *
 * Pass `rangeExtractor` to the virtualizer and `onScroll` to its scroll element.
 */
export function useStagedRows(first: number, step: number) {
  const [limit, setLimit] = useState<number | null>(first);
  // How many rows the virtualizer wants, from the range it last asked for.
  const wanted = useRef(first);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const rows = defaultRangeExtractor(range);
      wanted.current = (rows.at(-1) ?? -1) + 1;
      return limit === null ? rows : rows.filter((index) => index < limit);
    },
    [limit],
  );

  useEffect(() => {
    if (limit === null) return;
    const frame = requestAnimationFrame(() =>
      startTransition(() =>
        setLimit((current) => (current === null || current + step >= wanted.current ? null : current + step)),
      ),
    );
    return () => cancelAnimationFrame(frame);
  }, [limit, step]);

  const onScroll = useCallback(() => setLimit(null), []);
  return { rangeExtractor, onScroll };
}
